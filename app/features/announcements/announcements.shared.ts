/** Announcement addresses, shared by the server module and the route components. */

/** The detail address: by slug when the announcement has one, else by id. */
export function announcementPath(row: { id: number; slug: string | null }) {
	return row.slug ? `/duyurular/${encodeURIComponent(row.slug)}` : `/duyurular/${row.id}`
}
