import type { Kysely, Transaction } from 'kysely'
import { moveToTrash } from '#app/features/admin/trash.server.ts'
import { recordCreate, revisedUpdate } from '#app/features/admin/revisions.server.ts'
import { reindexSearchDocument, removeSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { msg } from '#app/lib/messages.ts'
import { foldTr } from '#app/lib/tr.ts'
import type { AwardForm } from './awards.schema.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** Same person, same award: the names folded the Turkish way (case, ı/i, spacing) and the NDS year. */
export function awardKey(award: { first_name: string; last_name: string; nds_year: number }) {
	const name = (text: string) => foldTr(text).replace(/\s+/g, ' ').trim()
	return `${name(award.first_name)}\u0000${name(award.last_name)}\u0000${award.nds_year}`
}

/** The keys (awardKey) of every stored award, to tell an import's duplicates. */
export async function listAwardKeys(executor: Executor = db): Promise<Set<string>> {
	const rows = await executor.selectFrom('awards').select(['first_name', 'last_name', 'nds_year']).execute()
	return new Set(rows.map((row) => awardKey({ ...row, nds_year: Number(row.nds_year) })))
}

async function findDuplicate(executor: Executor, award: AwardForm, exceptId: number | null) {
	const rows = await executor
		.selectFrom('awards')
		.select(['id', 'first_name', 'last_name', 'nds_year'])
		.where('nds_year', '=', award.nds_year)
		.execute()
	const key = awardKey(award)
	return rows.some((row) => row.id !== exceptId && awardKey({ ...row, nds_year: Number(row.nds_year) }) === key)
}

/** Creates (id null) or updates an award and answers its id; refuses a second copy of an existing one (`duplicate`). */
export async function saveAward(id: number | null, award: AwardForm): Promise<{ id: number } | { duplicate: true }> {
	if (await findDuplicate(db, award, id)) return { duplicate: true }
	const savedId = await withContentWrite(db, async (trx) => {
		let rowId: number
		if (id !== null) {
			const result = await revisedUpdate(trx, 'awards', id, () =>
				trx.updateTable('awards').set(award).where('id', '=', id).executeTakeFirst(),
			)
			if (Number(result.numUpdatedRows) === 0) throw new Error(msg.validation.notFound)
			rowId = id
		} else {
			rowId = (await trx.insertInto('awards').values(award).returning('id').executeTakeFirstOrThrow()).id
			await recordCreate(trx, 'awards', rowId)
		}
		await reindexSearchDocument('award', rowId, trx)
		return rowId
	})
	return { id: savedId }
}

/** Moves an award to the trash (restorable for 30 days). */
export async function deleteAward(id: number) {
	await withContentWrite(db, async (trx) => {
		await moveToTrash(trx, 'awards', id)
		await removeSearchDocument('award', id, trx)
	})
}
