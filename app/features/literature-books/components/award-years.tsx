import { msg } from '#app/lib/messages.ts'
import type { LiteratureAwardYear } from '../literature-books.server.ts'
import { BookGrid } from './book-grid.tsx'

/** One section per award year, newest first: the announcement, the jury and the books. */
export function AwardYears({ years }: { years: Array<LiteratureAwardYear> }) {
	return years.map((year) => (
		<section key={year.year} className="award-year" aria-labelledby={`odul-${year.year}`} data-award-year={year.year}>
			<h3 id={`odul-${year.year}`}>{year.year}</h3>
			{year.announcement.length > 0 ? (
				<div className="award-year__announcement">
					{year.announcement.map((lines, i) => (
						<p key={i}>
							{lines.map((line, j) => (
								<span key={j}>
									{j > 0 ? <br /> : null}
									{line}
								</span>
							))}
						</p>
					))}
				</div>
			) : null}
			{year.jury.length > 0 ? (
				<>
					<h4>{msg.literature.juryTitle}</h4>
					<ul className="award-year__jury">
						{year.jury.map((name, i) => (
							<li key={i}>{name}</li>
						))}
					</ul>
				</>
			) : null}
			{year.books.length > 0 ? <BookGrid books={year.books} /> : null}
		</section>
	))
}
