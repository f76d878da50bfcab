import { useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminTable, Muted } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel } from '#app/features/admin/components/crud.tsx'
import { msg } from '#app/lib/messages.ts'
import type { AwardsImportView } from '../awards-csv.server.ts'
import type { AwardsAdminData } from '../awards.admin.server.ts'
import { AWARD_FIELD_LABELS } from '../awards.schema.ts'
import type { AwardAdminRow } from '../awards.server.ts'
import { AWARDS_SECTION, awardFullName } from '../awards.shared.ts'
import { AwardDialog } from './award-dialog.tsx'
import { AwardsImportPreview } from './awards-import-preview.tsx'
import { AwardsImportUpload } from './awards-import-upload.tsx'

/** The download of the whole list (a resource route under the admin layout). */
export const AWARDS_EXPORT_HREF = '/admin/oduller/disa-aktar'

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
			section={AWARDS_SECTION}
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
			{view ? <AwardsImportPreview view={view} failure={failure ?? null} /> : <AwardsImportUpload failure={uploadFailure} />}
			<AdminTable
				section={AWARDS_SECTION}
				caption={msg.awards.adminCaption}
				rows={data.rows}
				label={awardFullName}
				searchText={(row) => row.searchText}
				emptyText={msg.awards.adminEmpty}
				confirmText={(row) => msg.awards.confirmDelete(awardFullName(row))}
				columns={[
					{ header: AWARD_FIELD_LABELS.award_year, cell: (row) => row.award_year ?? <Muted /> },
					{ header: msg.awards.name, cell: (row) => <NameCell row={row} /> },
					{ header: AWARD_FIELD_LABELS.nds_year, cell: (row) => row.nds_year },
					{ header: AWARD_FIELD_LABELS.title, cell: (row) => row.title ?? <Muted /> },
					{ header: AWARD_FIELD_LABELS.profession, cell: (row) => row.profession ?? <Muted /> },
				]}
			/>
			{open ? <AwardDialog editing={editing} failure={failure} revisions={data.revisions} /> : null}
		</AdminPanel>
	)
}

function NameCell({ row }: { row: AwardAdminRow }) {
	return (
		<>
			{awardFullName(row)}
			{row.nds_surname ? <span className="admin-table__note">{msg.awards.ndsSurnameNote(row.nds_surname)}</span> : null}
		</>
	)
}
