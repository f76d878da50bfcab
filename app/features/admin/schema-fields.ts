import { z } from 'zod'
import { istanbulLocalToIso } from '#app/lib/tr.ts'

/**
 * Zod fields the admin forms share. Safe for the browser: schemas built
 * from them are used by the forms and always checked again by the server.
 */

/** Spec §5: trimmed, empty becomes null. */
export function optionalText(max: number, tooLong: string) {
	return z
		.string()
		.trim()
		.max(max, tooLong)
		.transform((value) => value || null)
}

/** A `datetime-local` value read as Istanbul time (ARCHITECTURE "Data"), as an ISO instant; empty becomes null. */
export function istanbulDateTime(invalid: string) {
	return z
		.string()
		.trim()
		.transform((value, ctx) => {
			if (!value) return null
			const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) ? istanbulLocalToIso(value) : null
			if (!iso) {
				ctx.addIssue({ code: 'custom', message: invalid })
				return z.NEVER
			}
			return iso
		})
}

/** A calendar day `YYYY-MM-DD` that exists. */
export function isRealDay(value: string) {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
	const [y, m, d] = value.split('-').map(Number)
	const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0))
	return date.getUTCFullYear() === y && date.getUTCMonth() === (m ?? 1) - 1 && date.getUTCDate() === d
}

/** The text fields of a form as a plain object for a schema (files and repeated names are left out). */
export function formFields(form: FormData, names: ReadonlyArray<string>): Record<string, string> {
	const fields: Record<string, string> = {}
	for (const name of names) {
		const value = form.get(name)
		fields[name] = typeof value === 'string' ? value : ''
	}
	return fields
}
