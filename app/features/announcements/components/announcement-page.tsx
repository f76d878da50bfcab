import { DetailView } from '#app/components/content/detail-view.tsx'
import { SmartLink } from '#app/components/content/smart-link.tsx'
import { msg } from '#app/lib/messages.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { AnnouncementDetail } from '../announcements.server.ts'

export const ANNOUNCEMENTS_BACK = { href: '/duyurular', label: msg.announcements.back }

/** An announcement's public page: the detail route and the admin's preview render this same view. */
export function AnnouncementPage({ announcement }: { announcement: AnnouncementDetail }) {
	return (
		<DetailView
			title={announcement.title}
			lead={announcement.lead}
			hero={announcement.hero}
			cover={announcement.cover}
			bodyHtml={announcement.bodyHtml}
			gallery={announcement.gallery}
			facts={
				announcement.publishedAt ? (
					<div>
						<dt>{msg.events.when}</dt>
						<dd>
							<time dateTime={announcement.publishedAt}>{formatDate(announcement.publishedAt)}</time>
						</dd>
					</div>
				) : null
			}
			actions={
				announcement.link ? (
					<SmartLink href={announcement.link} className="button">
						{msg.announcements.openLink}
					</SmartLink>
				) : null
			}
			back={ANNOUNCEMENTS_BACK}
		/>
	)
}
