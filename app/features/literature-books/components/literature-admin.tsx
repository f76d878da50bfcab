import { Link, useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminPanel, useSectionFetcher } from '#app/features/admin/components/crud.tsx'
import { FormAlert } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { LiteratureAdminData } from '../literature.admin.server.ts'
import { LITERATURE_SECTION as SECTION } from '../literature.shared.ts'
import { LiteratureBookDialog } from './literature-book-dialog.tsx'
import { LiteratureYearBlock } from './literature-year-block.tsx'
import { DeleteYearPanel, LiteratureYearDialog } from './literature-year-dialog.tsx'

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
				<LiteratureYearBlock key={year.year} year={year} onDelete={(id) => yearDelete.send({ intent: 'delete-year', id: String(id) })} />
			))}
			{yearDialog ? <LiteratureYearDialog data={data} failure={failure} /> : null}
			{bookDialog ? <LiteratureBookDialog data={data} failure={failure} /> : null}
		</AdminPanel>
	)
}
