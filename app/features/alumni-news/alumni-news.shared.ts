/** Alumni news addresses, shared by the server module and the route components. */
export function alumniNewsPath(slug: string) {
	return `/mezunlarimiz/mezunlardan-haberler/${encodeURIComponent(slug)}`
}
