import { msg } from '#app/lib/messages.ts'

export type NoticeBarProps = { text: string; href: string | null; external: boolean }

/**
 * The site-wide notice (Ayarlar → Duyuru çubuğu) at the top of every public
 * page: server-rendered, no script, a labelled region so assistive
 * technology can find it. It takes the fixed header's room at the top of
 * the page, so the header never covers it.
 */
export function NoticeBar({ text, href, external }: NoticeBarProps) {
	return (
		<section className="notice-bar" aria-label={msg.settings.noticeRegion}>
			<p className="container notice-bar__text">
				{href ? (
					<a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
						{text}
						{external ? <span className="sr-only"> {msg.layout.newTab}</span> : null}
					</a>
				) : (
					text
				)}
			</p>
		</section>
	)
}
