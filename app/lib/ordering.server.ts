import { sql, type RawBuilder, type Transaction } from 'kysely'
import { recordAudit } from './audit.server.ts'
import { withContentWrite } from './content-version.server.ts'
import { db } from './db.server.ts'
import type { Database } from './db-types.ts'
import { msg } from './messages.ts'
import { checkedOrder, movedOrder, OrderMismatchError, type MoveDirection } from './ordering.ts'

/**
 * Rows ordered 1..n within lists, a list being the rows that share one
 * column's value (a board group, a literature award year): the database part
 * of ordering.ts. Saves and deletes stay in their feature, which renumbers
 * the list a row left with `listOrder` and `orderIndexCase`.
 */

/** A table whose rows have a place (`order_index`). */
type OrderedTable = { [T in keyof Database]: Database[T] extends { id: unknown; order_index: number } ? T : never }[keyof Database]

export type OrderedLists<List extends string | number> = {
	table: OrderedTable
	/** The column whose value names a row's list. */
	column: string
	/** A stored value that names a list (a row with an unknown group is in none). */
	isList: (value: unknown) => value is List
	/** The column naming a row in the audit log (`name`, `title`). */
	titleColumn?: string
}

type Trx = Transaction<Database>

/** The ids of one list in display order (read inside a content write, so under its lock). */
export async function listOrder<List extends string | number>(trx: Trx, lists: OrderedLists<List>, list: List): Promise<Array<number>> {
	const rows = await trx
		.selectFrom(lists.table)
		.select('id')
		.where(sql.ref(lists.column), '=', list)
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc')
		.execute()
	return rows.map((row) => row.id)
}

/** The `order_index` that puts a row at the end of `list`, for the insert or update that puts it there. */
export function endOfList<List extends string | number>(lists: OrderedLists<List>, list: List): RawBuilder<number> {
	return sql<number>`(select coalesce(max(order_index), 0) + 1 from ${sql.table(lists.table)} where ${sql.ref(lists.column)} = ${list})`
}

/** The list row `id` is in; OrderMismatchError when the row is gone or in no list. */
async function listOf<List extends string | number>(trx: Trx, lists: OrderedLists<List>, id: number): Promise<List> {
	const row = await trx.selectFrom(lists.table).select(sql.ref(lists.column).as('list')).where('id', '=', id).executeTakeFirst()
	if (!row || !lists.isList(row.list)) throw new OrderMismatchError(msg.validation.notFound)
	return row.list
}

/**
 * In one content write: the list (named, or else the one of `firstId`) read,
 * `order` makes its new order, written back as 1..n.
 */
function writeListOrder<List extends string | number>(
	lists: OrderedLists<List>,
	list: List | null,
	firstId: number,
	order: (current: Array<number>) => Array<number>,
	movedId: number | null = null,
) {
	return withContentWrite(db, async (trx) => {
		const ids = order(await listOrder(trx, lists, list ?? (await listOf(trx, lists, firstId))))
		await trx
			.updateTable(lists.table)
			.set({ order_index: orderIndexCase(ids) })
			.where('id', 'in', ids)
			.execute()
		await auditOrder(trx, lists, movedId, ids)
	})
}

/** The audit entry of a new order (Kayıtlar): the row moved with its new place, or the whole list. */
async function auditOrder<List extends string | number>(
	trx: Trx,
	lists: OrderedLists<List>,
	movedId: number | null,
	ids: ReadonlyArray<number>,
) {
	let itemTitle: string | null = null
	if (movedId !== null && lists.titleColumn) {
		const row = await trx
			.selectFrom(lists.table)
			.select(sql.ref(lists.titleColumn).as('title'))
			.where('id', '=', movedId)
			.executeTakeFirst()
		itemTitle = row?.title == null ? null : String(row.title)
	}
	const position = movedId === null ? -1 : ids.indexOf(movedId)
	await recordAudit(
		{
			kind: 'content',
			action: 'reorder',
			itemKind: lists.table,
			itemId: movedId,
			itemTitle,
			summary: position >= 0 ? msg.revisions.movedTo(position + 1) : msg.revisions.reordered,
		},
		trx,
	)
}

/** One step up or down, or to the top or the bottom, within the row's list; the list is renumbered 1..n. */
export async function moveInList<List extends string | number>(lists: OrderedLists<List>, id: number, direction: MoveDirection) {
	await writeListOrder(lists, null, id, (current) => movedOrder(current, id, direction), id)
}

/**
 * A whole list in a new order: `ids` must be exactly that list's rows, each
 * once. Without a list, it is the list of the first id.
 */
export async function reorderList<List extends string | number>(lists: OrderedLists<List>, list: List | null, ids: ReadonlyArray<number>) {
	await writeListOrder(lists, list, ids[0] ?? 0, (current) => checkedOrder(current, ids))
}

/**
 * The value of `order_index` for one update of every row in `order`: 1..n
 * in that order (`case id when … then … end`). Ids and places are integers,
 * written as literals so both dialects read the result as a number.
 */
export function orderIndexCase(order: ReadonlyArray<number>) {
	if (!order.every(Number.isSafeInteger)) throw new Error('ids must be integers')
	return sql<number>`case id ${sql.join(
		order.map((id, i) => sql`when ${sql.lit(id)} then ${sql.lit(i + 1)}`),
		sql` `,
	)} end`
}
