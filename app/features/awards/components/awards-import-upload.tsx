import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm } from '#app/features/admin/components/crud.tsx'
import { msg } from '#app/lib/messages.ts'
import { AWARD_CSV_COLUMNS } from '../awards-csv.ts'
import { AWARDS_SECTION } from '../awards.shared.ts'

/** Import step 1: the file, folded away above the list until it is needed (a refused file keeps it open). */
export function AwardsImportUpload({ failure }: { failure: ActionFailure | null }) {
	return (
		<details className="awards-import" open={failure !== null}>
			<summary>
				<h2 className="admin-panel__subtitle">{msg.awards.csv.importTitle}</h2>
			</summary>
			<p className="admin-intro">
				{msg.awards.csv.importIntro} <code>{AWARD_CSV_COLUMNS.map((column) => column.label).join('; ')}</code>
			</p>
			<AdminForm section={AWARDS_SECTION}>
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
