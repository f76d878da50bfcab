import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import type { RevisionList } from '#app/features/admin/revisions.server.ts'
import { EditDialog } from '#app/features/admin/components/crud.tsx'
import { TextInput } from '#app/features/admin/components/fields.tsx'
import { msg } from '#app/lib/messages.ts'
import { AWARD_FIELD_LABELS, type AwardField } from '../awards.schema.ts'
import type { AwardAdminRow } from '../awards.server.ts'
import { AWARDS_SECTION } from '../awards.shared.ts'

/** What sets one award field apart from the others: a hint, a year's keyboard, required. */
type FieldOptions = { hint?: string; year?: boolean; required?: boolean }

/** The dialog that adds an award (`editing` null) or edits one; a refused form shows what was typed. */
export function AwardDialog({
	editing,
	failure,
	revisions,
}: {
	editing: AwardAdminRow | null
	failure: ActionFailure | null | undefined
	/** The edited award's earlier versions ("Sürümler"). */
	revisions?: RevisionList | null
}) {
	return (
		<EditDialog
			section={AWARDS_SECTION}
			revisions={revisions}
			editingId={editing?.id ?? null}
			title={editing ? msg.awards.editTitle : msg.awards.newTitle}
			failure={failure}
			wide
			fields={({ errors, value }) => {
				const field = (name: AwardField, { hint, year, required }: FieldOptions = {}) => (
					<TextInput
						label={AWARD_FIELD_LABELS[name]}
						name={name}
						inputMode={year ? 'numeric' : undefined}
						maxLength={year ? 4 : undefined}
						defaultValue={value(name, editing?.[name])}
						error={errors[name]}
						hint={hint}
						autoComplete="off"
						required={required}
					/>
				)
				return (
					<>
						<div className="admin-form__row">
							{field('first_name', { required: true })}
							{field('last_name', { required: true })}
						</div>
						<div className="admin-form__row">
							{field('nds_surname', { hint: msg.awards.ndsSurnameHint })}
							{field('nds_year', { hint: msg.awards.ndsYearHint, year: true, required: true })}
						</div>
						<div className="admin-form__row">
							{field('award_year', { hint: msg.awards.awardYearHint, year: true })}
							{field('title', { hint: msg.awards.titleHint })}
						</div>
						{field('profession')}
					</>
				)
			}}
		/>
	)
}
