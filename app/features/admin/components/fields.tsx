import {
	useEffect,
	useId,
	useRef,
	useState,
	type InputHTMLAttributes,
	type ReactNode,
	type SelectHTMLAttributes,
	type TextareaHTMLAttributes,
} from 'react'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { msg } from '#app/lib/messages.ts'

type FieldShell = {
	label: string
	error?: string | null
	hint?: ReactNode
	children: (ids: { id: string; describedBy?: string }) => ReactNode
}

/** A labelled control with its hint and error wired up for screen readers. */
export function Field({ label, error, hint, children }: FieldShell) {
	const id = useId()
	const describedBy = describedByOf(id, hint, error)
	return (
		<div className={`field${error ? ' field--invalid' : ''}`}>
			<label htmlFor={id}>{label}</label>
			{children({ id, describedBy })}
			<FieldNotes id={id} hint={hint} error={error} />
		</div>
	)
}

/** The aria-describedby of a field's control: its hint and its error, when shown. */
export function describedByOf(id: string, hint: ReactNode, error: string | null | undefined) {
	return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

/** A field's hint and error, with the ids (`<id>-hint`, `<id>-error`) its control names in aria-describedby. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
	return (
		<>
			{hint ? (
				<p className="field__hint" id={`${id}-hint`}>
					{hint}
				</p>
			) : null}
			{error ? (
				<p className="field__error" id={`${id}-error`}>
					{error}
				</p>
			) : null}
		</>
	)
}

type Common = { label: string; error?: string | null; hint?: ReactNode }

export function TextInput({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { name: string }) {
	return (
		<Field label={label} error={error} hint={hint}>
			{({ id, describedBy }) => <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />}
		</Field>
	)
}

export function TextArea({ label, error, hint, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string }) {
	return (
		<Field label={label} error={error} hint={hint}>
			{({ id, describedBy }) => (
				<textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} rows={5} {...textarea} />
			)}
		</Field>
	)
}

export function SelectInput({
	label,
	error,
	hint,
	options,
	...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { name: string; options: ReadonlyArray<{ value: string; label: string }> }) {
	return (
		<Field label={label} error={error} hint={hint}>
			{({ id, describedBy }) => (
				<select id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...select}>
					{options.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</select>
			)}
		</Field>
	)
}

export function Checkbox({
	label,
	name,
	defaultChecked,
	hint,
}: {
	label: string
	name: string
	defaultChecked?: boolean
	hint?: ReactNode
}) {
	const id = useId()
	return (
		<div className="field field--check">
			<input
				type="checkbox"
				id={id}
				name={name}
				value="on"
				defaultChecked={defaultChecked}
				aria-describedby={hint ? `${id}-hint` : undefined}
			/>
			<label htmlFor={id}>{label}</label>
			{hint ? (
				<p className="field__hint" id={`${id}-hint`}>
					{hint}
				</p>
			) : null}
		</div>
	)
}

/**
 * A file picker with a preview: the stored file stays (its key travels in
 * a hidden field) unless a new one is chosen or "remove" is ticked.
 */
export function FilePicker({
	label,
	name,
	keyName,
	currentKey,
	currentUrl,
	accept,
	error,
	hint,
	kind = 'image',
	removable = true,
	onBusyChange,
}: Common & {
	name: string
	keyName: string
	currentKey?: string | null
	currentUrl?: string | null
	accept: string
	kind?: 'image' | 'pdf'
	removable?: boolean
	onBusyChange?: (busy: boolean) => void
}) {
	const [preview, setPreview] = useState<string | null>(null)
	const [removed, setRemoved] = useState(false)
	const removeId = useId()
	const input = useRef<HTMLInputElement>(null)
	useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])
	// A refused file leaves the field: saving again must not send it again (the page is not reloaded with JavaScript).
	useEffect(() => {
		if (!error || !input.current) return
		input.current.value = ''
		setPreview(null)
	}, [error])
	const shown = preview ?? (removed ? null : currentUrl)
	return (
		<Field label={label} error={error} hint={hint}>
			{({ id, describedBy }) => (
				<div className="file-picker">
					{shown && kind === 'image' ? <img className="file-picker__preview" src={shown} alt="" width={120} height={80} /> : null}
					{shown && kind === 'pdf' ? (
						<a className="file-picker__link" href={shown} target="_blank" rel="noopener noreferrer">
							{msg.admin.openCurrentPdf}
						</a>
					) : null}
					<input type="hidden" name={keyName} value={removed ? '' : (currentKey ?? '')} />
					<input
						ref={input}
						id={id}
						type="file"
						name={name}
						accept={accept}
						aria-describedby={describedBy}
						aria-invalid={error ? true : undefined}
						onChange={(event) => {
							const file = event.currentTarget.files?.[0]
							onBusyChange?.(true)
							setPreview(file && kind === 'image' ? URL.createObjectURL(file) : null)
							if (file) setRemoved(false)
							onBusyChange?.(false)
						}}
					/>
					{removable && currentKey ? (
						<span className="file-picker__remove">
							<input
								id={removeId}
								type="checkbox"
								name={`${keyName}_remove`}
								value="on"
								checked={removed}
								onChange={(event) => setRemoved(event.currentTarget.checked)}
							/>
							<label htmlFor={removeId}>{msg.admin.removeImage}</label>
						</span>
					) : null}
				</div>
			)}
		</Field>
	)
}

/** The refusal of the last save, announced to screen readers. */
export function FormAlert({ failure }: { failure: ActionFailure | null | undefined }) {
	if (!failure?.message) return null
	return (
		<p className="form-error" role="alert">
			{failure.message}
		</p>
	)
}

/** Save with its state: blocked while saving, announced as busy. */
export function SaveButton({ saving, disabled, label = msg.common.save }: { saving: boolean; disabled?: boolean; label?: string }) {
	return (
		<div className="save-button">
			<button type="submit" className="button" disabled={saving || disabled} aria-busy={saving || undefined}>
				{saving ? msg.common.saving : label}
			</button>
		</div>
	)
}
