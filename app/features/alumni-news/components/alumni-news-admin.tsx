import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { AdminTable, Muted, ThumbCell } from '#app/features/admin/components/admin-table.tsx'
import { AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { FilePicker, TextArea, TextInput } from '#app/features/admin/components/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import type { AlumniNewsAdminData } from '../alumni-news.admin.server.ts'
import { alumniNewsPath } from '../alumni-news.shared.ts'

const SECTION = 'mezun-haberleri'

export function AlumniNewsAdmin({ data, failure }: { data: AlumniNewsAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const [uploading, setUploading] = useState(false)
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	return (
		<AdminPanel title={msg.alumniNews.adminTitle} section={SECTION} failure={failure} loadError={data.loadError}>
			<AdminTable
				section={SECTION}
				caption={msg.alumniNews.adminCaption}
				rows={data.rows}
				label={(row) => row.title}
				// Spec §2: the search box filters title and description, case-insensitively, the Turkish way.
				searchText={(row) => `${row.title}\n${row.description ?? ''}`}
				emptyText={msg.alumniNews.adminEmpty}
				confirmText={(row) => msg.admin.confirmDeleteTitled(row.title)}
				columns={[
					{ header: msg.fields.image, cell: (row) => <ThumbCell image={row.image} /> },
					{
						header: msg.fields.title,
						cell: (row) => (
							<>
								<span className="admin-table__title">{row.title}</span>
								<br />
								<a className="admin-table__muted" href={alumniNewsPath(row.slug)} target="_blank" rel="noopener noreferrer">
									{alumniNewsPath(row.slug)}
								</a>
							</>
						),
					},
					{
						header: msg.fields.link,
						className: 'admin-table__link',
						cell: (row) =>
							row.link ? (
								<a href={row.link} target="_blank" rel="noopener noreferrer">
									{row.link}
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
					revisions={data.revisions}
					editingId={editing?.id ?? null}
					title={editing ? msg.alumniNews.editTitle : msg.alumniNews.newTitle}
					failure={failure}
					wide
					saveDisabled={uploading}
					fields={({ errors, value }) => (
						<>
							<TextInput
								label={msg.fields.title}
								name="title"
								defaultValue={value('title', editing?.title)}
								error={errors.title}
								hint={editing ? msg.alumniNews.addressHint(alumniNewsPath(editing.slug)) : msg.alumniNews.addressFromTitle}
								autoComplete="off"
							/>
							<TextInput
								label={msg.alumniNews.linkOptional}
								name="link"
								type="url"
								inputMode="url"
								placeholder="https://"
								defaultValue={value('link', editing?.link)}
								error={errors.link}
								hint={msg.alumniNews.linkHint}
							/>
							<TextArea
								label={msg.fields.description}
								name="description"
								rows={6}
								defaultValue={value('description', editing?.description)}
								error={errors.description}
							/>
							<FilePicker
								label={msg.fields.image}
								name="image_file"
								keyName="image_key"
								accept="image/*"
								currentKey={editing?.imageKey}
								currentUrl={editing?.image?.src}
								error={errors.image_file}
								hint={msg.fields.imageHint}
								onBusyChange={setUploading}
							/>
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}
