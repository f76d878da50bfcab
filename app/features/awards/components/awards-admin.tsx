import { useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminTable, Muted } from '#app/features/admin/components/admin-table.tsx'
import { AdminForm, AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { Checkbox, TextInput } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { AwardAdminRow, AwardImportRow, AwardsAdminData, AwardsImportView } from '../awards.admin.server.ts'
import { AWARD_CSV_COLUMNS } from '../awards-csv.ts'
import { AWARD_FIELD_LABELS } from '../awards.schema.ts'

const SECTION = 'oduller'
/** The download of the whole list (a resource route under the admin layout). */
export const AWARDS_EXPORT_HREF = '/admin/oduller/disa-aktar'

const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim()

/** The import preview an action answered with (`view`), if that is what it is. */
export function importViewOf(actionData: unknown): AwardsImportView | null {
	if (!actionData || typeof actionData !== 'object' || !('view' in actionData)) return null
	const view = actionData.view
	return view && typeof view === 'object' && 'kind' in view && view.kind === 'awards-import' ? (view as AwardsImportView) : null
}

/**
 * The "Ödüller" section: the awards list with create, edit and delete, the
 * CSV download, and the CSV import in two steps (upload → preview with each
 * row's problems → confirm), every step a plain form that works without
 * JavaScript.
 */
export function AwardsAdmin({
	data,
	failure,
	view,
}: {
	data: AwardsAdminData
	failure?: ActionFailure | null
	view?: AwardsImportView | null
}) {
	const [params] = useSearchParams()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	// A refused upload is shown at the upload form, a refused import with its preview; the rest above the table.
	const uploadFailure = failure?.fieldErrors?.file ? failure : null
	const panelFailure = uploadFailure || view ? null : failure
	return (
		<AdminPanel
			title={msg.awards.adminTitle}
			section={SECTION}
			newLabel={msg.awards.newLabel}
			loadError={data.loadError}
			failure={panelFailure}
			tools={
				<a className="button button--ghost" href={AWARDS_EXPORT_HREF} download>
					{msg.awards.exportCsv}
				</a>
			}
			alert={
				data.imported !== null && !view ? (
					<p className="admin-panel__status" role="status">
						{msg.awards.csv.imported(data.imported)}
					</p>
				) : null
			}
		>
			{view ? <ImportPreview view={view} failure={failure ?? null} /> : <ImportUpload failure={uploadFailure} />}
			<AdminTable
				section={SECTION}
				caption={msg.awards.adminCaption}
				rows={data.rows}
				label={fullName}
				searchText={(row) => row.searchText}
				emptyText={msg.awards.adminEmpty}
				confirmText={(row) => msg.awards.confirmDelete(fullName(row))}
				columns={[
					{ header: AWARD_FIELD_LABELS.award_year, cell: (row) => row.award_year ?? <Muted /> },
					{ header: msg.awards.name, cell: (row) => <NameCell row={row} /> },
					{ header: AWARD_FIELD_LABELS.nds_year, cell: (row) => row.nds_year },
					{ header: AWARD_FIELD_LABELS.title, cell: (row) => row.title ?? <Muted /> },
					{ header: AWARD_FIELD_LABELS.profession, cell: (row) => row.profession ?? <Muted /> },
				]}
			/>
			{open ? (
				<EditDialog
					section={SECTION}
					editingId={editing?.id ?? null}
					title={editing ? msg.awards.editTitle : msg.awards.newTitle}
					failure={failure}
					wide
					fields={({ errors, value }) => (
						<>
							<div className="admin-form__row">
								<TextInput
									label={AWARD_FIELD_LABELS.first_name}
									name="first_name"
									defaultValue={value('first_name', editing?.first_name)}
									error={errors.first_name}
									autoComplete="off"
									required
								/>
								<TextInput
									label={AWARD_FIELD_LABELS.last_name}
									name="last_name"
									defaultValue={value('last_name', editing?.last_name)}
									error={errors.last_name}
									autoComplete="off"
									required
								/>
							</div>
							<div className="admin-form__row">
								<TextInput
									label={AWARD_FIELD_LABELS.nds_surname}
									name="nds_surname"
									defaultValue={value('nds_surname', editing?.nds_surname)}
									error={errors.nds_surname}
									hint={msg.awards.ndsSurnameHint}
									autoComplete="off"
								/>
								<TextInput
									label={AWARD_FIELD_LABELS.nds_year}
									name="nds_year"
									inputMode="numeric"
									maxLength={4}
									defaultValue={value('nds_year', editing?.nds_year)}
									error={errors.nds_year}
									hint={msg.awards.ndsYearHint}
									autoComplete="off"
									required
								/>
							</div>
							<div className="admin-form__row">
								<TextInput
									label={AWARD_FIELD_LABELS.award_year}
									name="award_year"
									inputMode="numeric"
									maxLength={4}
									defaultValue={value('award_year', editing?.award_year)}
									error={errors.award_year}
									hint={msg.awards.awardYearHint}
									autoComplete="off"
								/>
								<TextInput
									label={AWARD_FIELD_LABELS.title}
									name="title"
									defaultValue={value('title', editing?.title)}
									error={errors.title}
									hint={msg.awards.titleHint}
									autoComplete="off"
								/>
							</div>
							<TextInput
								label={AWARD_FIELD_LABELS.profession}
								name="profession"
								defaultValue={value('profession', editing?.profession)}
								error={errors.profession}
								autoComplete="off"
							/>
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}

function NameCell({ row }: { row: AwardAdminRow }) {
	return (
		<>
			{fullName(row)}
			{row.nds_surname ? <span className="admin-table__note">{msg.awards.ndsSurnameNote(row.nds_surname)}</span> : null}
		</>
	)
}

/** Step 1: the file, folded away above the list until it is needed (a refused file keeps it open). */
function ImportUpload({ failure }: { failure: ActionFailure | null }) {
	return (
		<details className="awards-import" open={failure !== null}>
			<summary>
				<h2 className="admin-panel__subtitle">{msg.awards.csv.importTitle}</h2>
			</summary>
			<p className="admin-intro">
				{msg.awards.csv.importIntro} <code>{AWARD_CSV_COLUMNS.map((column) => column.label).join('; ')}</code>
			</p>
			<AdminForm section={SECTION}>
				{({ saving }) => (
					<>
						<input type="hidden" name="intent" value="import-preview" />
						<div className={`field${failure ? ' field--invalid' : ''}`}>
							<label htmlFor="awards-import-file">{msg.awards.csv.file}</label>
							<input
								id="awards-import-file"
								type="file"
								name="file"
								accept=".csv,text/csv"
								required
								aria-describedby={failure ? 'awards-import-hint awards-import-error' : 'awards-import-hint'}
								aria-invalid={failure ? true : undefined}
							/>
							<p className="field__hint" id="awards-import-hint">
								{msg.awards.csv.fileHint}
							</p>
							{failure?.message ? (
								<p className="field__error" id="awards-import-error" role="alert">
									{failure.message}
								</p>
							) : null}
						</div>
						<div className="admin-form__actions">
							<button type="submit" className="button" disabled={saving}>
								{msg.awards.csv.preview}
							</button>
						</div>
					</>
				)}
			</AdminForm>
		</details>
	)
}

const STATUS = {
	new: { label: msg.awards.csv.statusNew, className: 'status-badge status-badge--published' },
	invalid: { label: msg.awards.csv.statusInvalid, className: 'status-badge status-badge--invalid' },
	duplicate: { label: msg.awards.csv.statusDuplicate, className: 'status-badge status-badge--draft' },
} as const satisfies Record<AwardImportRow['status'], { label: string; className: string }>

/** Step 2: what the file would add, each row's problems, and the confirmation (the file travels in a hidden field). */
function ImportPreview({ view, failure }: { view: AwardsImportView; failure: ActionFailure | null }) {
	const { counts } = view
	return (
		<section className="admin-panel__block" aria-labelledby="awards-preview-title">
			<h2 className="admin-panel__subtitle" id="awards-preview-title">
				{msg.awards.csv.previewTitle(view.fileName)}
			</h2>
			<p className="admin-panel__status" role="status">
				{msg.awards.csv.summary(counts.total, counts.new, counts.invalid, counts.duplicate)}
			</p>
			<AdminForm section={SECTION} failure={failure}>
				{({ saving }) => (
					<>
						<input type="hidden" name="intent" value="import-confirm" />
						<input type="hidden" name="csv" value={view.csv} />
						<input type="hidden" name="file_name" value={view.fileName} />
						<div className="admin-table-wrap">
							<table className="admin-table">
								<caption className="sr-only">{msg.awards.csv.previewCaption}</caption>
								<thead>
									<tr>
										<th scope="col">{msg.awards.csv.row}</th>
										<th scope="col">{msg.awards.csv.status}</th>
										<th scope="col">{msg.awards.name}</th>
										<th scope="col">{AWARD_FIELD_LABELS.nds_year}</th>
										<th scope="col">{AWARD_FIELD_LABELS.award_year}</th>
										<th scope="col">{AWARD_FIELD_LABELS.profession}</th>
										<th scope="col">{msg.awards.csv.problems}</th>
									</tr>
								</thead>
								<tbody>
									{view.rows.map((row) => (
										<tr key={row.row} data-import-status={row.status}>
											<td>{row.row}</td>
											<td>
												<span className={STATUS[row.status].className}>{STATUS[row.status].label}</span>
											</td>
											<td>{fullName(row.values) || <Muted />}</td>
											<td>{row.values.nds_year || <Muted />}</td>
											<td>{row.values.award_year || <Muted />}</td>
											<td>{row.values.profession || <Muted />}</td>
											<td>
												{row.errors.length > 0 ? (
													<ul className="import-problems">
														{row.errors.map((error) => (
															<li key={`${error.field}:${error.message}`}>
																<strong>{error.field}:</strong> {error.message}
															</li>
														))}
													</ul>
												) : null}
											</td>
										</tr>
									))}
								</tbody>
							</table>
						</div>
						{counts.invalid > 0 ? (
							<Checkbox
								label={msg.awards.csv.skipInvalid}
								name="skip_invalid"
								defaultChecked={view.skipInvalid}
								hint={msg.awards.csv.skipHint}
							/>
						) : null}
						<div className="admin-form__actions">
							<a className="button button--ghost" href={sectionHref(SECTION)}>
								{msg.awards.csv.cancel}
							</a>
							<button type="submit" className="button" disabled={saving || counts.new === 0}>
								{msg.awards.csv.confirm}
							</button>
						</div>
					</>
				)}
			</AdminForm>
		</section>
	)
}
