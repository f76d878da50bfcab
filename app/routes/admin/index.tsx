export default function AdminIndexRoute() {
	return null
}
