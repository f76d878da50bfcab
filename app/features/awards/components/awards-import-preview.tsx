import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { Muted } from '#app/features/admin/components/admin-table.tsx'
import { AdminForm } from '#app/features/admin/components/crud.tsx'
import { Checkbox } from '#app/features/admin/components/fields.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { AwardImportRow, AwardsImportView } from '../awards-csv.server.ts'
import { AWARD_FIELD_LABELS } from '../awards.schema.ts'
import { AWARDS_SECTION, awardFullName } from '../awards.shared.ts'

const STATUS = {
	new: { label: msg.awards.csv.statusNew, className: 'status-badge status-badge--published' },
	invalid: { label: msg.awards.csv.statusInvalid, className: 'status-badge status-badge--invalid' },
	duplicate: { label: msg.awards.csv.statusDuplicate, className: 'status-badge status-badge--draft' },
} as const satisfies Record<AwardImportRow['status'], { label: string; className: string }>

/** Import step 2: what the file would add, each row's problems, and the confirmation (the file travels in a hidden field). */
export function AwardsImportPreview({ view, failure }: { view: AwardsImportView; failure: ActionFailure | null }) {
	const { counts } = view
	return (
		<section className="admin-panel__block" aria-labelledby="awards-preview-title">
			<h2 className="admin-panel__subtitle" id="awards-preview-title">
				{msg.awards.csv.previewTitle(view.fileName)}
			</h2>
			<p className="admin-panel__status" role="status">
				{msg.awards.csv.summary(counts.total, counts.new, counts.invalid, counts.duplicate)}
			</p>
			<AdminForm section={AWARDS_SECTION} failure={failure}>
				{({ saving }) => (
					<>
						<input type="hidden" name="intent" value="import-confirm" />
						<input type="hidden" name="csv" value={view.csv} />
						<input type="hidden" name="file_name" value={view.fileName} />
						<PreviewTable rows={view.rows} />
						{counts.invalid > 0 ? (
							<Checkbox
								label={msg.awards.csv.skipInvalid}
								name="skip_invalid"
								defaultChecked={view.skipInvalid}
								hint={msg.awards.csv.skipHint}
							/>
						) : null}
						<div className="admin-form__actions">
							<a className="button button--ghost" href={sectionHref(AWARDS_SECTION)}>
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

function PreviewTable({ rows }: { rows: Array<AwardImportRow> }) {
	return (
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
					{rows.map((row) => (
						<tr key={row.row} data-import-status={row.status}>
							<td data-label={msg.awards.csv.row}>{row.row}</td>
							<td data-label={msg.awards.csv.status}>
								<span className={STATUS[row.status].className}>{STATUS[row.status].label}</span>
							</td>
							<td data-label={msg.awards.name}>{awardFullName(row.values) || <Muted />}</td>
							<td data-label={AWARD_FIELD_LABELS.nds_year}>{row.values.nds_year || <Muted />}</td>
							<td data-label={AWARD_FIELD_LABELS.award_year}>{row.values.award_year || <Muted />}</td>
							<td data-label={AWARD_FIELD_LABELS.profession}>{row.values.profession || <Muted />}</td>
							<td data-label={msg.awards.csv.problems}>
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
	)
}
