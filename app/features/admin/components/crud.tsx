import { type ReactNode } from 'react'
import { Form, Link, useFetcher, useNavigate, useNavigation, useSearchParams } from 'react-router'
import { failureOf, type ActionFailure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { RevisionList } from '../revisions.server.ts'
import { Dialog } from './dialog.tsx'
import { FormAlert, SaveButton } from './fields.tsx'
import { Revisions } from './revisions.tsx'

/** The heading, the "Yeni" button and the alert slot every section shares. */
export function AdminPanel({
	title,
	section,
	newLabel = msg.admin.newItem,
	canCreate = true,
	loadError,
	failure,
	alert,
	children,
	tools,
}: {
	title: string
	section: string
	newLabel?: string
	canCreate?: boolean
	/** The spec's line above the table when the list could not be read. */
	loadError?: string | null
	/** The refusal of a form outside the dialog (a dialog shows its own). */
	failure?: ActionFailure | null
	alert?: ReactNode
	children: ReactNode
	tools?: ReactNode
}) {
	const [params] = useSearchParams()
	const dialogOpen = params.has('new') || params.has('edit')
	return (
		<section className="admin-panel" aria-labelledby="admin-panel-title">
			<div className="admin-panel__head">
				<h1 id="admin-panel-title">{title}</h1>
				<div className="admin-toolbar">
					{tools}
					{canCreate ? (
						<Link className="button" to={sectionHref(section, { new: 1 })} preventScrollReset data-dialog-trigger="new">
							{newLabel}
						</Link>
					) : null}
				</div>
			</div>
			{loadError ? (
				<p className="form-error" role="alert">
					{loadError}
				</p>
			) : null}
			{dialogOpen ? null : <FormAlert failure={failure} />}
			{alert}
			{children}
		</section>
	)
}

/**
 * A write from the list (delete, reorder) sent to the section's action
 * without leaving the page: what is on its way (for showing the change at
 * once), and the refusal when the server says no.
 */
export function useSectionFetcher(section: string) {
	const fetcher = useFetcher<ActionResult>()
	const send = (fields: Record<string, string | Array<string>>) => {
		const form = new FormData()
		for (const [name, value] of Object.entries(fields)) {
			for (const item of Array.isArray(value) ? value : [value]) form.append(name, item)
		}
		void fetcher.submit(form, { method: 'post', action: sectionHref(section), preventScrollReset: true })
	}
	const pending = fetcher.state !== 'idle' ? (fetcher.formData ?? null) : null
	const failure = fetcher.state === 'idle' ? failureOf(fetcher.data) : null
	return { send, pending, failure }
}

/**
 * Row deletion as the spec asks: a confirmation with the given text, the
 * row gone at once, and back with the server's refusal if the delete fails.
 */
export function useDeleteRow(section: string) {
	const { send, pending, failure } = useSectionFetcher(section)
	const pendingId = pending?.get('intent') === 'delete' ? Number(pending.get('id')) : null
	const hidden: ReadonlySet<number> = new Set(pendingId === null ? [] : [pendingId])
	const remove = (id: number, confirmText: string) => {
		// The item goes to the trash: the question says it can be restored for 30 days.
		if (!window.confirm(`${confirmText}\n\n${msg.trash.deleteNote}`)) return
		send({ intent: 'delete', id: String(id) })
	}
	return { hidden, failure, remove }
}

/** A table row's last cell: edit (opens the dialog) and delete (a confirmation page without JavaScript). */
export function RowActions({
	section,
	id,
	label,
	confirmText,
	onDelete,
	children,
}: {
	section: string
	id: number
	label: string
	confirmText: string
	onDelete: (id: number, text: string) => void
	children?: ReactNode
}) {
	return (
		<td className="admin-table__actions">
			{children}
			<Link
				className="button button--ghost"
				to={sectionHref(section, { edit: id })}
				preventScrollReset
				data-dialog-trigger={`edit-${id}`}
				aria-label={msg.admin.editLabel(label)}
			>
				{msg.admin.edit}
			</Link>{' '}
			<Link
				className="button button--danger"
				to={sectionHref(section, { delete: id })}
				aria-label={msg.admin.deleteLabel(label)}
				onClick={(event) => {
					event.preventDefault()
					onDelete(id, confirmText)
				}}
			>
				{msg.admin.delete}
			</Link>
		</td>
	)
}

/** The no-JavaScript confirmation for `?delete=`: the spec's question and a real form. */
export function DeleteConfirmPanel({ section, id, question }: { section: string; id: number; question: string }) {
	return (
		<div className="confirm-panel" role="alertdialog" aria-labelledby="confirm-delete-text">
			<p id="confirm-delete-text">
				<strong>{question}</strong>
			</p>
			<p>{msg.trash.deleteNote}</p>
			<Form method="post" action={sectionHref(section, { delete: id })} className="admin-toolbar">
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="id" value={id} />
				<button type="submit" className="button button--danger">
					{msg.admin.confirmYes}
				</button>
				<a className="button button--ghost" href={sectionHref(section)}>
					{msg.common.cancel}
				</a>
			</Form>
		</div>
	)
}

/** True while a form posted to this address is being saved. */
function useSaving(action: string) {
	const navigation = useNavigation()
	if (navigation.state !== 'submitting' || !navigation.formAction) return false
	const target = new URL(navigation.formAction, 'http://x')
	const own = new URL(action, 'http://x')
	return target.pathname === own.pathname && target.search === own.search
}

/**
 * An admin form: a multipart POST to the section's action, at the address
 * of the open dialog so a refused form comes back in its dialog with the
 * reasons and what was typed. Without JavaScript a plain form post; with it
 * the same post without a page load, a second submit blocked while saving.
 */
export function AdminForm({
	section,
	mode = {},
	failure,
	children,
	className = 'admin-form',
}: {
	section: string
	/** The dialog the form is in: `{ new: 1 }` or `{ edit: id }`. */
	mode?: Record<string, string | number>
	failure?: ActionFailure | null
	children: (state: { saving: boolean; failure: ActionFailure | null }) => ReactNode
	className?: string
}) {
	const action = sectionHref(section, mode)
	const saving = useSaving(action)
	return (
		<Form
			method="post"
			action={action}
			encType="multipart/form-data"
			className={className}
			noValidate
			preventScrollReset
			aria-busy={saving || undefined}
			onSubmit={(event) => {
				if (saving) event.preventDefault()
			}}
		>
			<FormAlert failure={failure} />
			{children({ saving, failure: failure ?? null })}
		</Form>
	)
}

/** The form's cancel link (closes the dialog; a plain link back to the list without JavaScript) and its save button. */
export function FormActions({
	section,
	onCancel,
	saving,
	disabled,
	children,
}: {
	section: string
	onCancel: () => unknown
	saving: boolean
	disabled?: boolean
	children?: ReactNode
}) {
	return (
		<div className="admin-form__actions">
			<a
				className="button button--ghost"
				href={sectionHref(section)}
				onClick={(event) => {
					event.preventDefault()
					void onCancel()
				}}
			>
				{msg.common.cancel}
			</a>
			{children}
			<SaveButton saving={saving} disabled={disabled} />
		</div>
	)
}

/**
 * The create/edit dialog of a section: the dialog, the form with its
 * intent and id, the cancel and save buttons. `fields` gets the refusal (to
 * show at each field) and `value(name, current)` (what was typed, else the
 * stored value) so a refused form loses nothing.
 */
export function EditDialog({
	section,
	editingId,
	title,
	failure,
	wide,
	intent = 'save',
	saveDisabled,
	fields,
	actions,
	revisions,
}: {
	section: string
	/** The id of the row being edited, or null for a new one. */
	editingId: number | string | null
	title: string
	failure: ActionFailure | null | undefined
	wide?: boolean
	intent?: string
	/** Save is not possible yet (e.g. a file is still being read). */
	saveDisabled?: boolean
	fields: (state: { failure: ActionFailure | null; errors: Record<string, string>; value: FieldValue }) => ReactNode
	actions?: ReactNode
	/** The edited row's earlier versions ("Sürümler", below the form), when its kind keeps them. */
	revisions?: RevisionList | null
}) {
	const navigate = useNavigate()
	const close = () => navigate(sectionHref(section), { replace: true, preventScrollReset: true })
	const values = failure?.values
	const value: FieldValue = (name, current, fallback = '') =>
		values?.[name] ?? (current === null || current === undefined ? fallback : String(current))
	const mode: Record<string, string | number> = editingId === null ? { new: 1 } : { edit: editingId }
	const shownRevisions = revisions && editingId !== null && String(revisions.itemId) === String(editingId) ? revisions : null
	return (
		<Dialog title={title} onClose={close} closeHref={sectionHref(section)} wide={wide}>
			{/* A revert writes a new revision: the form starts again from the restored text. */}
			<AdminForm key={shownRevisions?.items[0]?.id ?? 'form'} section={section} failure={failure} mode={mode}>
				{({ saving, failure: shown }) => (
					<>
						<input type="hidden" name="intent" value={intent} />
						{editingId === null ? null : <input type="hidden" name="id" value={editingId} />}
						{fields({ failure: shown, errors: shown?.fieldErrors ?? {}, value })}
						<FormActions section={section} onCancel={close} saving={saving} disabled={saveDisabled}>
							{actions}
						</FormActions>
					</>
				)}
			</AdminForm>
			{shownRevisions ? <Revisions section={section} mode={mode} list={shownRevisions} /> : null}
		</Dialog>
	)
}

export type FieldValue = (name: string, current: string | number | boolean | null | undefined, fallback?: string) => string
