import { MENU } from '#app/components/layout/menu.ts'
import { siteOrigin } from '#app/lib/origin.server.ts'
import { listSitemapEntries } from '#app/features/sitemap/sitemap.server.ts'
import type { Route } from './+types/sitemap.ts'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`)

export async function loader({ request }: Route.LoaderArgs) {
	const origin = siteOrigin(request)
	const staticPaths = new Set<string>(['/', '/gizlilik-sozlesmesi', '/iptal-iade-sartlari', '/kurumsal/baskanin-mesaji'])
	for (const section of MENU) {
		staticPaths.add(section.to)
		for (const child of section.children ?? []) staticPaths.add(child.to)
	}
	const dynamic = await listSitemapEntries()
	const urls = [...[...staticPaths].map((path) => ({ path, lastmod: null as string | null })), ...dynamic]
	const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `<url><loc>${escapeXml(origin + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`
	return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
