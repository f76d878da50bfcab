/** Page numbers in the address (`?sayfa=2`), for lists longer than a page. */
export const PAGE_PARAM = 'sayfa'

export type PageInfo = { page: number; pageCount: number; total: number; perPage: number }

/** `?sayfa=` as a page number from 1; anything else is page 1. */
export function parsePageParam(value: string | null | undefined): number {
	if (!value || !/^\d{1,6}$/.test(value)) return 1
	return Math.max(1, Number(value))
}

export function pageInfo(total: number, page: number, perPage: number): PageInfo {
	const pageCount = Math.max(1, Math.ceil(total / perPage))
	return { page: Math.min(Math.max(1, page), pageCount), pageCount, total, perPage }
}

/** The address of another page of the same list, keeping the other parameters. */
export function pageHref(search: string, page: number): string {
	const params = new URLSearchParams(search)
	if (page <= 1) params.delete(PAGE_PARAM)
	else params.set(PAGE_PARAM, String(page))
	const query = params.toString()
	return query ? `?${query}` : '?'
}
