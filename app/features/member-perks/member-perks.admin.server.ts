import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	describeError,
	editId,
	formId,
	guarded,
	unknownIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { imageFieldChange, withStoredFiles, type MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { recordCreate, revertIntent, revisedUpdate, revisionsForEditing, type RevisionList } from '#app/features/admin/revisions.server.ts'
import { moveToTrash } from '#app/features/admin/trash.server.ts'
import { reindexSearchDocument, removeSearchDocument } from '#app/features/search/search.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso, toIso } from '#app/lib/db-utils.server.ts'
import { mailtoHref } from '#app/lib/links.ts'
import { logger } from '#app/lib/logger.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { UploadError } from '#app/lib/uploads.server.ts'
import { MemberPerkFormSchema, type MemberPerkForm } from './member-perks.schema.ts'
import { PERK_COLUMNS } from './member-perks.server.ts'
import { perkCategoryKey, perkCategoryList } from './member-perks.shared.ts'

export type MemberPerkAdminRow = {
	id: number
	businessName: string
	category: string | null
	discount: string | null
	discountCode: string | null
	contactPhone: string | null
	contactEmail: string | null
	/** `mailto:` for a valid address, else null (shown as text). */
	mailto: string | null
	contactWeb: string | null
	contactAddress: string | null
	alumnusName: string | null
	logo: ImageRef | null
	logoKey: string | null
	idx: number | null
	createdAt: string | null
}

export type MemberPerkAdminData = {
	rows: Array<MemberPerkAdminRow>
	editing: MemberPerkAdminRow | null
	/** The categories in use, in Turkish order with 'Diğer' last: the form's category list. */
	categories: Array<string>
	/** Spec §8: a failed list load is shown in red above the table. */
	loadError: string | null
	/** The edited item's earlier versions ("Sürümler"). */
	revisions: RevisionList | null
}

/** Spec §7: every perk, newest first. */
export async function listMemberPerksForAdmin(): Promise<Array<MemberPerkAdminRow>> {
	const rows = await db
		.selectFrom('member_perks')
		.select([...PERK_COLUMNS, 'idx', 'created_at'])
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		businessName: row.business_name,
		category: row.category,
		discount: row.discount,
		discountCode: row.discount_code,
		contactPhone: row.contact_phone,
		contactEmail: row.contact_email,
		mailto: mailtoHref(row.contact_email),
		contactWeb: row.contact_web,
		contactAddress: row.contact_address,
		alumnusName: row.alumnus_name,
		logo: imageRef(row.logo_url),
		logoKey: row.logo_url,
		idx: row.idx,
		createdAt: toIso(row.created_at),
	}))
}

/** A typed category that only differs in case or Turkish letters from one in use becomes that one. */
async function canonicalCategory(category: string): Promise<string> {
	const key = perkCategoryKey(category)
	const rows = await db.selectFrom('member_perks').select('category').distinct().execute()
	return perkCategoryList(rows).find((label) => perkCategoryKey(label) === key) ?? category
}

export async function saveMemberPerk(form: FormData, id: number | null, input: MemberPerkForm): Promise<ActionResult> {
	const fields = { ...input, category: await canonicalCategory(input.category) }
	const own = id === null ? null : await db.selectFrom('member_perks').select(['id', 'logo_url']).where('id', '=', id).executeTakeFirst()
	if (id !== null && !own) throw new Error(msg.validation.notFound)

	let logo: MediaChange
	try {
		logo = await imageFieldChange(
			form,
			{ file: 'logo_file', remove: 'logo_key_remove' },
			{ folder: 'perks', current: own?.logo_url ?? null },
		)
	} catch (error) {
		if (!(error instanceof UploadError)) throw error
		return failure(400, error.message, { fieldErrors: { logo_file: error.message }, values: echoValues(form) })
	}

	const savedId = await withStoredFiles([logo], () =>
		withContentWrite(db, async (trx) => {
			const stamp = nowIso()
			let rowId: number
			if (own) {
				const result = await revisedUpdate(trx, 'member_perks', own.id, () =>
					trx
						.updateTable('member_perks')
						.set({ ...fields, logo_url: logo.key, updated_at: stamp })
						.where('id', '=', own.id)
						.executeTakeFirst(),
				)
				if (Number(result.numUpdatedRows) === 0) throw new Error(msg.validation.notFound)
				rowId = own.id
			} else {
				const row = await trx
					.insertInto('member_perks')
					.values({ ...fields, logo_url: logo.key, created_at: stamp, updated_at: stamp })
					.returning('id')
					.executeTakeFirstOrThrow()
				rowId = row.id
				await recordCreate(trx, 'member_perks', rowId)
			}
			await deleteMediaLater(trx, logo.replaced)
			await reindexSearchDocument('member_perk', rowId, trx)
			return rowId
		}),
	)
	return { ok: true, id: savedId }
}

/** Moves a perk to the trash (restorable for 30 days, its logo kept until the purge). */
export async function deleteMemberPerk(id: number) {
	await withContentWrite(db, async (trx) => {
		await moveToTrash(trx, 'member_perks', id)
		await removeSearchDocument('member_perk', id, trx)
	})
}

const FIELDS = [
	'business_name',
	'category',
	'new_category',
	'discount',
	'discount_code',
	'contact_phone',
	'contact_email',
	'contact_web',
	'contact_address',
	'alumnus_name',
	'idx',
] as const

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const input: Record<string, string> = {}
	for (const name of FIELDS) {
		const value = form.get(name)
		input[name] = typeof value === 'string' ? value : ''
	}
	const parsed = MemberPerkFormSchema.safeParse(input)
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		return failure(400, fieldErrors.business_name ?? Object.values(fieldErrors)[0] ?? msg.perks.nameRequired, {
			fieldErrors,
			values: echoValues(form),
		})
	}
	return guarded(ctx, msg.perks.saveFailed, () => saveMemberPerk(form, formId(form), parsed.data))
}

export const memberPerksAdmin: AdminTabServer<MemberPerkAdminData> = {
	async load({ url, requestId }) {
		let rows: Array<MemberPerkAdminRow> = []
		let loadError: string | null = null
		try {
			rows = await listMemberPerksForAdmin()
		} catch (error) {
			logger.error({ err: error, requestId }, 'admin member perks list failed')
			loadError = `${msg.perks.loadFailed}${describeError(error)}`
		}
		const id = editId(url)
		const editing = id === null ? null : (rows.find((row) => row.id === id) ?? null)
		return {
			rows,
			editing,
			categories: perkCategoryList(rows),
			loadError,
			revisions: await revisionsForEditing({ requestId }, 'member_perks', editing?.id),
		}
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return save(form, ctx)
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.perks.deleteFailed, deleteMemberPerk)
			}
			case 'revert': {
				return revertIntent(ctx, 'member_perks', form)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
