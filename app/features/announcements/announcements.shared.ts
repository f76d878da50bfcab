/** Announcement addresses, shared by the server module and the route components. */

/** The detail address: by slug when the announcement has one, else by id. */
export function announcementPath(row: { id: number; slug: string | null }) {
	return row.slug ? `/duyurular/${encodeURIComponent(row.slug)}` : `/duyurular/${row.id}`
}

/** What the admin list says of an announcement: a draft, scheduled (published_at still ahead) or public. */
export type AnnouncementListStatus = 'draft' | 'scheduled' | 'published'

/** The list's status filter (`?durum=`): its values and what each keeps. */
export const ANNOUNCEMENT_STATUS_FILTERS = ['taslak', 'zamanlandi', 'yayinda', 'suresi-doldu'] as const
export type AnnouncementStatusFilter = (typeof ANNOUNCEMENT_STATUS_FILTERS)[number]

export function announcementStatusFilter(value: string | null): AnnouncementStatusFilter | null {
	return ANNOUNCEMENT_STATUS_FILTERS.find((filter) => filter === value) ?? null
}

export function matchesAnnouncementFilter(
	row: { status: AnnouncementListStatus; featuredExpired: boolean },
	filter: AnnouncementStatusFilter | null,
) {
	switch (filter) {
		case null:
			return true
		case 'taslak':
			return row.status === 'draft'
		case 'zamanlandi':
			return row.status === 'scheduled'
		case 'yayinda':
			return row.status === 'published'
		case 'suresi-doldu':
			return row.featuredExpired
	}
}
