import { useSearchParams } from 'react-router'
import { AdminTable, ThumbCell } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { FeaturedFields, LeadBodyAndPictures } from '#app/features/admin/components/featured-media-fields.tsx'
import { SelectInput, TextInput } from '#app/features/admin/components/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { AnnouncementsAdminData } from '../announcements.admin.server.ts'
import type { AnnouncementAdminRow } from '../announcements.write.server.ts'

const SECTION = 'duyurular'

const STATUS_OPTIONS = [
	{ value: 'draft', label: msg.announcements.draft },
	{ value: 'published', label: msg.announcements.published },
]

const statusLabel = (row: AnnouncementAdminRow) => (row.status === 'published' ? msg.announcements.published : msg.announcements.draft)

export function AnnouncementsAdmin({ data, failure }: { data: AnnouncementsAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	return (
		<AdminPanel title={msg.announcements.adminTitle} section={SECTION} failure={failure}>
			<AdminTable
				section={SECTION}
				caption={msg.announcements.adminCaption}
				className="admin-table--announcements"
				rows={data.rows}
				reorder={{}}
				label={(row) => row.title}
				searchText={(row) => `${row.title} ${row.date ? formatDate(row.date) : ''} ${statusLabel(row)}`}
				emptyText={msg.announcements.empty}
				confirmText={() => msg.announcements.confirmDelete}
				columns={[
					{ header: msg.fields.cover, cell: (row) => <ThumbCell image={row.cover} /> },
					{ header: msg.fields.title, cell: (row) => row.title },
					{ header: msg.fields.date, cell: (row) => (row.date ? <time dateTime={row.date}>{formatDate(row.date)}</time> : '—') },
					{
						header: msg.fields.status,
						cell: (row) => <span className={`status-badge status-badge--${row.status}`}>{statusLabel(row)}</span>,
					},
				]}
			/>
			{open ? (
				<EditDialog
					section={SECTION}
					editingId={editing?.id ?? null}
					title={editing ? msg.announcements.editTitle : msg.announcements.newTitle}
					failure={failure}
					wide
					fields={({ failure: shown, errors, value }) => (
						<>
							<TextInput
								label={msg.fields.title}
								name="title"
								defaultValue={value('title', editing?.title)}
								error={errors.title}
								autoComplete="off"
							/>
							<LeadBodyAndPictures editing={editing} errors={errors} value={value} />
							<div className="admin-form__row">
								<TextInput
									label={msg.fields.date}
									name="date"
									type="date"
									defaultValue={value('date', editing?.date, data.today)}
									error={errors.date}
								/>
								<SelectInput
									label={msg.fields.status}
									name="status"
									options={STATUS_OPTIONS}
									defaultValue={value('status', editing?.status, 'draft')}
									error={errors.status}
								/>
							</div>
							<FeaturedFields editing={editing} values={shown?.values} errors={errors} hint={msg.announcements.featuredHint} />
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}
