import { useId } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { AdminForm, AdminPanel, DeleteConfirmPanel, FormActions, RowActions, tabHref, useDeleteRow } from '#app/components/admin/crud.tsx'
import { Dialog } from '#app/components/admin/dialog.tsx'
import { FilePicker, FormAlert, TextInput } from '#app/components/admin/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import { useListLoading } from '#app/features/admin/use-list-loading.ts'
import { msg } from '#app/lib/messages.ts'
import { compareTr, includesTr } from '#app/lib/tr.ts'
import type { MemberPerkAdminData, MemberPerkAdminRow } from '../member-perks.admin.server.ts'
import { PERK_DEFAULT_SORT_INDEX } from '../member-perks.schema.ts'
import { perkCategoryLabel } from '../member-perks.shared.ts'

const TAB = 'memberPerks'

const Muted = () => <span className="admin-table__muted">—</span>

function searchText(row: MemberPerkAdminRow) {
	return [row.businessName, row.category, row.discount, row.discountCode, row.contactPhone, row.contactEmail, row.alumnusName]
		.filter(Boolean)
		.join('\n')
}

export function MemberPerksAdmin({ data, failure }: { data: MemberPerkAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const navigate = useNavigate()
	const query = useAdminSearch()
	const loading = useListLoading(TAB)
	const categoriesId = useId()
	const { hidden, failure: deleteFailure, remove } = useDeleteRow(TAB)
	const creating = params.get('new') === '1'
	const editing = data.editing
	const confirmId = Number(params.get('delete'))
	const confirming = data.rows.find((row) => row.id === confirmId)
	const rows = data.rows.filter((row) => !hidden.has(row.id) && (!query || includesTr(searchText(row), query)))
	const categories = [...new Set(data.rows.map((row) => perkCategoryLabel(row.category)))].toSorted(compareTr)
	const close = () => navigate(tabHref(TAB), { replace: true, preventScrollReset: true })
	const values = failure?.values
	const value = (name: string, current: string | number | null | undefined, fallback = '') =>
		values?.[name] ?? (current === null || current === undefined ? fallback : String(current))

	return (
		<AdminPanel
			title={msg.perks.adminTitle}
			tab={TAB}
			alert={<FormAlert failure={deleteFailure ?? (creating || editing ? null : failure)} />}
		>
			{confirming ? <DeleteConfirmPanel tab={TAB} id={confirming.id} question={msg.perks.confirmDelete(confirming.businessName)} /> : null}
			{/* Spec §8: a failed perks list load is a red line above the table, not an alert. */}
			{data.loadError ? <p className="load-error">{data.loadError}</p> : null}
			<div className="admin-table-wrap">
				<table className="admin-table" aria-busy={loading || undefined}>
					<caption className="sr-only">Üyelere avantaj sunan firmalar, en yeniden eskiye</caption>
					<thead>
						<tr>
							<th scope="col">Logo</th>
							<th scope="col">Firma</th>
							<th scope="col">Kategori</th>
							<th scope="col">İndirim</th>
							<th scope="col">Kod</th>
							<th scope="col">Telefon</th>
							<th scope="col">E-posta</th>
							<th scope="col">Mezun</th>
							<th scope="col">
								<span className="sr-only">İşlemler</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{loading ? (
							<tr>
								<td colSpan={9} className="admin-table__empty">
									<span role="status">{msg.common.loading}</span>
								</td>
							</tr>
						) : rows.length === 0 ? (
							<tr>
								<td colSpan={9} className="admin-table__empty">
									{query && data.rows.length > 0 ? 'Aramayla eşleşen kayıt yok.' : msg.perks.adminEmpty}
								</td>
							</tr>
						) : (
							rows.map((row) => (
								<tr key={row.id}>
									<td>
										{row.logo ? (
											<img
												className="admin-table__thumb admin-table__thumb--logo"
												src={row.logo.src}
												srcSet={row.logo.srcSet}
												sizes="64px"
												width={64}
												height={44}
												alt=""
												loading="lazy"
											/>
										) : (
											<Muted />
										)}
									</td>
									<td>{row.businessName}</td>
									<td>{perkCategoryLabel(row.category)}</td>
									<td>{row.discount ?? <Muted />}</td>
									<td>{row.discountCode ? <code>{row.discountCode}</code> : <Muted />}</td>
									<td>{row.contactPhone ?? <Muted />}</td>
									<td>{row.mailto ? <a href={row.mailto}>{row.contactEmail}</a> : (row.contactEmail ?? <Muted />)}</td>
									<td>{row.alumnusName ?? <Muted />}</td>
									<RowActions
										tab={TAB}
										id={row.id}
										label={row.businessName}
										confirmText={msg.perks.confirmDelete(row.businessName)}
										onDelete={remove}
									/>
								</tr>
							))
						)}
					</tbody>
				</table>
			</div>
			{creating || editing ? (
				<Dialog title={editing ? 'Avantajı düzenle' : 'Yeni avantaj'} onClose={close} closeHref={tabHref(TAB)} wide>
					<AdminForm tab={TAB} failure={failure} mode={editing ? { edit: editing.id } : { new: 1 }}>
						{({ saving, progress, failure: shown }) => (
							<>
								<input type="hidden" name="intent" value="save" />
								{editing ? <input type="hidden" name="id" value={editing.id} /> : null}
								<TextInput
									label="Firma adı"
									name="business_name"
									defaultValue={value('business_name', editing?.businessName)}
									error={shown?.fieldErrors?.business_name}
									autoComplete="off"
								/>
								<div className="admin-form__row">
									<TextInput
										label="Kategori"
										name="category"
										list={categoriesId}
										defaultValue={value('category', editing?.category)}
										error={shown?.fieldErrors?.category}
										hint={`Boş bırakılırsa “${msg.perks.otherCategory}”.`}
										autoComplete="off"
									/>
									<TextInput
										label="Sıra"
										name="idx"
										type="number"
										inputMode="numeric"
										step={1}
										defaultValue={value('idx', editing ? editing.idx : PERK_DEFAULT_SORT_INDEX, String(PERK_DEFAULT_SORT_INDEX))}
										error={shown?.fieldErrors?.idx}
										hint="Küçük sayılar önce gösterilir."
									/>
								</div>
								<datalist id={categoriesId}>
									{categories.map((category) => (
										<option key={category} value={category}>
											{category}
										</option>
									))}
								</datalist>
								<div className="admin-form__row">
									<TextInput
										label="İndirim"
										name="discount"
										defaultValue={value('discount', editing?.discount)}
										error={shown?.fieldErrors?.discount}
									/>
									<TextInput
										label="İndirim kodu"
										name="discount_code"
										defaultValue={value('discount_code', editing?.discountCode)}
										error={shown?.fieldErrors?.discount_code}
										autoComplete="off"
									/>
								</div>
								<div className="admin-form__row">
									<TextInput
										label="İletişim telefonu"
										name="contact_phone"
										type="tel"
										defaultValue={value('contact_phone', editing?.contactPhone)}
										error={shown?.fieldErrors?.contact_phone}
									/>
									<TextInput
										label="İletişim e-postası"
										name="contact_email"
										type="email"
										defaultValue={value('contact_email', editing?.contactEmail)}
										error={shown?.fieldErrors?.contact_email}
									/>
								</div>
								<TextInput
									label="Mezunumuzun adı"
									name="alumnus_name"
									defaultValue={value('alumnus_name', editing?.alumnusName)}
									error={shown?.fieldErrors?.alumnus_name}
								/>
								<FilePicker
									label="Logo"
									name="logo_file"
									keyName="logo_key"
									accept="image/*"
									currentKey={editing?.logoKey}
									currentUrl={editing?.logo?.src}
									error={shown?.fieldErrors?.logo_file}
									hint="JPEG, PNG, WebP, GIF veya AVIF; en fazla 15 MB."
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
