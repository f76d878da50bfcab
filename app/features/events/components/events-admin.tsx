import { useNavigate, useSearchParams } from 'react-router'
import { AdminForm, AdminPanel, DeleteConfirmPanel, FormActions, RowActions, tabHref, useDeleteRow } from '#app/components/admin/crud.tsx'
import { Dialog } from '#app/components/admin/dialog.tsx'
import { CoverAndHeroPickers, FeaturedFields } from '#app/components/admin/featured-media-fields.tsx'
import { FormAlert, TextArea, TextInput } from '#app/components/admin/fields.tsx'
import { RichText } from '#app/components/admin/rich-text.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import { msg } from '#app/lib/messages.ts'
import { includesTr } from '#app/lib/tr.ts'
import type { EventsAdminData } from '../events.admin.server.ts'

const TAB = 'events'

export function EventsAdmin({ data, failure }: { data: EventsAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const navigate = useNavigate()
	const query = useAdminSearch()
	const { hidden, failure: deleteFailure, remove } = useDeleteRow(TAB)
	const creating = params.get('new') === '1'
	const editing = data.editing
	const confirmId = Number(params.get('delete'))
	const confirming = data.rows.find((row) => row.id === confirmId)
	const rows = data.rows.filter(
		(row) => !hidden.has(row.id) && (!query || includesTr(`${row.title} /${row.slug} ${row.when ?? ''} ${row.location ?? ''}`, query)),
	)
	const close = () => navigate(tabHref(TAB), { replace: true, preventScrollReset: true })
	const values = failure?.values
	const alert = deleteFailure ?? (creating || editing ? null : failure)

	return (
		<AdminPanel
			title={msg.events.adminTitle}
			tab={TAB}
			alert={
				<>
					{data.loadError ? (
						<p className="form-error" role="alert">
							{data.loadError}
						</p>
					) : null}
					<FormAlert failure={alert} />
				</>
			}
		>
			{confirming ? <DeleteConfirmPanel tab={TAB} id={confirming.id} question={msg.events.confirmDelete} /> : null}
			<div className="admin-table-wrap">
				<table className="admin-table">
					<caption className="sr-only">Etkinlikler, en yeni tarih önce</caption>
					<thead>
						<tr>
							<th scope="col">Tarih / saat</th>
							<th scope="col">Başlık</th>
							<th scope="col">Ana sayfa</th>
							<th scope="col">Yer</th>
							<th scope="col">
								<span className="sr-only">İşlemler</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{rows.length === 0 ? (
							<tr>
								<td colSpan={5} className="admin-table__empty">
									{query && data.rows.length > 0 ? 'Aramayla eşleşen kayıt yok.' : msg.events.empty}
								</td>
							</tr>
						) : (
							rows.map((row) => (
								<tr key={row.id}>
									<td>{row.startsAt && row.when ? <time dateTime={row.startsAt}>{row.when}</time> : '—'}</td>
									<td>
										{row.title}
										<br />
										<span className="admin-table__muted">/{row.slug}</span>
									</td>
									<td>{row.featuredHome ? msg.common.yes : msg.common.no}</td>
									<td>{row.location ?? '—'}</td>
									<RowActions tab={TAB} id={row.id} label={row.title} confirmText={msg.events.confirmDelete} onDelete={remove} />
								</tr>
							))
						)}
					</tbody>
				</table>
			</div>
			{creating || editing ? (
				<Dialog title={editing ? 'Etkinliği düzenle' : 'Yeni etkinlik'} onClose={close} closeHref={tabHref(TAB)} wide>
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
									label="Adres (slug)"
									name="slug"
									defaultValue={values?.slug ?? editing?.slug ?? ''}
									error={shown?.fieldErrors?.slug}
									autoComplete="off"
									spellCheck={false}
									hint="Sayfanın adresi: /duyurular/etkinlikler/… Boş bırakılırsa başlıktan üretilir."
								/>
								<div className="admin-form__row">
									<TextInput
										label="Başlangıç"
										name="starts_at"
										type="datetime-local"
										defaultValue={values?.starts_at ?? editing?.startsAt ?? ''}
										error={shown?.fieldErrors?.starts_at}
										hint="İstanbul saatiyle."
									/>
									<TextInput
										label="Bitiş"
										name="ends_at"
										type="datetime-local"
										defaultValue={values?.ends_at ?? editing?.endsAt ?? ''}
										error={shown?.fieldErrors?.ends_at}
										hint="İsteğe bağlı."
									/>
								</div>
								<TextInput
									label="Yer"
									name="location"
									defaultValue={values?.location ?? editing?.location ?? ''}
									error={shown?.fieldErrors?.location}
								/>
								<TextArea
									label="Kısa açıklama"
									name="lead"
									rows={2}
									defaultValue={values?.lead ?? editing?.lead ?? ''}
									error={shown?.fieldErrors?.lead}
									hint="İsteğe bağlı; sayfanın başında ve ana sayfa slaytında görünür."
								/>
								<RichText name="body" label="Metin" defaultValue={values?.body ?? editing?.body ?? ''} />
								<CoverAndHeroPickers editing={editing} errors={shown?.fieldErrors} />
								<FeaturedFields
									editing={editing}
									values={values}
									errors={shown?.fieldErrors}
									hint="Etkinlik ana sayfanın büyük slaytlarında gösterilir."
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
