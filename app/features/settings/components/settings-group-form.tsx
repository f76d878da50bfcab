import type { ReactNode } from 'react'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm } from '#app/features/admin/components/crud.tsx'
import { SaveButton } from '#app/features/admin/components/fields.tsx'
import { msg } from '#app/lib/messages.ts'
import { SETTINGS_GROUP_ANCHORS, type SettingsGroup } from '../settings.schema.ts'

export const SETTINGS_SECTION = 'ayarlar'
const m = msg.settings

/** A text field's name, what it shows and its error. */
type FieldProps = { name: string; defaultValue: string; error: string | undefined }

/** What a group's form shows: what was typed when this group's save was refused, else the stored value. */
export type GroupState = {
	errors: Record<string, string>
	value: (name: string, stored: string) => string
	checked: (name: string, stored: boolean) => boolean
	/** The props of the text fields for `stored` values, by name: `<TextInput {...field('name')} />`. */
	fields: <T extends Record<string, string>>(stored: T) => (name: keyof T & string) => FieldProps
}

function groupState(failure: ActionFailure | null): GroupState {
	const values = failure?.values
	const errors = failure?.fieldErrors ?? {}
	const value = (name: string, stored: string) => values?.[name] ?? stored
	return {
		errors,
		value,
		checked: (name, stored) => (values ? values[name] === 'on' : stored),
		fields: (stored) => (name) => ({ name, defaultValue: value(name, stored[name] ?? ''), error: errors[name] }),
	}
}

/**
 * The group's undo: when it was last changed and a button that brings back
 * its value before that change (intent `undo`), a form of its own so it
 * works without JavaScript. Shown while there is an earlier value, or to
 * tell why an undo was refused.
 */
function UndoForm({ group, lastChanged, failure }: { group: SettingsGroup; lastChanged?: string; failure: ActionFailure | null }) {
	if (!lastChanged && !failure) return null
	return (
		<AdminForm
			section={SETTINGS_SECTION}
			mode={{ grup: SETTINGS_GROUP_ANCHORS[group], islem: 'geri-al' }}
			failure={failure}
			className="settings-group__undo"
		>
			{({ saving }) =>
				lastChanged ? (
					<>
						<input type="hidden" name="intent" value="undo" />
						<input type="hidden" name="group" value={group} />
						<p className="field__hint">{m.lastChange(lastChanged)}</p>
						<button type="submit" className="button button--ghost" disabled={saving} aria-busy={saving || undefined}>
							{saving ? msg.common.saving : m.undo}
						</button>
					</>
				) : null
			}
		</AdminForm>
	)
}

/**
 * One group of settings: a section with its heading and its own form, so a
 * refusal in one group keeps the others as they are. The form is remade
 * when the stored values change (after a save or an undo), so removed bank
 * rows do not linger in the inputs.
 */
export function GroupForm({
	group,
	failure,
	saved,
	version,
	lastChanged,
	children,
}: {
	group: SettingsGroup
	failure: ActionFailure | null
	saved: boolean
	version: string
	/** When the group was last changed, while it has an earlier value to go back to. */
	lastChanged?: string
	children: (state: GroupState) => ReactNode
}) {
	const anchor = SETTINGS_GROUP_ANCHORS[group]
	// An undo's refusal echoes no fields: it shows at the undo button and leaves the form as stored.
	const undoFailure = failure?.values?.intent === 'undo' ? failure : null
	return (
		<section className="settings-group" id={anchor} aria-labelledby={`${anchor}-baslik`} tabIndex={-1}>
			<h2 id={`${anchor}-baslik`}>{m.groups[group]}</h2>
			<AdminForm
				key={version}
				section={SETTINGS_SECTION}
				mode={{ grup: anchor }}
				failure={undoFailure ? null : failure}
				className="admin-form settings-group__form"
			>
				{({ saving, failure: shown }) => (
					<>
						<input type="hidden" name="intent" value={`save-${group}`} />
						<input type="hidden" name="group" value={group} />
						{saved && !shown ? (
							<p className="settings-group__saved" role="status">
								{m.savedNote}
							</p>
						) : null}
						{children(groupState(shown))}
						<div className="admin-form__actions">
							<SaveButton saving={saving} label={m.saveLabels[group]} />
						</div>
					</>
				)}
			</AdminForm>
			<UndoForm group={group} lastChanged={lastChanged} failure={undoFailure} />
		</section>
	)
}
