import { useNavigate, useSearchParams } from 'react-router'
import { AdminForm, AdminPanel, DeleteConfirmPanel, FormActions, RowActions, tabHref, useDeleteRow } from '#app/components/admin/crud.tsx'
import { Dialog } from '#app/components/admin/dialog.tsx'
import { FormAlert, TextInput } from '#app/components/admin/fields.tsx'
import { useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDate, includesTr } from '#app/lib/tr.ts'
import type { CalendarAdminData } from '../calendar.admin.server.ts'

const TAB = 'calendar'

export function CalendarAdmin({ data, failure }: { data: CalendarAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const navigate = useNavigate()
	const query = useAdminSearch()
	const { hidden, failure: deleteFailure, remove } = useDeleteRow(TAB)
	const creating = params.get('new') === '1'
	const editing = data.editing
	const confirmId = Number(params.get('delete'))
	const confirming = data.rows.find((row) => row.id === confirmId)
	const rows = data.rows.filter((row) => !hidden.has(row.id) && (!query || includesTr(`${row.title} ${formatDate(row.date)}`, query)))
	const close = () => navigate(tabHref(TAB), { replace: true, preventScrollReset: true })
	const values = failure?.values

	return (
		<AdminPanel title="Takvim" tab={TAB} alert={<FormAlert failure={deleteFailure ?? (creating || editing ? null : failure)} />}>
			{confirming ? <DeleteConfirmPanel tab={TAB} id={confirming.id} question={`"${confirming.title}" kaydı silinsin mi?`} /> : null}
			<div className="admin-table-wrap">
				<table className="admin-table">
					<caption className="sr-only">Takvim kayıtları</caption>
					<thead>
						<tr>
							<th scope="col">Tarih</th>
							<th scope="col">Başlık</th>
							<th scope="col">
								<span className="sr-only">İşlemler</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{rows.length === 0 ? (
							<tr>
								<td colSpan={3} className="admin-table__empty">
									{query && data.rows.length > 0 ? 'Aramayla eşleşen kayıt yok.' : msg.calendar.adminEmpty}
								</td>
							</tr>
						) : (
							rows.map((row) => (
								<tr key={row.id}>
									<td>
										<time dateTime={row.date}>{formatDate(row.date)}</time>
									</td>
									<td>{row.title}</td>
									<RowActions tab={TAB} id={row.id} label={row.title} confirmText={`"${row.title}" kaydı silinsin mi?`} onDelete={remove} />
								</tr>
							))
						)}
					</tbody>
				</table>
			</div>
			{creating || editing ? (
				<Dialog title={editing ? 'Takvim kaydını düzenle' : 'Yeni takvim kaydı'} onClose={close} closeHref={tabHref(TAB)}>
					<AdminForm tab={TAB} failure={failure} mode={editing ? { edit: editing.id } : { new: 1 }}>
						{({ saving, progress, failure: shown }) => (
							<>
								<input type="hidden" name="intent" value="save" />
								{editing ? <input type="hidden" name="id" value={editing.id} /> : null}
								<TextInput
									label="Başlık"
									name="title"
									defaultValue={values?.title ?? editing?.title ?? ''}
									error={shown?.fieldErrors?.title}
									autoComplete="off"
								/>
								<TextInput
									label="Tarih"
									name="date"
									type="date"
									defaultValue={values?.date ?? editing?.date ?? ''}
									error={shown?.fieldErrors?.date}
								/>
								<FormActions tab={TAB} onCancel={close} saving={saving} progress={progress} />
							</>
						)}
					</AdminForm>
				</Dialog>
			) : null}
		</AdminPanel>
	)
}
