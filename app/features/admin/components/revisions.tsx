import { useId } from 'react'
import { Form, useNavigation, useSearchParams } from 'react-router'
import { msg } from '#app/lib/messages.ts'
import type { RevisionList } from '../revisions.server.ts'
import { REVERTED_PARAM } from '../revisions.shared.ts'
import { sectionHref } from '../sections.ts'

const r = msg.revisions

/**
 * "Sürümler": an item's earlier versions in its edit dialog, newest first,
 * each with when and by whom it was replaced and what that save changed,
 * and "Bu sürüme dön" (a plain POST form of its own, intent `revert`). A
 * native disclosure, so it opens and closes without JavaScript; open after
 * a revert, which it announces.
 */
export function Revisions({ section, mode, list }: { section: string; mode: Record<string, string | number>; list: RevisionList }) {
	const [params] = useSearchParams()
	const headingId = useId()
	const navigation = useNavigation()
	const reverting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'revert'
	const reverted = params.get('surum') === REVERTED_PARAM
	const action = sectionHref(section, mode)
	return (
		<details className="revisions" open={reverted || undefined}>
			<summary className="revisions__summary">
				{r.title} ({list.items.length})
			</summary>
			<section className="page-revisions" aria-labelledby={headingId}>
				<h3 id={headingId} className="sr-only">
					{r.title}
				</h3>
				{reverted ? (
					<p className="admin-panel__status" role="status">
						{r.reverted}
					</p>
				) : null}
				<p className="field__hint">{r.hint}</p>
				<p className="field__hint">{r.mediaNote}</p>
				{list.items.length === 0 ? (
					<p>{r.empty}</p>
				) : (
					<ol className="page-revisions__list">
						{list.items.map((revision) => (
							<li key={revision.id} className="page-revisions__item revisions__item">
								<div>
									<p className="revisions__when">{r.savedBy(revision.savedLabel, revision.savedBy ?? r.unknownUser)}</p>
									{revision.summary ? <p className="revisions__change">{revision.summary}</p> : null}
									{revision.title ? <p className="admin-table__muted">{r.versionTitle(revision.title)}</p> : null}
								</div>
								<Form method="post" action={action} className="page-revisions__form" preventScrollReset>
									<input type="hidden" name="intent" value="revert" />
									<input type="hidden" name="kind" value={list.kind} />
									<input type="hidden" name="id" value={list.itemId} />
									<input type="hidden" name="revision" value={revision.id} />
									<button
										type="submit"
										className="button button--ghost"
										disabled={reverting}
										aria-label={r.revertLabel(revision.savedLabel)}
									>
										{r.revert}
									</button>
								</Form>
							</li>
						))}
					</ol>
				)}
			</section>
		</details>
	)
}
