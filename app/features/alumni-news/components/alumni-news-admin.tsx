import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { AdminForm, AdminPanel, DeleteConfirmPanel, FormActions, RowActions, tabHref, useDeleteRow } from '#app/components/admin/crud.tsx'
import { Dialog } from '#app/components/admin/dialog.tsx'
import { FilePicker, FormAlert, TextArea, TextInput } from '#app/components/admin/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import { useListLoading } from '#app/features/admin/use-list-loading.ts'
import { msg } from '#app/lib/messages.ts'
import { includesTr } from '#app/lib/tr.ts'
import type { AlumniNewsAdminData } from '../alumni-news.admin.server.ts'
import { alumniNewsPath } from '../alumni-news.shared.ts'

const TAB = 'alumniNews'

export function AlumniNewsAdmin({ data, failure }: { data: AlumniNewsAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const navigate = useNavigate()
	const query = useAdminSearch()
	const loading = useListLoading(TAB)
	const [uploading, setUploading] = useState(false)
	const { hidden, failure: deleteFailure, remove } = useDeleteRow(TAB)
	const creating = params.get('new') === '1'
	const editing = data.editing
	const confirmId = Number(params.get('delete'))
	const confirming = data.rows.find((row) => row.id === confirmId)
	// Spec §2: the search box filters title and description, case-insensitively, the Turkish way.
	const rows = data.rows.filter((row) => !hidden.has(row.id) && (!query || includesTr(`${row.title}\n${row.description ?? ''}`, query)))
	const close = () => navigate(tabHref(TAB), { replace: true, preventScrollReset: true })
	const values = failure?.values

	return (
		<AdminPanel
			title={msg.alumniNews.adminTitle}
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
			{confirming ? <DeleteConfirmPanel tab={TAB} id={confirming.id} question={msg.admin.confirmDeleteTitled(confirming.title)} /> : null}
			<div className="admin-table-wrap">
				<table className="admin-table" aria-busy={loading || undefined}>
					<caption className="sr-only">Mezunlardan haberler, en yeniden eskiye</caption>
					<thead>
						<tr>
							<th scope="col">Görsel</th>
							<th scope="col">Başlık</th>
							<th scope="col">Bağlantı</th>
							<th scope="col">
								<span className="sr-only">İşlemler</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{loading ? (
							<tr>
								<td colSpan={4} className="admin-table__empty">
									<span role="status">{msg.common.loading}</span>
								</td>
							</tr>
						) : rows.length === 0 ? (
							<tr>
								<td colSpan={4} className="admin-table__empty">
									{query && data.rows.length > 0 ? 'Aramayla eşleşen kayıt yok.' : msg.alumniNews.adminEmpty}
								</td>
							</tr>
						) : (
							rows.map((row) => (
								<tr key={row.id}>
									<td>
										{row.image ? (
											<img
												className="admin-table__thumb"
												src={row.image.src}
												srcSet={row.image.srcSet}
												sizes="64px"
												width={64}
												height={44}
												alt=""
												loading="lazy"
											/>
										) : (
											<span className="admin-table__muted">—</span>
										)}
									</td>
									<td>
										<span className="admin-table__title">{row.title}</span>
										<br />
										<a className="admin-table__muted" href={alumniNewsPath(row.slug)} target="_blank" rel="noopener noreferrer">
											{alumniNewsPath(row.slug)}
										</a>
									</td>
									<td className="admin-table__link">
										{row.link ? (
											<a href={row.link} target="_blank" rel="noopener noreferrer">
												{row.link}
											</a>
										) : (
											<span className="admin-table__muted">—</span>
										)}
									</td>
									<RowActions
										tab={TAB}
										id={row.id}
										label={row.title}
										confirmText={msg.admin.confirmDeleteTitled(row.title)}
										onDelete={remove}
									/>
								</tr>
							))
						)}
					</tbody>
				</table>
			</div>
			{creating || editing ? (
				<Dialog title={editing ? 'Haberi düzenle' : 'Yeni haber'} onClose={close} closeHref={tabHref(TAB)} wide>
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
									hint={
										editing
											? `Adres: ${alumniNewsPath(editing.slug)} (başlık değişirse adres de değişir)`
											: 'Sayfa adresi başlıktan oluşturulur.'
									}
									autoComplete="off"
								/>
								<TextInput
									label="Bağlantı (isteğe bağlı)"
									name="link"
									type="url"
									inputMode="url"
									placeholder="https://"
									defaultValue={values?.link ?? editing?.link ?? ''}
									error={shown?.fieldErrors?.link}
									hint="Haberin kaynağı; sayfada “Kaynağı aç” olarak yeni sekmede açılır."
								/>
								<TextArea
									label="Açıklama"
									name="description"
									rows={6}
									defaultValue={values?.description ?? editing?.description ?? ''}
									error={shown?.fieldErrors?.description}
								/>
								<FilePicker
									label="Görsel"
									name="image_file"
									keyName="image_key"
									accept="image/*"
									currentKey={editing?.imageKey}
									currentUrl={editing?.image?.src}
									error={shown?.fieldErrors?.image_file}
									hint="JPEG, PNG, WebP, GIF veya AVIF; en fazla 15 MB."
									onBusyChange={setUploading}
								/>
								<FormActions tab={TAB} onCancel={close} saving={saving} progress={progress} disabled={uploading} />
							</>
						)}
					</AdminForm>
				</Dialog>
			) : null}
		</AdminPanel>
	)
}
