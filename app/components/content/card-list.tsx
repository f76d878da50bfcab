import type { PageInfo } from '#app/lib/pagination.ts'
import { ContentCard, type CardData } from './content-card.tsx'
import { Pagination } from './pagination.tsx'

type PagedList<T> = { ok: true; data: { items: Array<T>; page: PageInfo } } | { ok: false; error: string }

/**
 * A paged list page's body (announcements, events, alumni news): the read
 * error in red, the empty message, or the cards with the page links.
 */
export function CardList<T>({
	list,
	empty,
	search,
	toCard,
}: {
	list: PagedList<T>
	empty: string
	search: string
	toCard: (item: T) => CardData
}) {
	return (
		<section className="section">
			<div className="container">
				{!list.ok ? (
					<p className="error-text" role="alert">
						{list.error}
					</p>
				) : list.data.items.length === 0 ? (
					<p className="empty-state">{empty}</p>
				) : (
					<>
						<ul className="card-grid">
							{list.data.items.map(toCard).map((card) => (
								<li key={card.key}>
									<ContentCard headingLevel={2} imageSizes="(max-width: 639px) 92vw, (max-width: 1023px) 46vw, 370px" card={card} />
								</li>
							))}
						</ul>
						<Pagination page={list.data.page} search={search} />
					</>
				)}
			</div>
		</section>
	)
}
