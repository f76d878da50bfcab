import { Link } from 'react-router'
import { AdminTable, Muted, ThumbCell } from '#app/features/admin/components/admin-table.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { juryLines, LITERATURE_SECTION as SECTION } from '../literature.shared.ts'
import type { LiteratureAdminBook, LiteratureAdminYear } from '../literature-books.server.ts'

function searchText(book: LiteratureAdminBook) {
	return [book.title, book.author, book.shownCaption, String(book.year)].join('\n')
}

/**
 * One award year in the admin: its heading and buttons (add a book; edit
 * and delete the year when it has a row), its jury and announcement in
 * short, and its books as an ordered list.
 */
export function LiteratureYearBlock({ year, onDelete }: { year: LiteratureAdminYear; onDelete: (id: number) => void }) {
	return (
		<section className="admin-group" aria-labelledby={`yil-${year.year}`}>
			<div className="admin-group__head">
				<h2 id={`yil-${year.year}`}>{year.year}</h2>
				<div className="admin-toolbar">
					<Link
						className="button button--ghost"
						to={sectionHref(SECTION, { new: 1, year: year.year })}
						preventScrollReset
						data-dialog-trigger={`new-${year.year}`}
						aria-label={msg.literature.addBook(year.year)}
					>
						{msg.literature.addBookShort}
					</Link>
					{year.id === null ? null : <YearButtons id={year.id} year={year.year} onDelete={onDelete} />}
				</div>
			</div>
			<YearSummary year={year} />
			<AdminTable
				section={SECTION}
				caption={msg.literature.adminCaption(year.year)}
				rows={year.books}
				label={(book) => book.title}
				searchText={searchText}
				emptyText={msg.literature.yearEmpty}
				confirmText={(book) => msg.admin.confirmDeleteTitled(book.title)}
				reorder={{ fields: { year: String(year.year) } }}
				columns={[
					{ header: msg.fields.cover, hiddenHeader: true, cell: (book) => <ThumbCell image={book.cover} /> },
					{ header: msg.literature.bookTitle, cell: (book) => book.title },
					{ header: msg.literature.author, cell: (book) => book.author },
					{
						header: msg.literature.mention,
						cell: (book) => (book.honourableMention ? msg.literature.mention : <Muted />),
					},
					{ header: msg.literature.caption, cell: (book) => book.shownCaption },
				]}
			/>
		</section>
	)
}

/** Edit and delete for a year that has its row; delete asks first (without JavaScript, on `?deleteYear=`). */
function YearButtons({ id, year, onDelete }: { id: number; year: number; onDelete: (id: number) => void }) {
	return (
		<>
			<Link
				className="button button--ghost"
				to={sectionHref(SECTION, { editYear: id })}
				preventScrollReset
				data-dialog-trigger={`edit-year-${id}`}
				aria-label={msg.literature.editYearLabel(year)}
			>
				{msg.literature.editYear}
			</Link>
			<Link
				className="button button--danger"
				to={sectionHref(SECTION, { deleteYear: id })}
				aria-label={msg.literature.deleteYearLabel(year)}
				onClick={(event) => {
					event.preventDefault()
					if (!window.confirm(`${msg.literature.confirmDeleteYear(year)}\n\n${msg.trash.deleteNote}`)) return
					onDelete(id)
				}}
			>
				{msg.literature.deleteYear}
			</Link>
		</>
	)
}

function YearSummary({ year }: { year: LiteratureAdminYear }) {
	const jury = juryLines(year.jury)
	return (
		<div className="admin-year-summary">
			<p>{jury.length > 0 ? `${msg.literature.juryCount(jury.length)}: ${jury.join(', ')}` : msg.literature.noJury}</p>
			{year.announcement ? <p className="admin-table__muted">{year.announcement.split('\n')[0]}</p> : null}
		</div>
	)
}
