import { z } from 'zod'
import { optionalText } from '#app/features/admin/schema-fields.ts'
import { msg } from '#app/lib/messages.ts'
import { istanbulParts } from '#app/lib/tr.ts'
import { BOARD_GROUPS } from './board.shared.ts'

/** The association was founded in 1987 (spec §1); a term ends at most a few years ahead. */
export const TERM_MIN_YEAR = 1987
export const termMaxYear = (now = new Date()) => istanbulParts(now).year + 5

/** The names the board member form posts (the photo aside). */
export const BOARD_MEMBER_FIELDS = ['name', 'role', 'term', 'group'] as const

/**
 * A term as people write it — `2024–2026`, `2024-2026`, `2024 - 2026` or a
 * single year — in one shape: `2024–2026` (en dash) or `2024`.
 */
export function normaliseTerm(value: string, now = new Date()): { term: string } | { error: string } {
	const match = /^(\d{4})(?:\s*[-–—]\s*(\d{4}))?$/.exec(value)
	if (!match) return { error: msg.board.termInvalid }
	const start = Number(match[1])
	const end = match[2] ? Number(match[2]) : start
	const max = termMaxYear(now)
	if ([start, end].some((year) => year < TERM_MIN_YEAR || year > max)) return { error: msg.board.termRange(TERM_MIN_YEAR, max) }
	if (end < start) return { error: msg.board.termOrder }
	return { term: end === start ? String(start) : `${start}–${end}` }
}

/**
 * A board member, audit board member or past president: name required, role
 * and term optional (trimmed, empty becomes null), group from the list.
 */
export const BoardMemberFormSchema = z.object({
	name: z.string().trim().min(1, msg.board.nameRequired).max(200, msg.board.nameTooLong),
	role: optionalText(100, msg.board.roleTooLong),
	term: z
		.string()
		.trim()
		.transform((value, ctx) => {
			if (!value) return null
			const result = normaliseTerm(value)
			if ('error' in result) {
				ctx.addIssue({ code: 'custom', message: result.error })
				return z.NEVER
			}
			return result.term
		}),
	group: z.enum(BOARD_GROUPS, msg.board.groupInvalid),
})

export type BoardMemberForm = z.infer<typeof BoardMemberFormSchema>
