import { PageHero } from '#app/components/page-hero.tsx'
import { listBulletinArchive, type BulletinYear } from '#app/features/bulletins/bulletins.server.ts'
import { CachedPart } from '#app/lib/cached-parts.tsx'
import { DEFAULT_HERO_IMAGES } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { safeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/bulletins.ts'
import '#app/styles/content.css'

export function meta(args: Route.MetaArgs) {
	const years = args.loaderData?.archive.ok ? args.loaderData.archive.data.map((y) => y.year) : []
	const range = years.length > 0 ? ` (${Math.min(...years)}–${Math.max(...years)})` : ''
	return seo(args, {
		title: msg.nav.bulletins,
		description: `Derneğimizin aylık bültenleri${range}: her yılın sayılarını PDF olarak okuyun ve indirin.`,
	})
}

export async function loader() {
	return { archive: await safeRead(() => listBulletinArchive(), msg.bulletins.readError, 'bulletin archive') }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function BulletinsRoute({ loaderData }: Route.ComponentProps) {
	const { archive } = loaderData
	return (
		<>
			<PageHero title={msg.bulletins.title} image={DEFAULT_HERO_IMAGES[2]} />
			<section className="section">
				<div className="container">
					{!archive.ok ? (
						<p className="error-text" role="alert">
							{archive.error}
						</p>
					) : archive.data.length === 0 ? (
						<p className="empty-state">{msg.bulletins.empty}</p>
					) : (
						<ul className="bulletin-archive">
							{archive.data.map((group) => (
								// A year's list is rendered again only when one of its bulletins changes: at ×100 content (32 years,
								// 379 bulletins) rendering every link was half of an uncached render of this page.
								<CachedPart key={group.year} cacheKey={`bulletin-year ${group.year}`} same={group.months.flatMap((m) => [m.id, m.label, m.href])}>
									<BulletinYearItem group={group} />
								</CachedPart>
							))}
						</ul>
					)}
				</div>
			</section>
		</>
	)
}

function BulletinYearItem({ group }: { group: BulletinYear }) {
	return (
		<li className="bulletin-archive__year">
			<h2 id={`bulten-${group.year}`}>{group.year}</h2>
			<ul className="bulletin-archive__months" aria-labelledby={`bulten-${group.year}`}>
				{group.months.map((m) => (
					<li key={m.id}>
						<a href={m.href} className="bulletin-archive__link" type="application/pdf">
							{m.label}
							<span className="sr-only">
								{' '}
								{group.year} (PDF)
							</span>
						</a>
					</li>
				))}
			</ul>
		</li>
	)
}
