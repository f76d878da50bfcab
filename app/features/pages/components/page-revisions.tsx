import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm } from '#app/features/admin/components/crud.tsx'
import { FormAlert } from '#app/features/admin/components/fields.tsx'
import { msg } from '#app/lib/messages.ts'
import type { PageEditing } from '../page-editing.server.ts'
import { PAGES_SECTION } from '../pages.shared.ts'

const m = msg.pagesAdmin

/** A page's earlier versions, newest first, each with a restore button (a form of its own); a refused restore above them. */
export function PageRevisions({ page, failure }: { page: PageEditing; failure: ActionFailure | null }) {
	return (
		<section className="page-revisions" aria-labelledby="sayfa-surumler-baslik">
			<h2 id="sayfa-surumler-baslik">{m.revisionsTitle}</h2>
			<p className="field__hint">{m.revisionsHint}</p>
			<FormAlert failure={failure} />
			{page.revisions.length === 0 ? (
				<p>{m.revisionsEmpty}</p>
			) : (
				<ol className="page-revisions__list">
					{page.revisions.map((revision) => {
						const when = revision.savedLabel ?? '—'
						return (
							<li key={revision.id} className="page-revisions__item">
								<span>
									{m.revisionSavedBy(when, revision.savedBy ?? m.seeded)}
									{revision.title !== page.title ? <span className="admin-table__muted"> · {revision.title}</span> : null}
								</span>
								<AdminForm section={PAGES_SECTION} mode={{ edit: page.slug }} className="page-revisions__form">
									{({ saving }) => (
										<>
											<input type="hidden" name="intent" value="restore" />
											<input type="hidden" name="slug" value={page.slug} />
											<input type="hidden" name="revision" value={revision.id} />
											<button type="submit" className="button button--ghost" disabled={saving} aria-label={m.restoreLabel(when)}>
												{m.restore}
											</button>
										</>
									)}
								</AdminForm>
							</li>
						)
					})}
				</ol>
			)}
		</section>
	)
}
