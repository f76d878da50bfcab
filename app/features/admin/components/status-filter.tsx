import { useId } from 'react'
import { Form } from 'react-router'
import { msg } from '#app/lib/messages.ts'
import '#app/styles/admin-status.css'

/**
 * A list's status filter for AdminPanel's `tools`: a GET form with one
 * select (`?durum=`), so it works without JavaScript; the section's loader
 * filters on the server.
 */
export function StatusFilter({
	section,
	value,
	options,
}: {
	section: string
	value: string | null
	options: ReadonlyArray<{ value: string; label: string }>
}) {
	const id = useId()
	return (
		<Form method="get" action={`/admin/${section}`} className="status-filter" data-status-filter>
			<label htmlFor={id}>{msg.status.filterLabel}</label>
			<select id={id} name="durum" defaultValue={value ?? ''} key={value ?? ''}>
				<option value="">{msg.status.filterAll}</option>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			<button type="submit" className="button button--ghost">
				{msg.status.filterApply}
			</button>
		</Form>
	)
}

/** A status as a badge (its colour by kind). */
export function StatusBadge({ kind, label }: { kind: 'draft' | 'scheduled' | 'published' | 'past' | 'expired'; label: string }) {
	return <span className={`status-badge status-badge--${kind}`}>{label}</span>
}
