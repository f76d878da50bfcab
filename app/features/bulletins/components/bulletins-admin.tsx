import { useNavigate, useSearchParams } from 'react-router'
import { AdminForm, AdminPanel, DeleteConfirmPanel, FormActions, RowActions, tabHref, useDeleteRow } from '#app/components/admin/crud.tsx'
import { Dialog } from '#app/components/admin/dialog.tsx'
import { FilePicker, FormAlert, SelectInput, TextInput } from '#app/components/admin/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import { msg } from '#app/lib/messages.ts'
import { includesTr, MONTH_NAMES, monthName } from '#app/lib/tr.ts'
import type { BulletinAdminData } from '../bulletins.admin.server.ts'
import { BULLETIN_MAX_YEAR, BULLETIN_MIN_YEAR } from '../bulletins.schema.ts'

const TAB = 'bulletins'
const MONTH_OPTIONS = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))

export function BulletinsAdmin({ data, failure }: { data: BulletinAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const navigate = useNavigate()
	const query = useAdminSearch()
	const { hidden, failure: deleteFailure, remove } = useDeleteRow(TAB)
	const creating = params.get('new') === '1'
	const editing = data.editing
	const confirmId = Number(params.get('delete'))
	const confirming = data.rows.find((row) => row.id === confirmId)
	const label = (row: { year: number; month: number }) => `${monthName(row.month)} ${row.year}`
	const rows = data.rows.filter((row) => !hidden.has(row.id) && (!query || includesTr(label(row), query)))
	const close = () => navigate(tabHref(TAB), { replace: true, preventScrollReset: true })
	const values = failure?.values

	return (
		<AdminPanel
			title={msg.bulletins.adminTitle}
			tab={TAB}
			alert={
				<>
					{data.loadError ? (
						<p className="form-error" role="alert">
							{data.loadError}
						</p>
					) : null}
					<FormAlert failure={deleteFailure ?? (creating || editing ? null : failure)} />
				</>
			}
		>
			{confirming ? (
				<DeleteConfirmPanel tab={TAB} id={confirming.id} question={`${msg.bulletins.confirmDelete} (${label(confirming)})`} />
			) : null}
			<div className="admin-table-wrap">
				<table className="admin-table">
					<caption className="sr-only">Bültenler, en yeniden eskiye</caption>
					<thead>
						<tr>
							<th scope="col">Ay</th>
							<th scope="col">Yıl</th>
							<th scope="col">PDF</th>
							<th scope="col">
								<span className="sr-only">İşlemler</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{rows.length === 0 ? (
							<tr>
								<td colSpan={4} className="admin-table__empty">
									{query && data.rows.length > 0 ? 'Aramayla eşleşen kayıt yok.' : msg.bulletins.empty}
								</td>
							</tr>
						) : (
							rows.map((row) => (
								<tr key={row.id}>
									<td>{monthName(row.month)}</td>
									<td>{row.year}</td>
									<td>
										{row.pdfHref ? (
											<a
												href={row.pdfHref}
												target="_blank"
												rel="noopener noreferrer"
												aria-label={`${label(row)} PDF’ini görüntüle ${msg.layout.newTab}`}
											>
												Görüntüle
											</a>
										) : (
											<span className="admin-table__muted">—</span>
										)}
									</td>
									<RowActions tab={TAB} id={row.id} label={label(row)} confirmText={msg.bulletins.confirmDelete} onDelete={remove} />
								</tr>
							))
						)}
					</tbody>
				</table>
			</div>
			{creating || editing ? (
				<Dialog title={editing ? 'Bülteni düzenle' : 'Yeni bülten'} onClose={close} closeHref={tabHref(TAB)}>
					<AdminForm tab={TAB} failure={failure} mode={editing ? { edit: editing.id } : { new: 1 }}>
						{({ saving, progress, failure: shown }) => (
							<>
								<input type="hidden" name="intent" value="save" />
								{editing ? <input type="hidden" name="id" value={editing.id} /> : null}
								<FilePicker
									label="PDF dosyası"
									name="pdf_file"
									keyName="pdf_key"
									kind="pdf"
									accept="application/pdf"
									currentKey={editing?.pdfKey}
									currentUrl={editing?.pdfHref}
									removable={false}
									error={shown?.fieldErrors?.pdf_file}
									hint={editing ? 'Yeni bir PDF seçerseniz mevcut dosyanın yerine geçer. En fazla 30 MB.' : 'En fazla 30 MB.'}
								/>
								<div className="admin-form__row">
									<SelectInput
										label="Ay"
										name="month"
										options={MONTH_OPTIONS}
										defaultValue={values?.month ?? String(editing?.month ?? data.defaults.month)}
										error={shown?.fieldErrors?.month}
									/>
									<TextInput
										label="Yıl"
										name="year"
										type="number"
										inputMode="numeric"
										min={BULLETIN_MIN_YEAR}
										max={BULLETIN_MAX_YEAR}
										step={1}
										defaultValue={values?.year ?? String(editing?.year ?? data.defaults.year)}
										error={shown?.fieldErrors?.year}
									/>
								</div>
								<p className="field__hint">Seçilen ay ve yıl için kayıtlı bir bülten varsa kaydettiğiniz bülten onun yerine geçer.</p>
								<FormActions tab={TAB} onCancel={close} saving={saving} progress={progress} />
							</>
						)}
					</AdminForm>
				</Dialog>
			) : null}
		</AdminPanel>
	)
}
