import { Form, useNavigate } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm, FormActions } from '#app/features/admin/components/crud.tsx'
import { Dialog } from '#app/features/admin/components/dialog.tsx'
import { Revisions } from '#app/features/admin/components/revisions.tsx'
import { TextArea, TextInput } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { LiteratureAdminData } from '../literature.admin.server.ts'
import { LITERATURE_SECTION as SECTION } from '../literature.shared.ts'
import type { LiteratureAdminYear } from '../literature-books.server.ts'

/** Adds or edits an award year: its number, jury and announcement. */
export function LiteratureYearDialog({ data, failure }: { data: LiteratureAdminData; failure?: ActionFailure | null }) {
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
			{/* A revert writes a new revision: the form starts again from the restored text. */}
			<AdminForm
				key={data.yearRevisions?.items[0]?.id ?? 'form'}
				section={SECTION}
				failure={failure}
				mode={editing?.id ? { editYear: editing.id } : { newYear: 1 }}
			>
				{({ saving, failure: shown }) => {
					const errors = shown?.fieldErrors ?? {}
					return (
						<>
							<input type="hidden" name="intent" value="save-year" />
							{editing?.id ? <input type="hidden" name="id" value={editing.id} /> : null}
							<AwardYearInput
								range={data}
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
			{editing?.id && data.yearRevisions ? <Revisions section={SECTION} mode={{ editYear: editing.id }} list={data.yearRevisions} /> : null}
		</Dialog>
	)
}

/** The award year field of the year and book dialogs: a number from the first award to next year. */
export function AwardYearInput({
	range,
	defaultValue,
	error,
	hint,
}: {
	range: { minYear: number; maxYear: number }
	defaultValue: string
	error?: string
	hint?: string
}) {
	return (
		<TextInput
			label={msg.fields.year}
			name="year"
			type="number"
			inputMode="numeric"
			min={range.minYear}
			max={range.maxYear}
			step={1}
			defaultValue={defaultValue}
			error={error}
			hint={hint}
		/>
	)
}

/** The no-JavaScript confirmation for `?deleteYear=`: the question and a real form. */
export function DeleteYearPanel({ year }: { year: LiteratureAdminYear }) {
	return (
		<div className="confirm-panel" role="alertdialog" aria-labelledby="confirm-delete-year">
			<p id="confirm-delete-year">
				<strong>{msg.literature.confirmDeleteYear(year.year)}</strong>
			</p>
			<p>{msg.trash.deleteNote}</p>
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
