/** Sanitised HTML from renderMarkdown/sanitizeHtml (app/lib/html.server.ts), never raw input. */
export function Prose({ html, className = '' }: { html: string; className?: string }) {
	if (!html) return null
	return <div className={`prose ${className}`.trim()} dangerouslySetInnerHTML={{ __html: html }} />
}
