import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'
import { istanbulParts } from '#app/lib/tr.ts'
import { LITERATURE_MIN_YEAR, literatureMaxYear } from './literature.shared.ts'

export const JURY_MAX_LINES = 30
export const JURY_LINE_MAX = 200
export const ANNOUNCEMENT_MAX = 5000

/** The names the year form and the book form post (the cover aside). */
export const LITERATURE_YEAR_FIELDS = ['year', 'jury', 'announcement'] as const
export const LITERATURE_BOOK_FIELDS = ['year', 'title', 'author', 'caption'] as const

/** An award year: four digits, from the first award to next year. */
const awardYear = z
	.string()
	.trim()
	.regex(/^\d{4}$/, msg.bulletins.yearInvalid)
	.transform(Number)
	.superRefine((year, ctx) => {
		const max = literatureMaxYear(istanbulParts().year)
		if (year < LITERATURE_MIN_YEAR || year > max)
			ctx.addIssue({ code: 'custom', message: msg.bulletins.yearRange(LITERATURE_MIN_YEAR, max) })
	})

/**
 * An award year: the jury as free text, one name a line (blank lines
 * dropped), and the announcement of the winners as plain text in
 * paragraphs. Both trimmed, empty becomes null.
 */
export const LiteratureYearFormSchema = z.object({
	year: awardYear,
	jury: z
		.string()
		.transform((value) =>
			value
				.replace(/\r\n?/g, '\n')
				.split('\n')
				.map((line) => line.trim())
				.filter(Boolean),
		)
		.refine((lines) => lines.length <= JURY_MAX_LINES, msg.literature.juryTooLong(JURY_MAX_LINES))
		.refine((lines) => lines.every((line) => line.length <= JURY_LINE_MAX), msg.literature.juryLineTooLong(JURY_LINE_MAX))
		.transform((lines) => lines.join('\n') || null),
	announcement: z
		.string()
		.transform((value) => value.replace(/\r\n?/g, '\n').trim())
		.refine((value) => value.length <= ANNOUNCEMENT_MAX, msg.literature.announcementTooLong(ANNOUNCEMENT_MAX))
		.transform((value) => value || null),
})

export type LiteratureYearForm = z.infer<typeof LiteratureYearFormSchema>

/**
 * A book of an award year: title and author required; the caption under the
 * cover optional (empty shows "2025 – Başlık, Yazar"); honourable mention
 * (mansiyon) a checkbox.
 */
export const LiteratureBookFormSchema = z.object({
	year: awardYear,
	title: z.string().trim().min(1, msg.literature.titleRequired).max(300, msg.literature.titleTooLong),
	author: z.string().trim().min(1, msg.literature.authorRequired).max(200, msg.literature.authorTooLong),
	caption: z.string().trim().max(500, msg.literature.captionTooLong),
	honourable_mention: z.boolean(),
})

export type LiteratureBookForm = z.infer<typeof LiteratureBookFormSchema>
