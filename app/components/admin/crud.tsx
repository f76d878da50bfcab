import { useCallback, useState, type FormEvent, type ReactNode } from 'react'
import { Form, Link, useNavigate, useRevalidator } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'
import { FormAlert, SaveButton } from './fields.tsx'
import { postAdminForm, useAdminSubmit } from './submit.ts'

/** `/admin?tab=…` with extra parameters (new, edit, delete). */
export function tabHref(tab: string, extra: Record<string, string | number> = {}) {
	const params = new URLSearchParams({ tab })
	for (const [key, value] of Object.entries(extra)) params.set(key, String(value))
	return `/admin?${params}`
}

/**
 * Where a plain HTML form posts: the admin screen's own action, at the
 * address of the open dialog, so a refused form comes back in its dialog.
 */
export function tabAction(tab: string, extra: Record<string, string | number> = {}) {
	const params = new URLSearchParams({ tab })
	for (const [key, value] of Object.entries(extra)) params.set(key, String(value))
	return `/admin?index&${params}`
}

/** The heading, the "Yeni" button and the alert slot every tab shares. */
export function AdminPanel({
	title,
	tab,
	newLabel = 'Yeni',
	alert,
	children,
	tools,
}: {
	title: string
	tab: string
	newLabel?: string
	alert?: ReactNode
	children: ReactNode
	tools?: ReactNode
}) {
	return (
		<section className="admin-panel" aria-labelledby="admin-panel-title">
			<div className="admin-panel__head">
				<h1 id="admin-panel-title">{title}</h1>
				<div className="admin-toolbar">
					{tools}
					<Link className="button" to={tabHref(tab, { new: 1 })} preventScrollReset data-dialog-trigger="new">
						{newLabel}
					</Link>
				</div>
			</div>
			{alert}
			{children}
		</section>
	)
}

/**
 * Row deletion as the spec asks: a confirmation with the given text, the
 * row gone at once, and back with the server's refusal if the delete fails.
 */
export function useDeleteRow(tab: string) {
	const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set())
	const [failure, setFailure] = useState<ActionFailure | null>(null)
	const revalidator = useRevalidator()
	const remove = useCallback(
		async (id: number, confirmText: string) => {
			if (!window.confirm(confirmText)) return
			setFailure(null)
			setHidden((current) => new Set(current).add(id))
			const form = new FormData()
			form.set('intent', 'delete')
			form.set('id', String(id))
			const result = await postAdminForm(tab, form)
			if (!result.ok) {
				setHidden((current) => {
					const next = new Set(current)
					next.delete(id)
					return next
				})
				setFailure(result)
				return
			}
			await revalidator.revalidate()
			setHidden((current) => {
				const next = new Set(current)
				next.delete(id)
				return next
			})
		},
		[tab, revalidator],
	)
	return { hidden, failure, remove }
}

/**
 * The delete button of a row: a link to a confirmation panel without
 * JavaScript; with it, the browser's confirmation and an immediate delete.
 */
export function DeleteButton({
	tab,
	id,
	label,
	confirmText,
	onDelete,
}: {
	tab: string
	id: number
	label: string
	confirmText: string
	onDelete: (id: number, text: string) => void
}) {
	return (
		<Link
			className="button button--danger"
			to={tabHref(tab, { delete: id })}
			aria-label={`${label} – sil`}
			onClick={(event) => {
				event.preventDefault()
				onDelete(id, confirmText)
			}}
		>
			Sil
		</Link>
	)
}

/** A table row's last cell: edit (opens the dialog) and delete. */
export function RowActions(props: {
	tab: string
	id: number
	label: string
	confirmText: string
	onDelete: (id: number, text: string) => void
}) {
	const { tab, id, label } = props
	return (
		<td className="admin-table__actions">
			<Link
				className="button button--ghost"
				to={tabHref(tab, { edit: id })}
				preventScrollReset
				data-dialog-trigger={`edit-${id}`}
				aria-label={`${label} – düzenle`}
			>
				Düzenle
			</Link>{' '}
			<DeleteButton {...props} />
		</td>
	)
}

/** The no-JavaScript confirmation for `?delete=`: the spec's question and a real form. */
export function DeleteConfirmPanel({ tab, id, question }: { tab: string; id: number; question: string }) {
	return (
		<div className="confirm-panel" role="alertdialog" aria-labelledby="confirm-delete-text">
			<p id="confirm-delete-text">
				<strong>{question}</strong>
			</p>
			<Form method="post" action={tabAction(tab, { delete: id })} reloadDocument className="admin-toolbar">
				<input type="hidden" name="intent" value="delete" />
				<input type="hidden" name="id" value={id} />
				<button type="submit" className="button button--danger">
					Evet, sil
				</button>
				<a className="button button--ghost" href={tabHref(tab)}>
					{msg.common.cancel}
				</a>
			</Form>
		</div>
	)
}

/**
 * An admin form: a plain multipart POST to the admin screen without
 * JavaScript; with it, sent with upload progress, a second submit blocked
 * while saving, the refusal shown in the form, the dialog closed on success.
 */
export function AdminForm({
	tab,
	children,
	failure: serverFailure,
	onSaved,
	className = 'admin-form',
	mode,
}: {
	tab: string
	/** The dialog the form is in: `{ new: 1 }` or `{ edit: id }`. */
	mode: Record<string, string | number>
	children: (state: { saving: boolean; progress: number | null; failure: ActionFailure | null }) => ReactNode
	failure?: ActionFailure | null
	onSaved?: () => void
	className?: string
}) {
	const { submit, saving, progress, failure } = useAdminSubmit(tab)
	const navigate = useNavigate()
	const shown = failure ?? serverFailure ?? null
	const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
		event.preventDefault()
		const result = await submit(new FormData(event.currentTarget))
		if (result?.ok) {
			onSaved?.()
			await navigate(tabHref(tab), { replace: true, preventScrollReset: true })
		}
	}
	return (
		<form method="post" action={tabAction(tab, mode)} encType="multipart/form-data" className={className} onSubmit={onSubmit} noValidate>
			<FormAlert failure={shown} />
			{children({ saving, progress, failure: shown })}
		</form>
	)
}

/** The form's cancel link (closes the dialog; a plain link back to the tab without JavaScript) and its save button. */
export function FormActions({
	tab,
	onCancel,
	saving,
	progress,
	disabled,
}: {
	tab: string
	onCancel: () => unknown
	saving: boolean
	progress: number | null
	disabled?: boolean
}) {
	return (
		<div className="admin-form__actions">
			<a
				className="button button--ghost"
				href={tabHref(tab)}
				onClick={(event) => {
					event.preventDefault()
					void onCancel()
				}}
			>
				{msg.common.cancel}
			</a>
			<SaveButton saving={saving} progress={progress} disabled={disabled} />
		</div>
	)
}
