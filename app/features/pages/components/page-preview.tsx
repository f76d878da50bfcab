import { useEffect, useRef } from 'react'
import { msg } from '#app/lib/messages.ts'
import type { PagePreview } from '../pages.shared.ts'

const m = msg.pagesAdmin

/** The page as the site would show it, clearly marked as not saved; brought into view when it appears. */
export function PagePreviewRegion({ preview }: { preview: PagePreview }) {
	const ref = useRef<HTMLElement>(null)
	const focused = useRef<PagePreview | null>(null)
	// Each new preview (a new answer from the server) takes the focus once, so it is seen and read out.
	useEffect(() => {
		if (focused.current === preview) return
		focused.current = preview
		ref.current?.focus()
	})
	return (
		<section ref={ref} className="page-preview" aria-labelledby="sayfa-onizleme-baslik" tabIndex={-1}>
			<h2 id="sayfa-onizleme-baslik" className="page-preview__label">
				{m.previewTitle}
			</h2>
			<p className="page-preview__note">{m.previewNote}</p>
			{preview.imageIgnored ? <p className="page-preview__note">{m.previewImageNote}</p> : null}
			<div className="page-preview__page">
				<p className="page-preview__title">{preview.page.title}</p>
				{preview.page.description ? <p className="page-preview__description">{preview.page.description}</p> : null}
				{/* Rendered by the public pages' pipeline: sanitised on the server. */}
				<div className="prose" dangerouslySetInnerHTML={{ __html: preview.page.html }} />
			</div>
		</section>
	)
}
