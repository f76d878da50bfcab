import { msg } from '#app/lib/messages.ts'
import { pageHref, type PageInfo } from '#app/lib/pagination.ts'

/** Previous/next and numbered page links (`?sayfa=N`); nothing for a single page. */
export function Pagination({ page, search }: { page: PageInfo; search: string }) {
	if (page.pageCount <= 1) return null
	const numbers = Array.from({ length: page.pageCount }, (_, i) => i + 1).filter(
		(n) => n === 1 || n === page.pageCount || Math.abs(n - page.page) <= 2,
	)
	return (
		<nav className="pagination" aria-label={msg.common.pagination}>
			<ul>
				{page.page > 1 ? (
					<li>
						<a href={pageHref(search, page.page - 1)} rel="prev">
							{msg.common.previousPage}
						</a>
					</li>
				) : null}
				{numbers.map((n, i) => (
					<li key={n}>
						{i > 0 && n - (numbers[i - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
						<a href={pageHref(search, n)} aria-current={n === page.page ? 'page' : undefined} aria-label={msg.common.pageLabel(n)}>
							{n}
						</a>
					</li>
				))}
				{page.page < page.pageCount ? (
					<li>
						<a href={pageHref(search, page.page + 1)} rel="next">
							{msg.common.nextPage}
						</a>
					</li>
				) : null}
			</ul>
		</nav>
	)
}
