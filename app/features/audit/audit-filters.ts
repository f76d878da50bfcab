import type { AuditKind } from '#app/lib/db-types.ts'
import { isAuditKind } from './audit-labels.ts'

/**
 * The Kayıtlar filter, read from the address (a GET form, so it works
 * without JavaScript and a filtered view can be bookmarked): who (`kisi`,
 * an e-mail), kind (`tur`), Istanbul days (`baslangic`, `bitis`,
 * YYYY-MM-DD, both included), free text (`metin`) and the page (`sayfa`).
 * Pure, safe for the browser.
 */
export type AuditFilters = {
	user: string
	kind: AuditKind | ''
	from: string
	to: string
	text: string
	page: number
}

export const AUDIT_PARAMS = { user: 'kisi', kind: 'tur', from: 'baslangic', to: 'bitis', text: 'metin', page: 'sayfa' } as const

export const AUDIT_PAGE_SIZE = 50

export const AUDIT_SECTION = 'kayitlar'
/** The CSV of the filtered log (same parameters as the section). */
export const AUDIT_EXPORT_PATH = '/admin/kayitlar/disa-aktar'

const isDay = (value: string) => {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
	const date = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** The filter in an address; a malformed value is left out (and reported in `invalid`). */
export function readAuditFilters(params: URLSearchParams): AuditFilters & { invalid: Array<'from' | 'to'> } {
	const text = (name: string, max = 200) => (params.get(name) ?? '').trim().slice(0, max)
	const kind = text(AUDIT_PARAMS.kind)
	const from = text(AUDIT_PARAMS.from, 10)
	const to = text(AUDIT_PARAMS.to, 10)
	const page = Number(text(AUDIT_PARAMS.page, 6))
	const invalid: Array<'from' | 'to'> = []
	if (from && !isDay(from)) invalid.push('from')
	if (to && !isDay(to)) invalid.push('to')
	return {
		user: text(AUDIT_PARAMS.user, 320),
		kind: isAuditKind(kind) ? kind : '',
		from: isDay(from) ? from : '',
		to: isDay(to) ? to : '',
		text: text(AUDIT_PARAMS.text),
		page: Number.isInteger(page) && page >= 1 ? page : 1,
		invalid,
	}
}

/** The query string of a filter (empty values left out), e.g. for the page links and the CSV link. */
export function auditSearch(filters: Omit<AuditFilters, 'page'> & { page?: number }): string {
	const params = new URLSearchParams()
	if (filters.user) params.set(AUDIT_PARAMS.user, filters.user)
	if (filters.kind) params.set(AUDIT_PARAMS.kind, filters.kind)
	if (filters.from) params.set(AUDIT_PARAMS.from, filters.from)
	if (filters.to) params.set(AUDIT_PARAMS.to, filters.to)
	if (filters.text) params.set(AUDIT_PARAMS.text, filters.text)
	if (filters.page && filters.page > 1) params.set(AUDIT_PARAMS.page, String(filters.page))
	const query = params.toString()
	return query ? `?${query}` : ''
}
