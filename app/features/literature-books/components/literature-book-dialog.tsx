import { useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { EditDialog } from '#app/features/admin/components/crud.tsx'
import { Checkbox, FilePicker, TextInput } from '#app/features/admin/components/fields.tsx'
import { msg } from '#app/lib/messages.ts'
import type { LiteratureAdminData } from '../literature.admin.server.ts'
import { LITERATURE_SECTION as SECTION } from '../literature.shared.ts'
import { AwardYearInput } from './literature-year-dialog.tsx'

/** Adds or edits a book of a year: title, author, caption, honourable mention and cover. */
export function LiteratureBookDialog({ data, failure }: { data: LiteratureAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editingBook
	const asked = params.get('year')
	const year = editing?.year ?? (asked && /^\d{4}$/.test(asked) ? Number(asked) : (data.years[0]?.year ?? data.nextYear))
	return (
		<EditDialog
			section={SECTION}
			revisions={data.bookRevisions}
			editingId={editing?.id ?? null}
			title={editing ? msg.literature.editBookTitle : msg.literature.newBookTitle}
			failure={failure}
			wide
			fields={({ errors, value }) => (
				<>
					<div className="admin-form__row">
						<AwardYearInput range={data} defaultValue={value('year', year)} error={errors.year} />
						<TextInput
							label={msg.literature.bookTitle}
							name="title"
							defaultValue={value('title', editing?.title)}
							error={errors.title}
							autoComplete="off"
						/>
					</div>
					<TextInput
						label={msg.literature.author}
						name="author"
						defaultValue={value('author', editing?.author)}
						error={errors.author}
						autoComplete="off"
					/>
					<TextInput
						label={msg.literature.caption}
						name="caption"
						defaultValue={value('caption', editing?.caption)}
						error={errors.caption}
						hint={msg.literature.captionHint}
						autoComplete="off"
					/>
					<Checkbox
						label={msg.literature.mentionLabel}
						name="honourable_mention"
						defaultChecked={failure?.values ? failure.values.honourable_mention === 'on' : (editing?.honourableMention ?? false)}
					/>
					<FilePicker
						label={msg.fields.cover}
						name="cover_file"
						keyName="cover_key"
						accept="image/*"
						currentKey={editing?.coverKey}
						currentUrl={editing?.cover?.src}
						error={errors.cover_file}
						hint={msg.fields.imageHint}
					/>
				</>
			)}
		/>
	)
}
