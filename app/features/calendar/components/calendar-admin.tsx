import { useSearchParams } from 'react-router'
import { AdminTable } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { TextInput } from '#app/features/admin/components/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { CalendarAdminData } from '../calendar.admin.server.ts'

const SECTION = 'takvim'

export function CalendarAdmin({ data, failure }: { data: CalendarAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	const confirm = (row: { title: string }) => msg.calendar.confirmDelete(row.title)
	return (
		<AdminPanel title={msg.calendar.adminTitle} section={SECTION} failure={failure}>
			<AdminTable
				section={SECTION}
				caption={msg.calendar.adminCaption}
				rows={data.rows}
				label={(row) => row.title}
				searchText={(row) => `${row.title} ${formatDate(row.date)}`}
				emptyText={msg.calendar.adminEmpty}
				confirmText={confirm}
				columns={[
					{ header: msg.fields.date, cell: (row) => <time dateTime={row.date}>{formatDate(row.date)}</time> },
					{ header: msg.fields.title, cell: (row) => row.title },
				]}
			/>
			{open ? (
				<EditDialog
					section={SECTION}
					revisions={data.revisions}
					editingId={editing?.id ?? null}
					title={editing ? msg.calendar.editTitle : msg.calendar.newTitle}
					failure={failure}
					fields={({ errors, value }) => (
						<>
							<TextInput
								label={msg.fields.title}
								name="title"
								defaultValue={value('title', editing?.title)}
								error={errors.title}
								autoComplete="off"
							/>
							<TextInput label={msg.fields.date} name="date" type="date" defaultValue={value('date', editing?.date)} error={errors.date} />
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}
