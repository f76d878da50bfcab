import { msg } from '#app/lib/messages.ts'

/**
 * The board page's three lists (the bylaws' yönetim kurulu and denetim
 * kurulu, and the presidents of earlier terms), in the order the page and
 * the admin show them.
 */
export const BOARD_GROUPS = ['board', 'audit', 'past_president'] as const
export type BoardGroup = (typeof BOARD_GROUPS)[number]

export function isBoardGroup(value: unknown): value is BoardGroup {
	return typeof value === 'string' && (BOARD_GROUPS as ReadonlyArray<string>).includes(value)
}

export function boardGroupLabel(group: BoardGroup) {
	return msg.board.groups[group]
}

/** Spec §9: the board page shows seven (regular) members. */
export const BOARD_SIZE = 7
