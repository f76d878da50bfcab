import { useSearchParams } from 'react-router'
import { AdminTable } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { FeaturedFields, LeadBodyAndPictures } from '#app/features/admin/components/featured-media-fields.tsx'
import { TextInput } from '#app/features/admin/components/fields.tsx'
import { StatusBadge, StatusFilter } from '#app/features/admin/components/status-filter.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import type { EventsAdminData } from '../events.admin.server.ts'
import type { EventStatusFilter } from '../events.shared.ts'
import type { EventAdminRow } from '../events.write.server.ts'

const SECTION = 'etkinlikler'

const FILTER_OPTIONS: ReadonlyArray<{ value: EventStatusFilter; label: string }> = [
	{ value: 'yayinda', label: msg.status.published },
	{ value: 'gecmis', label: msg.status.past },
	{ value: 'suresi-doldu', label: msg.status.featuredExpired },
]

const statusLabel = (row: EventAdminRow) => (row.status === 'past' ? msg.status.past : msg.status.published)

export function EventsAdmin({ data, failure }: { data: EventsAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	return (
		<AdminPanel
			title={msg.events.adminTitle}
			section={SECTION}
			failure={failure}
			loadError={data.loadError}
			tools={<StatusFilter section={SECTION} value={data.filter} options={FILTER_OPTIONS} />}
		>
			<AdminTable
				section={SECTION}
				caption={msg.events.adminCaption}
				rows={data.rows}
				label={(row) => row.title}
				searchText={(row) =>
					`${row.title} /${row.slug} ${row.when ?? ''} ${row.location ?? ''} ${statusLabel(row)} ${row.featuredExpired ? msg.status.featuredExpired : ''}`
				}
				emptyText={msg.events.empty}
				confirmText={() => msg.events.confirmDelete}
				columns={[
					{
						header: msg.fields.dateTime,
						cell: (row) => (row.startsAt && row.when ? <time dateTime={row.startsAt}>{row.when}</time> : '—'),
					},
					{
						header: msg.fields.title,
						cell: (row) => (
							<>
								{row.title}
								<br />
								<span className="admin-table__muted">/{row.slug}</span>
							</>
						),
					},
					{ header: msg.fields.home, cell: (row) => (row.featuredHome ? msg.common.yes : msg.common.no) },
					{ header: msg.fields.location, cell: (row) => row.location ?? '—' },
					{
						header: msg.fields.status,
						cell: (row) => (
							<span className="status-badges">
								<StatusBadge kind={row.status} label={statusLabel(row)} />
								{row.featuredExpired ? <StatusBadge kind="expired" label={msg.status.featuredExpired} /> : null}
							</span>
						),
					},
				]}
			/>
			{open ? (
				<EditDialog
					section={SECTION}
					revisions={data.revisions}
					editingId={editing?.id ?? null}
					title={editing ? msg.events.editTitle : msg.events.newTitle}
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
							<TextInput
								label={msg.events.slugLabel}
								name="slug"
								defaultValue={value('slug', editing?.slug)}
								error={errors.slug}
								autoComplete="off"
								spellCheck={false}
								hint={msg.events.slugHint}
							/>
							<div className="admin-form__row">
								<TextInput
									label={msg.events.startsAt}
									name="starts_at"
									type="datetime-local"
									defaultValue={value('starts_at', editing?.startsAt)}
									error={errors.starts_at}
									hint={msg.events.startsAtHint}
								/>
								<TextInput
									label={msg.events.endsAt}
									name="ends_at"
									type="datetime-local"
									defaultValue={value('ends_at', editing?.endsAt)}
									error={errors.ends_at}
									hint={msg.events.optional}
								/>
							</div>
							<TextInput
								label={msg.fields.location}
								name="location"
								defaultValue={value('location', editing?.location)}
								error={errors.location}
							/>
							<LeadBodyAndPictures editing={editing} errors={errors} value={value} />
							<FeaturedFields editing={editing} values={shown?.values} errors={errors} hint={msg.events.featuredHint} />
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}
