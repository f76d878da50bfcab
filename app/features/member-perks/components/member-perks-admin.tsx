import { useSearchParams } from 'react-router'
import { AdminTable, Muted, ThumbCell } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { FilePicker, SelectInput, TextInput } from '#app/features/admin/components/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import type { MemberPerkAdminData, MemberPerkAdminRow } from '../member-perks.admin.server.ts'
import { NEW_CATEGORY, PERK_DEFAULT_SORT_INDEX } from '../member-perks.schema.ts'
import { perkCategoryLabel } from '../member-perks.shared.ts'

const SECTION = 'uye-avantajlari'

function searchText(row: MemberPerkAdminRow) {
	return [
		row.businessName,
		row.category,
		row.discount,
		row.discountCode,
		row.contactPhone,
		row.contactEmail,
		row.contactWeb,
		row.contactAddress,
		row.alumnusName,
	]
		.filter(Boolean)
		.join('\n')
}

export function MemberPerksAdmin({ data, failure }: { data: MemberPerkAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	return (
		<AdminPanel title={msg.perks.adminTitle} section={SECTION} failure={failure}>
			{/* Spec §8: a failed perks list load is a red line above the table, not an alert. */}
			{data.loadError ? <p className="load-error">{data.loadError}</p> : null}
			<AdminTable
				section={SECTION}
				caption={msg.perks.adminCaption}
				rows={data.rows}
				label={(row) => row.businessName}
				searchText={searchText}
				emptyText={msg.perks.adminEmpty}
				confirmText={(row) => msg.perks.confirmDelete(row.businessName)}
				columns={[
					{ header: msg.fields.logo, cell: (row) => <ThumbCell image={row.logo} logo /> },
					{ header: msg.perks.firm, cell: (row) => row.businessName },
					{ header: msg.perks.category, cell: (row) => perkCategoryLabel(row.category) },
					{ header: msg.perks.discount, cell: (row) => row.discount ?? <Muted /> },
					{ header: msg.perks.codeShort, cell: (row) => (row.discountCode ? <code>{row.discountCode}</code> : <Muted />) },
					{ header: msg.perks.phone, cell: (row) => row.contactPhone ?? <Muted /> },
					{
						header: msg.perks.email,
						cell: (row) => (row.mailto ? <a href={row.mailto}>{row.contactEmail}</a> : (row.contactEmail ?? <Muted />)),
					},
					{ header: msg.perks.alumnusShort, cell: (row) => row.alumnusName ?? <Muted /> },
				]}
			/>
			{open ? (
				<EditDialog
					section={SECTION}
					revisions={data.revisions}
					editingId={editing?.id ?? null}
					title={editing ? msg.perks.editTitle : msg.perks.newTitle}
					failure={failure}
					wide
					fields={({ errors, value }) => (
						<>
							<TextInput
								label={msg.perks.businessName}
								name="business_name"
								defaultValue={value('business_name', editing?.businessName)}
								error={errors.business_name}
								autoComplete="off"
							/>
							<div className="admin-form__row">
								<SelectInput
									label={msg.perks.category}
									name="category"
									options={[
										...data.categories.map((category) => ({ value: category, label: category })),
										{ value: NEW_CATEGORY, label: msg.perks.newCategoryOption },
									]}
									defaultValue={value('category', editing ? perkCategoryLabel(editing.category) : msg.perks.otherCategory)}
									error={errors.category}
									hint={msg.perks.categoryChoose}
								/>
								<TextInput
									label={msg.perks.newCategory}
									name="new_category"
									defaultValue={value('new_category', '')}
									error={errors.new_category}
									hint={msg.perks.newCategoryHint}
									autoComplete="off"
								/>
							</div>
							<div className="admin-form__row">
								<TextInput
									label={msg.perks.discount}
									name="discount"
									defaultValue={value('discount', editing?.discount)}
									error={errors.discount}
								/>
								<TextInput
									label={msg.perks.code}
									name="discount_code"
									defaultValue={value('discount_code', editing?.discountCode)}
									error={errors.discount_code}
									autoComplete="off"
								/>
							</div>
							<div className="admin-form__row">
								<TextInput
									label={msg.perks.contactPhone}
									name="contact_phone"
									type="tel"
									defaultValue={value('contact_phone', editing?.contactPhone)}
									error={errors.contact_phone}
								/>
								<TextInput
									label={msg.perks.contactEmail}
									name="contact_email"
									type="email"
									defaultValue={value('contact_email', editing?.contactEmail)}
									error={errors.contact_email}
								/>
							</div>
							<div className="admin-form__row">
								<TextInput
									label={msg.perks.contactWeb}
									name="contact_web"
									inputMode="url"
									defaultValue={value('contact_web', editing?.contactWeb)}
									error={errors.contact_web}
									hint={msg.perks.contactWebHint}
								/>
								<TextInput
									label={msg.perks.contactAddress}
									name="contact_address"
									defaultValue={value('contact_address', editing?.contactAddress)}
									error={errors.contact_address}
								/>
							</div>
							<div className="admin-form__row">
								<TextInput
									label={msg.perks.alumnusName}
									name="alumnus_name"
									defaultValue={value('alumnus_name', editing?.alumnusName)}
									error={errors.alumnus_name}
								/>
								<TextInput
									label={msg.perks.orderOptional}
									name="idx"
									type="number"
									inputMode="numeric"
									step={1}
									defaultValue={value('idx', editing?.idx === PERK_DEFAULT_SORT_INDEX ? null : editing?.idx, '')}
									error={errors.idx}
									hint={msg.perks.orderHint}
								/>
							</div>
							<FilePicker
								label={msg.fields.logo}
								name="logo_file"
								keyName="logo_key"
								accept="image/*"
								currentKey={editing?.logoKey}
								currentUrl={editing?.logo?.src}
								error={errors.logo_file}
								hint={msg.fields.imageHint}
							/>
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}
