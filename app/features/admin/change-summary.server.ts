import { toIso } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDateTime } from '#app/lib/tr.ts'

/**
 * The short Turkish before/after summary the audit log and the "Sürümler"
 * list show for a save: `Başlık: „Eski” → „Yeni”; Durum: Taslak → Yayında;
 * Metin değişti`. Long texts, media and lists only say that they changed.
 */

/** How a field's values read in a summary. */
export type FieldFormat =
	/** A short text, quoted. */
	| 'text'
	/** A long text (a body, a description): only "… değişti". */
	| 'long'
	| 'bool'
	/** An instant, shown in Istanbul time. */
	| 'instant'
	/** A stored file: only "… değişti". */
	| 'media'
	/** `published_at`: Taslak (null), Zamanlandı (ahead) or Yayında. */
	| 'status'

export type FieldSpec = { name: string; label: string; format: FieldFormat }

/** Texts longer than this, or on several lines, only say that they changed. */
const SHORT_TEXT = 80

const r = msg.revisions

function isBlank(value: unknown) {
	return value === null || value === undefined || value === ''
}

/** A value as the summary shows it. */
function shown(value: unknown, format: FieldFormat, now: Date): string {
	switch (format) {
		case 'bool':
			return value === true || value === 1 || value === '1' || value === 't' || value === 'true' ? r.yes : r.no
		case 'status': {
			const iso = toIso(value)
			if (!iso) return r.draft
			return Date.parse(iso) > now.getTime() ? r.scheduled : r.published
		}
		case 'instant': {
			const iso = toIso(value)
			return iso ? formatDateTime(iso) : r.blank
		}
		default:
			return isBlank(value) ? r.blank : r.quoted(String(value))
	}
}

/** Whether two stored values are the same (booleans and instants whatever the driver's shape). */
function same(before: unknown, after: unknown, format: FieldFormat): boolean {
	if (format === 'bool') return shown(before, 'bool', new Date(0)) === shown(after, 'bool', new Date(0))
	if (format === 'status' || format === 'instant') return toIso(before) === toIso(after)
	if (isBlank(before) && isBlank(after)) return true
	return String(before ?? '') === String(after ?? '')
}

/** One field's part of the summary, or null when it did not change. */
function fieldChange(field: FieldSpec, before: unknown, after: unknown, now: Date): string | null {
	if (same(before, after, field.format)) return null
	const long =
		field.format === 'long' ||
		field.format === 'media' ||
		(field.format === 'text' && [before, after].some((v) => typeof v === 'string' && (v.length > SHORT_TEXT || v.includes('\n'))))
	if (long) return r.changed(field.label)
	const from = shown(before, field.format, now)
	const to = shown(after, field.format, now)
	// Still published, on another day: the status did not change, its date did.
	if (field.format === 'status' && from === to) {
		return r.changedValue(r.fields.published_at ?? field.label, shown(before, 'instant', now), shown(after, 'instant', now))
	}
	return r.changedValue(field.label, from, to)
}

/** The summary of what changed between two versions of a row, '' when nothing did. */
export function diffSummary(
	fields: ReadonlyArray<FieldSpec>,
	before: Readonly<Record<string, unknown>>,
	after: Readonly<Record<string, unknown>>,
	now = new Date(),
): string {
	return fields
		.map((field) => fieldChange(field, before[field.name], after[field.name], now))
		.filter((part): part is string => part !== null)
		.join('; ')
}

/** A settings value flattened to its fields (`accounts.0.iban`), each a string, for a summary. */
function flatten(value: unknown, prefix: string, out: Map<string, string>) {
	if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) {
		out.set(prefix, value.join(', '))
	} else if (Array.isArray(value)) {
		value.forEach((item, index) => flatten(item, `${prefix}.${index + 1}`, out))
	} else if (value !== null && typeof value === 'object') {
		for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out)
	} else if (typeof value === 'boolean') {
		out.set(prefix, value ? r.yes : r.no)
	} else {
		out.set(prefix, value === null || value === undefined ? '' : String(value))
	}
}

/** A settings path's label: the last field's Turkish name, with a list item's number (`Banka hesapları 2 · IBAN`). */
function settingsLabel(path: string) {
	const parts = path.split('.')
	const label = (part: string) => r.settingsFields[part] ?? part
	const last = parts.at(-1) ?? path
	if (/^\d+$/.test(last)) return `${label(parts.at(-2) ?? '')} ${last}`
	const index = parts.at(-2)
	return index && /^\d+$/.test(index) ? `${label(parts.at(-3) ?? '')} ${index} · ${label(last)}` : label(last)
}

/** The summary of a settings group's change (two stored JSON values), '' when nothing changed. */
export function settingsDiffSummary(beforeJson: string | null, afterJson: string): string {
	const parse = (json: string | null) => {
		if (json === null) return {}
		try {
			return JSON.parse(json) as unknown
		} catch {
			return {}
		}
	}
	const before = new Map<string, string>()
	const after = new Map<string, string>()
	flatten(parse(beforeJson), '', before)
	flatten(parse(afterJson), '', after)
	const paths = [...new Set([...before.keys(), ...after.keys()])]
	const parts: Array<string> = []
	for (const path of paths) {
		const from = before.get(path) ?? ''
		const to = after.get(path) ?? ''
		if (from === to) continue
		const field: FieldSpec = { name: path, label: settingsLabel(path), format: 'text' }
		const part = fieldChange(field, from, to, new Date())
		if (part) parts.push(part)
	}
	return parts.join('; ')
}
