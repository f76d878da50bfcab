import type { Heading } from '#app/lib/html.server.ts'
import { msg } from '#app/lib/messages.ts'

/** Anchor links to a page's `##` headings (the bylaws' articles). */
export function TableOfContents({ headings, level = 2 }: { headings: ReadonlyArray<Heading>; level?: number }) {
	const items = headings.filter((heading) => heading.level === level)
	if (items.length === 0) return null
	return (
		<nav className="toc" aria-labelledby="toc-title">
			<h2 id="toc-title" className="toc__title">
				{msg.pages.toc}
			</h2>
			<ol className="toc__list">
				{items.map((heading) => (
					<li key={heading.id}>
						<a href={`#${heading.id}`}>{heading.text}</a>
					</li>
				))}
			</ol>
		</nav>
	)
}
