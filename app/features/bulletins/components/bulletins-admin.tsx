import { useSearchParams } from 'react-router'
import { AdminTable, Muted } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { FilePicker, SelectInput, TextInput } from '#app/features/admin/components/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import { MONTH_NAMES, monthName } from '#app/lib/tr.ts'
import type { BulletinAdminData } from '../bulletins.admin.server.ts'
import { BULLETIN_MAX_YEAR, BULLETIN_MIN_YEAR } from '../bulletins.schema.ts'

const SECTION = 'bultenler'
const MONTH_OPTIONS = MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))
const labelOf = (row: { year: number; month: number }) => `${monthName(row.month)} ${row.year}`

export function BulletinsAdmin({ data, failure }: { data: BulletinAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	return (
		<AdminPanel title={msg.bulletins.adminTitle} section={SECTION} failure={failure} loadError={data.loadError}>
			<AdminTable
				section={SECTION}
				caption={msg.bulletins.adminCaption}
				rows={data.rows}
				label={labelOf}
				searchText={labelOf}
				emptyText={msg.bulletins.empty}
				confirmText={() => msg.bulletins.confirmDelete}
				columns={[
					{ header: msg.fields.month, cell: (row) => monthName(row.month) },
					{ header: msg.fields.year, cell: (row) => row.year },
					{
						header: msg.fields.pdf,
						cell: (row) =>
							row.pdfHref ? (
								<a
									href={row.pdfHref}
									target="_blank"
									rel="noopener noreferrer"
									aria-label={msg.bulletins.viewLabel(labelOf(row), msg.layout.newTab)}
								>
									{msg.bulletins.view}
								</a>
							) : (
								<Muted />
							),
					},
				]}
			/>
			{open ? (
				<EditDialog
					section={SECTION}
					editingId={editing?.id ?? null}
					title={editing ? msg.bulletins.editTitle : msg.bulletins.newTitle}
					failure={failure}
					fields={({ errors, value }) => (
						<>
							<FilePicker
								label={msg.bulletins.pdfFile}
								name="pdf_file"
								keyName="pdf_key"
								kind="pdf"
								accept="application/pdf"
								currentKey={editing?.pdfKey}
								currentUrl={editing?.pdfHref}
								removable={false}
								error={errors.pdf_file}
								hint={editing ? msg.bulletins.pdfReplaceHint : msg.bulletins.pdfHint}
							/>
							<div className="admin-form__row">
								<SelectInput
									label={msg.fields.month}
									name="month"
									options={MONTH_OPTIONS}
									defaultValue={value('month', editing?.month ?? data.defaults.month)}
									error={errors.month}
								/>
								<TextInput
									label={msg.fields.year}
									name="year"
									type="number"
									inputMode="numeric"
									min={BULLETIN_MIN_YEAR}
									max={BULLETIN_MAX_YEAR}
									step={1}
									defaultValue={value('year', editing?.year ?? data.defaults.year)}
									error={errors.year}
								/>
							</div>
							<p className="field__hint">{msg.bulletins.replaceNote}</p>
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}
