import { Fragment } from 'react'
import { data } from 'react-router'
import { ContentImage } from '#app/components/content/content-image.tsx'
import { SmartLink } from '#app/components/content/smart-link.tsx'
import { PageTitle } from '#app/components/page-hero.tsx'
import { getAlumniNewsBySlug } from '#app/features/alumni-news/alumni-news.server.ts'
import { alumniNewsPath, descriptionParagraphs } from '#app/features/alumni-news/alumni-news.shared.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { newsArticleLd } from '#app/lib/structured-data.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { Route } from './+types/alumni-news-item.ts'
import '#app/styles/content.css'

const BACK = { href: '/mezunlarimiz/mezunlardan-haberler', label: msg.alumniNews.back }

export const handle: SiteHandle = { navTheme: 'light' }

export function meta(args: Route.MetaArgs) {
	const item = args.loaderData?.item
	if (!item) return seo(args, { title: msg.alumniNews.notFoundMetaTitle, description: msg.alumniNews.notFound, noindex: true })
	return [
		...seo(args, {
			title: item.title,
			description: item.description ? item.description.slice(0, 160) : `${item.title} – mezunlardan haberler`,
			image: item.image?.src,
			shareCard: item.shareCard,
			type: 'article',
			path: alumniNewsPath(item.slug),
		}),
		...newsArticleLd(args, {
			title: item.title,
			description: item.description ? item.description.slice(0, 300) : null,
			published: item.createdAt,
			modified: item.updatedAt,
			image: item.image?.src ?? null,
			path: alumniNewsPath(item.slug),
		}),
	]
}

/** Spec §7 "Detail: by slug, fallback by id"; unknown → 404. */
export async function loader({ params }: Route.LoaderArgs) {
	const item = await getAlumniNewsBySlug(params.slug)
	if (!item) return data({ item: null }, { status: 404 })
	return { item }
}

export default function AlumniNewsItemRoute({ loaderData }: Route.ComponentProps) {
	const { item } = loaderData
	if (!item) {
		return (
			<>
				<PageTitle title={msg.common.notFound} lead={msg.alumniNews.notFound} />
				<div className="container detail__content">
					<p className="detail__back">
						<a href={BACK.href} className="back-link">
							← {BACK.label}
						</a>
					</p>
				</div>
			</>
		)
	}
	return (
		<article className="news-item">
			<PageTitle title={item.title} eyebrow={msg.nav.alumniNews} casing="as-written" className="page-title--detail">
				{item.createdAt ? (
					<p className="news-item__date">
						<time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
					</p>
				) : null}
			</PageTitle>
			<div className="container detail__content">
				{item.image ? (
					<figure className="detail__cover">
						<ContentImage image={item.image} alt="" sizes="(max-width: 600px) 92vw, 560px" width={1120} height={700} priority />
					</figure>
				) : null}
				{item.description ? (
					<div className="prose detail__body">
						{descriptionParagraphs(item.description).map((lines, i) => (
							<p key={i}>
								{lines.map((line, j) => (
									<Fragment key={j}>
										{j > 0 ? <br /> : null}
										{line}
									</Fragment>
								))}
							</p>
						))}
					</div>
				) : null}
				{item.sourceUrl ? (
					<p className="detail__actions">
						<SmartLink href={item.sourceUrl} className="button">
							{msg.alumniNews.openSource}
						</SmartLink>
					</p>
				) : null}
				<p className="detail__back">
					<a href={BACK.href} className="back-link">
						← {BACK.label}
					</a>
				</p>
			</div>
		</article>
	)
}
