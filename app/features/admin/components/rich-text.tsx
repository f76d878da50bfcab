import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react'
import { describedByOf, FieldNotes } from './fields.tsx'
import type { RichTextFeatures } from './rich-text-editor.tsx'

const Editor = lazy(() => import('./rich-text-editor.tsx'))

const NONE: RichTextFeatures = {}

/**
 * The body editor (spec: paragraphs, headings, bold, italic, lists, links,
 * quotes). The server renders a plain textarea holding the HTML, which is
 * what a browser without JavaScript submits; in the browser the Tiptap
 * editor replaces it and keeps a hidden field of the same name in step.
 * The server sanitises whatever arrives.
 */
export function RichText({
	name,
	label,
	defaultValue,
	features = NONE,
	hint,
	error,
}: {
	name: string
	label: string
	defaultValue: string
	features?: RichTextFeatures
	hint?: ReactNode
	error?: string | null
}) {
	// False on the server and during hydration, true in the browser afterwards.
	const enhanced = useSyncExternalStore(
		() => () => {},
		() => true,
		() => false,
	)
	const described = {
		describedBy: describedByOf(name, hint, error),
		invalid: Boolean(error),
	}
	const fallback = <Fallback name={name} label={label} defaultValue={defaultValue} {...described} />
	return (
		<div className={`field${error ? ' field--invalid' : ''}`}>
			{enhanced ? (
				<Suspense fallback={fallback}>
					<Editor name={name} label={label} defaultValue={defaultValue} features={features} {...described} />
				</Suspense>
			) : (
				fallback
			)}
			<FieldNotes id={name} hint={hint} error={error} />
		</div>
	)
}

function Fallback({
	name,
	label,
	defaultValue,
	describedBy,
	invalid,
}: {
	name: string
	label: string
	defaultValue: string
	describedBy?: string
	invalid: boolean
}) {
	return (
		<>
			<label htmlFor={`${name}-html`}>{label} (HTML)</label>
			<textarea
				id={`${name}-html`}
				name={name}
				defaultValue={defaultValue}
				rows={10}
				aria-describedby={describedBy}
				aria-invalid={invalid || undefined}
			/>
		</>
	)
}
