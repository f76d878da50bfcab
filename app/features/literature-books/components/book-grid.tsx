import { msg } from '#app/lib/messages.ts'
import type { LiteratureBook } from '../literature-books.server.ts'

/** Spec §2: a two-column grid of winning books, cover and caption, honourable mentions marked. */
export function BookGrid({ books }: { books: Array<LiteratureBook> }) {
	return (
		<ul className="book-grid">
			{books.map((book) => (
				<li key={book.id} className="book-card" data-mention={book.honourableMention ? 'true' : undefined}>
					<figure>
						<img
							className="book-card__cover"
							src={book.cover.src}
							srcSet={book.cover.srcSet}
							sizes="(min-width: 900px) 220px, 40vw"
							width={book.cover.width}
							height={book.cover.height}
							alt={`${book.title} kitabının kapağı`}
							loading="lazy"
							decoding="async"
						/>
						<figcaption>
							{book.honourableMention ? <span className="mention-badge">{msg.pages.honourableMention}</span> : null}
							<span className="book-card__caption">{book.caption}</span>
						</figcaption>
					</figure>
				</li>
			))}
		</ul>
	)
}
