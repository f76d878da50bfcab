/** Event addresses, shared by the server module and the route components. */

/** Spec §2: `/duyurular/etkinlikler/{slug}` is the canonical address of an event. */
export function eventPath(slug: string) {
	return `/duyurular/etkinlikler/${encodeURIComponent(slug)}`
}

/** Spec §2: the events list's cards lead to /etkinlikler/{slug}, the same event page under its short address. */
export function eventCardPath(slug: string) {
	return `/etkinlikler/${encodeURIComponent(slug)}`
}

/** What the admin list says of an event: events have no draft, so public (Yayında) or over (Geçmiş). */
export type EventListStatus = 'published' | 'past'

/** The list's status filter (`?durum=`): its values and what each keeps. */
export const EVENT_STATUS_FILTERS = ['yayinda', 'gecmis', 'suresi-doldu'] as const
export type EventStatusFilter = (typeof EVENT_STATUS_FILTERS)[number]

export function eventStatusFilter(value: string | null): EventStatusFilter | null {
	return EVENT_STATUS_FILTERS.find((filter) => filter === value) ?? null
}

export function matchesEventFilter(row: { status: EventListStatus; featuredExpired: boolean }, filter: EventStatusFilter | null) {
	switch (filter) {
		case null:
			return true
		case 'yayinda':
			return row.status === 'published'
		case 'gecmis':
			return row.status === 'past'
		case 'suresi-doldu':
			return row.featuredExpired
	}
}
