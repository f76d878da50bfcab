import { Form, Link, useNavigate, useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminTable, Muted, ThumbCell } from '#app/features/admin/components/admin-table.tsx'
import { AdminForm, AdminPanel, EditDialog, FormActions, useSectionFetcher } from '#app/features/admin/components/crud.tsx'
import { Dialog } from '#app/features/admin/components/dialog.tsx'
import { Checkbox, FilePicker, FormAlert, TextArea, TextInput } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { LiteratureAdminBook, LiteratureAdminData, LiteratureAdminYear } from '../literature.admin.server.ts'
import { juryLines } from '../literature.shared.ts'

const SECTION = 'edebiyat-odulu'

function searchText(book: LiteratureAdminBook) {
	return [book.title, book.author, book.shownCaption, String(book.year)].join('\n')
}

/**
 * The literature award section: one block per award year (newest first)
 * with its jury and announcement (edited in the year dialog) and its books
 * (an ordered list, edited in the book dialog).
 */
export function LiteratureAdmin({ data, failure }: { data: LiteratureAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const yearDialog = params.get('newYear') === '1' || data.editingYear !== null
	const bookDialog = params.get('new') === '1' || data.editingBook !== null
	const yearDelete = useSectionFetcher(SECTION)
	const pendingYear = yearDelete.pending?.get('intent') === 'delete-year' ? Number(yearDelete.pending.get('id')) : null
	const confirmYearId = Number(params.get('deleteYear'))
	const confirmingYear = data.years.find((year) => year.id !== null && year.id === confirmYearId)
	const years = data.years.filter((year) => year.id === null || year.id !== pendingYear)
	return (
		<AdminPanel
			title={msg.literature.adminTitle}
			section={SECTION}
			failure={yearDialog ? null : failure}
			canCreate={false}
			tools={
				<>
					<Link className="button" to={sectionHref(SECTION, { newYear: 1 })} preventScrollReset data-dialog-trigger="new-year">
						{msg.literature.newYear}
					</Link>
					<Link className="button" to={sectionHref(SECTION, { new: 1 })} preventScrollReset data-dialog-trigger="new">
						{msg.literature.newBook}
					</Link>
				</>
			}
		>
			{data.loadError ? <p className="load-error">{data.loadError}</p> : null}
			<p className="admin-intro">{msg.literature.adminIntro}</p>
			<FormAlert failure={yearDelete.failure} />
			{confirmingYear ? <DeleteYearPanel year={confirmingYear} /> : null}
			{years.length === 0 && !data.loadError ? <p className="admin-table__empty">{msg.literature.adminEmpty}</p> : null}
			{years.map((year) => (
				<section key={year.year} className="admin-group" aria-labelledby={`yil-${year.year}`}>
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
							{year.id === null ? null : (
								<>
									<Link
										className="button button--ghost"
										to={sectionHref(SECTION, { editYear: year.id })}
										preventScrollReset
										data-dialog-trigger={`edit-year-${year.id}`}
										aria-label={msg.literature.editYearLabel(year.year)}
									>
										{msg.literature.editYear}
									</Link>
									<Link
										className="button button--danger"
										to={sectionHref(SECTION, { deleteYear: year.id })}
										aria-label={msg.literature.deleteYearLabel(year.year)}
										onClick={(event) => {
											event.preventDefault()
											if (!window.confirm(msg.literature.confirmDeleteYear(year.year))) return
											yearDelete.send({ intent: 'delete-year', id: String(year.id) })
										}}
									>
										{msg.literature.deleteYear}
									</Link>
								</>
							)}
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
			))}
			{yearDialog ? <YearDialog data={data} failure={failure} /> : null}
			{bookDialog ? <BookDialog data={data} failure={failure} /> : null}
		</AdminPanel>
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

/** The no-JavaScript confirmation for `?deleteYear=`: the question and a real form. */
function DeleteYearPanel({ year }: { year: LiteratureAdminYear }) {
	return (
		<div className="confirm-panel" role="alertdialog" aria-labelledby="confirm-delete-year">
			<p id="confirm-delete-year">
				<strong>{msg.literature.confirmDeleteYear(year.year)}</strong>
			</p>
			<Form method="post" action={sectionHref(SECTION, { deleteYear: year.id ?? '' })} className="admin-toolbar">
				<input type="hidden" name="intent" value="delete-year" />
				<input type="hidden" name="id" value={year.id ?? ''} />
				<button type="submit" className="button button--danger">
					{msg.admin.confirmYes}
				</button>
				<a className="button button--ghost" href={sectionHref(SECTION)}>
					{msg.common.cancel}
				</a>
			</Form>
		</div>
	)
}

/** Adds or edits an award year: its number, jury and announcement. */
function YearDialog({ data, failure }: { data: LiteratureAdminData; failure?: ActionFailure | null }) {
	const navigate = useNavigate()
	const editing = data.editingYear
	const close = () => navigate(sectionHref(SECTION), { replace: true, preventScrollReset: true })
	const value = (name: string, current: string | number | null | undefined) => failure?.values?.[name] ?? String(current ?? '')
	return (
		<Dialog
			title={editing ? msg.literature.editYearTitle : msg.literature.newYearTitle}
			onClose={close}
			closeHref={sectionHref(SECTION)}
			wide
		>
			<AdminForm section={SECTION} failure={failure} mode={editing?.id ? { editYear: editing.id } : { newYear: 1 }}>
				{({ saving, failure: shown }) => {
					const errors = shown?.fieldErrors ?? {}
					return (
						<>
							<input type="hidden" name="intent" value="save-year" />
							{editing?.id ? <input type="hidden" name="id" value={editing.id} /> : null}
							<TextInput
								label={msg.fields.year}
								name="year"
								type="number"
								inputMode="numeric"
								min={data.minYear}
								max={data.maxYear}
								step={1}
								defaultValue={value('year', editing?.year ?? data.nextYear)}
								error={errors.year}
								hint={editing ? msg.literature.yearHint : undefined}
							/>
							<TextArea
								label={msg.literature.jury}
								name="jury"
								rows={6}
								defaultValue={value('jury', editing?.jury)}
								error={errors.jury}
								hint={msg.literature.juryHint}
							/>
							<TextArea
								label={msg.literature.announcement}
								name="announcement"
								rows={6}
								defaultValue={value('announcement', editing?.announcement)}
								error={errors.announcement}
								hint={msg.literature.announcementHint}
							/>
							<FormActions section={SECTION} onCancel={close} saving={saving} />
						</>
					)
				}}
			</AdminForm>
		</Dialog>
	)
}

/** Adds or edits a book of a year: title, author, caption, honourable mention and cover. */
function BookDialog({ data, failure }: { data: LiteratureAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editingBook
	const asked = params.get('year')
	const year = editing?.year ?? (asked && /^\d{4}$/.test(asked) ? Number(asked) : (data.years[0]?.year ?? data.nextYear))
	return (
		<EditDialog
			section={SECTION}
			editingId={editing?.id ?? null}
			title={editing ? msg.literature.editBookTitle : msg.literature.newBookTitle}
			failure={failure}
			wide
			fields={({ errors, value }) => (
				<>
					<div className="admin-form__row">
						<TextInput
							label={msg.fields.year}
							name="year"
							type="number"
							inputMode="numeric"
							min={data.minYear}
							max={data.maxYear}
							step={1}
							defaultValue={value('year', year)}
							error={errors.year}
						/>
						<TextInput
							label={msg.literature.bookTitle}
							name="title"
							defaultValue={value('title', editing?.title)}
							error={errors.title}
							autoComplete="off"
						/>
					</div>
					<TextInput
						label={msg.literature.author}
						name="author"
						defaultValue={value('author', editing?.author)}
						error={errors.author}
						autoComplete="off"
					/>
					<TextInput
						label={msg.literature.caption}
						name="caption"
						defaultValue={value('caption', editing?.caption)}
						error={errors.caption}
						hint={msg.literature.captionHint}
						autoComplete="off"
					/>
					<Checkbox
						label={msg.literature.mentionLabel}
						name="honourable_mention"
						defaultChecked={failure?.values ? failure.values.honourable_mention === 'on' : (editing?.honourableMention ?? false)}
					/>
					<FilePicker
						label={msg.fields.cover}
						name="cover_file"
						keyName="cover_key"
						accept="image/*"
						currentKey={editing?.coverKey}
						currentUrl={editing?.cover?.src}
						error={errors.cover_file}
						hint={msg.fields.imageHint}
					/>
				</>
			)}
		/>
	)
}
