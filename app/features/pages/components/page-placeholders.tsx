import { msg } from '#app/lib/messages.ts'
import type { PageEditing } from '../page-editing.server.ts'

const m = msg.pagesAdmin

/** The settings values a page may name as `{{key}}`, with what each shows today. */
export function PagePlaceholders({ placeholders }: { placeholders: PageEditing['placeholders'] }) {
	if (placeholders.length === 0) return null
	return (
		<details className="page-placeholders">
			<summary>{m.placeholdersTitle}</summary>
			<p className="field__hint">{m.placeholdersHint}</p>
			<dl>
				{placeholders.map(({ key, value }) => (
					<div key={key}>
						<dt>
							<code>{`{{${key}}}`}</code>
						</dt>
						<dd>{value || '—'}</dd>
					</div>
				))}
			</dl>
		</details>
	)
}
