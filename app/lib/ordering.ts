import { msg } from './messages.ts'

/**
 * Orders within a list (a board group, a literature award year): the pure
 * part of the `move` and `reorder` admin intents, safe for the browser too
 * (the admin table shows a move before the server answers). The caller reads
 * the current order and writes 1..n back in one content write
 * (ordering.server.ts).
 */

/** The posted order is not the current list (a row added, deleted or moved elsewhere meanwhile). */
export class OrderMismatchError extends Error {
	override name = 'OrderMismatchError'
}

/** The posted ids when they are exactly the current ones, each once; otherwise OrderMismatchError. */
export function checkedOrder(current: ReadonlyArray<number>, posted: ReadonlyArray<number>): Array<number> {
	const ids = new Set(posted)
	if (ids.size !== posted.length || ids.size !== current.length || current.some((id) => !ids.has(id))) {
		throw new OrderMismatchError(msg.validation.staleOrder)
	}
	return [...posted]
}

/** Where a `move` takes a row: one step up or down, or to the top or the bottom of its list. */
export type MoveDirection = 'up' | 'down' | 'top' | 'bottom'

const MOVE_DIRECTIONS: ReadonlyArray<MoveDirection> = ['up', 'down', 'top', 'bottom']

export function isMoveDirection(value: unknown): value is MoveDirection {
	return MOVE_DIRECTIONS.some((direction) => direction === value)
}

/** The order after moving `id` one step up or down, or to the top or the bottom; unchanged at either end. */
export function movedOrder(current: ReadonlyArray<number>, id: number, direction: MoveDirection): Array<number> {
	const from = current.indexOf(id)
	if (from < 0) throw new OrderMismatchError(msg.validation.notFound)
	if (direction === 'top' || direction === 'bottom') {
		const rest = current.filter((other) => other !== id)
		return direction === 'top' ? [id, ...rest] : [...rest, id]
	}
	const to = direction === 'up' ? from - 1 : from + 1
	const order = [...current]
	if (to < 0 || to >= current.length) return order
	order[from] = current[to] as number
	order[to] = id
	return order
}

/** Repeated `ids` fields of a posted form as numbers, or null when any is not an id. */
export function postedIds(form: FormData, name = 'ids'): Array<number> | null {
	const values = form.getAll(name)
	if (values.length === 0 || values.length > 10_000) return null
	const ids = values.map((value) => (typeof value === 'string' && /^\d{1,12}$/.test(value.trim()) ? Number(value) : NaN))
	return ids.every(Number.isSafeInteger) ? ids : null
}

/** `up`, `down`, `top` or `bottom` from a posted `direction`, else null. */
export function postedDirection(form: FormData): MoveDirection | null {
	const value = form.get('direction')
	return isMoveDirection(value) ? value : null
}
