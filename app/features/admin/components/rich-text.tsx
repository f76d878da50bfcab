import { lazy, Suspense, useSyncExternalStore } from 'react'

const Editor = lazy(() => import('./rich-text-editor.tsx'))

/**
 * The body editor (spec: paragraphs, headings, bold, italic, lists, links,
 * quotes). The server renders a plain textarea holding the HTML, which is
 * what a browser without JavaScript submits; in the browser the Tiptap
 * editor replaces it and keeps a hidden field of the same name in step.
 * The server sanitises whatever arrives.
 */
export function RichText({ name, label, defaultValue }: { name: string; label: string; defaultValue: string }) {
	// False on the server and during hydration, true in the browser afterwards.
	const enhanced = useSyncExternalStore(
		() => () => {},
		() => true,
		() => false,
	)
	return (
		<div className="field">
			{enhanced ? (
				<Suspense fallback={<Fallback name={name} label={label} defaultValue={defaultValue} />}>
					<Editor name={name} label={label} defaultValue={defaultValue} />
				</Suspense>
			) : (
				<Fallback name={name} label={label} defaultValue={defaultValue} />
			)}
		</div>
	)
}

function Fallback({ name, label, defaultValue }: { name: string; label: string; defaultValue: string }) {
	return (
		<>
			<label htmlFor={`${name}-html`}>{label} (HTML)</label>
			<textarea id={`${name}-html`} name={name} defaultValue={defaultValue} rows={10} />
		</>
	)
}
