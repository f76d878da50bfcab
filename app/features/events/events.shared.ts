/** Event addresses, shared by the server module and the route components. */

/** Spec §2: `/duyurular/etkinlikler/{slug}` is the canonical address of an event. */
export function eventPath(slug: string) {
	return `/duyurular/etkinlikler/${encodeURIComponent(slug)}`
}

/** Spec §2: the events list's cards lead to /etkinlikler/{slug}, the same event page under its short address. */
export function eventCardPath(slug: string) {
	return `/etkinlikler/${encodeURIComponent(slug)}`
}
