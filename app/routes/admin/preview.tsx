import { data } from 'react-router'
import { getAnnouncementPreview } from '#app/features/announcements/announcements.server.ts'
import { AnnouncementPage } from '#app/features/announcements/components/announcement-page.tsx'
import { requireAdmin } from '#app/lib/auth-guard.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import type { Route } from './+types/preview.ts'
import '#app/styles/content.css'
import '#app/styles/preview.css'

/**
 * "Önizle": a draft or scheduled announcement's public page exactly as it
 * will read, for signed-in admins only. It sits beside the admin layout (not
 * inside it, so no admin chrome) with the same guard; /admin addresses never
 * enter the render cache, and the answer is no-store and noindex.
 */
export const middleware: Array<Route.MiddlewareFunction> = [requireAdmin]

/** The public detail page's chrome, and like it no React in the browser. */
export const handle: SiteHandle = { navTheme: 'auto' }

const PRIVATE_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' }

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
	return errorHeaders ?? loaderHeaders
}

export function meta(args: Route.MetaArgs) {
	const title = args.loaderData?.announcement.title ?? msg.announcements.notFound.replace(/\.$/, '')
	return seo(args, { title: `${msg.preview.action}: ${title}`, description: msg.preview.banner, noindex: true })
}

export async function loader({ params }: Route.LoaderArgs) {
	const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0
	const announcement = await getAnnouncementPreview(id)
	if (!announcement) throw data(msg.announcements.notFound, { status: 404, headers: PRIVATE_HEADERS })
	const publishedAt = announcement.publishedAt ? Date.parse(announcement.publishedAt) : null
	const scheduledFor = publishedAt !== null && publishedAt > Date.now() ? formatDateTime(announcement.publishedAt!) : null
	return data({ announcement, scheduledFor }, { headers: PRIVATE_HEADERS })
}

export default function PreviewRoute({ loaderData }: Route.ComponentProps) {
	const { announcement, scheduledFor } = loaderData
	return (
		<>
			<aside className="preview-banner" aria-label={msg.preview.action} data-preview-banner>
				<p>{scheduledFor ? msg.preview.scheduledBanner(scheduledFor) : msg.preview.banner}</p>
				<a href={`/admin/duyurular?edit=${announcement.id}`}>{msg.preview.backToAdmin}</a>
			</aside>
			<AnnouncementPage announcement={announcement} />
		</>
	)
}
