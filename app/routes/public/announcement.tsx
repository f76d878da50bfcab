import { data } from 'react-router'
import { NotFoundView } from '#app/components/content/detail-view.tsx'
import { getPublishedAnnouncement, parseAnnouncementParam } from '#app/features/announcements/announcements.server.ts'
import { announcementPath } from '#app/features/announcements/announcements.shared.ts'
import { ANNOUNCEMENTS_BACK, AnnouncementPage } from '#app/features/announcements/components/announcement-page.tsx'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { newsArticleLd } from '#app/lib/structured-data.ts'
import type { Route } from './+types/announcement.ts'
import '#app/styles/content.css'

export function meta(args: Route.MetaArgs) {
	const loaded = args.loaderData
	if (!loaded || !('announcement' in loaded)) {
		const message = loaded?.message ?? msg.announcements.notFound
		return seo(args, { title: message.replace(/\.$/, ''), description: message, noindex: true })
	}
	const { announcement } = loaded
	return [
		...seo(args, {
			title: announcement.title,
			description: announcement.lead ?? (announcement.excerpt || `${announcement.title} – duyuru`),
			image: announcement.hero?.src ?? announcement.cover?.src,
			shareCard: announcement.shareCard,
			type: 'article',
			path: announcementPath(announcement),
		}),
		...newsArticleLd(args, {
			title: announcement.title,
			description: announcement.lead ?? (announcement.excerpt || null),
			published: announcement.publishedAt,
			modified: announcement.updatedAt,
			image: announcement.cover?.src ?? announcement.hero?.src ?? null,
			path: announcementPath(announcement),
		}),
	]
}

/** Spec §2: `/duyurular/:id` (digits) or `/duyurular/:slug`; anything else is an invalid address. */
export async function loader({ params }: Route.LoaderArgs) {
	const param = parseAnnouncementParam(params.id)
	if (param.kind === 'invalid') return data({ message: msg.announcements.invalidAddress }, { status: 404 })
	const announcement = await getPublishedAnnouncement(param.kind === 'id' ? { id: param.id } : { slug: param.slug })
	if (!announcement) return data({ message: msg.announcements.notFound }, { status: 404 })
	return { announcement }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function AnnouncementRoute({ loaderData }: Route.ComponentProps) {
	if (!('announcement' in loaderData)) return <NotFoundView message={loaderData.message} back={ANNOUNCEMENTS_BACK} />
	return <AnnouncementPage announcement={loaderData.announcement} />
}
