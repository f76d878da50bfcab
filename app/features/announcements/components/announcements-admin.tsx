import { useSearchParams } from 'react-router'
import { AdminTable, ThumbCell } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { FeaturedFields, LeadBodyAndPictures } from '#app/features/admin/components/featured-media-fields.tsx'
import { SelectInput, TextInput } from '#app/features/admin/components/fields.tsx'
import { StatusBadge, StatusFilter } from '#app/features/admin/components/status-filter.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { AnnouncementsAdminData } from '../announcements.admin.server.ts'
import type { AnnouncementStatusFilter } from '../announcements.shared.ts'
import type { AnnouncementAdminRow } from '../announcements.write.server.ts'

const SECTION = 'duyurular'

/** The form's choice: a published announcement with a future date is scheduled (listed as Zamanlandı). */
const STATUS_OPTIONS = [
	{ value: 'draft', label: msg.status.draft },
	{ value: 'published', label: msg.status.published },
]

const FILTER_OPTIONS: ReadonlyArray<{ value: AnnouncementStatusFilter; label: string }> = [
	{ value: 'taslak', label: msg.status.draft },
	{ value: 'zamanlandi', label: msg.status.scheduled },
	{ value: 'yayinda', label: msg.status.published },
	{ value: 'suresi-doldu', label: msg.status.featuredExpired },
]

const statusLabel = (row: AnnouncementAdminRow) =>
	row.status === 'draft'
		? msg.status.draft
		: row.status === 'scheduled' && row.scheduledFor
			? msg.status.scheduledFor(row.scheduledFor)
			: msg.status.published

function Statuses({ row }: { row: AnnouncementAdminRow }) {
	return (
		<span className="status-badges">
			<StatusBadge kind={row.status} label={statusLabel(row)} />
			{row.featuredExpired ? <StatusBadge kind="expired" label={msg.status.featuredExpired} /> : null}
		</span>
	)
}

export function AnnouncementsAdmin({ data, failure }: { data: AnnouncementsAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	return (
		<AdminPanel
			title={msg.announcements.adminTitle}
			section={SECTION}
			failure={failure}
			tools={<StatusFilter section={SECTION} value={data.filter} options={FILTER_OPTIONS} />}
		>
			<AdminTable
				section={SECTION}
				caption={msg.announcements.adminCaption}
				className="admin-table--announcements"
				rows={data.rows}
				// A filtered list is not the whole order: it cannot be reordered.
				reorder={data.filter ? undefined : {}}
				label={(row) => row.title}
				searchText={(row) =>
					`${row.title} ${row.date ? formatDate(row.date) : ''} ${statusLabel(row)} ${row.featuredExpired ? msg.status.featuredExpired : ''}`
				}
				emptyText={msg.announcements.empty}
				confirmText={() => msg.announcements.confirmDelete}
				columns={[
					{ header: msg.fields.cover, cell: (row) => <ThumbCell image={row.cover} /> },
					{ header: msg.fields.title, cell: (row) => row.title },
					{ header: msg.fields.date, cell: (row) => (row.date ? <time dateTime={row.date}>{formatDate(row.date)}</time> : '—') },
					{
						header: msg.fields.status,
						cell: (row) => <Statuses row={row} />,
					},
				]}
				rowActions={(row) =>
					row.status === 'published' ? null : (
						<>
							<a
								className="button button--ghost"
								href={`/admin/onizleme/duyuru/${row.id}`}
								target="_blank"
								rel="noopener"
								aria-label={msg.preview.actionLabel(row.title)}
							>
								{msg.preview.action}
							</a>{' '}
						</>
					)
				}
			/>
			{open ? (
				<EditDialog
					section={SECTION}
					revisions={data.revisions}
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
