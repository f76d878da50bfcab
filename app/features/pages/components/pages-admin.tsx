import { useEffect, useRef } from 'react'
import { Link, useNavigation, useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm, AdminPanel } from '#app/features/admin/components/crud.tsx'
import { FormAlert, TextArea, TextInput } from '#app/features/admin/components/fields.tsx'
import { RichText } from '#app/features/admin/components/rich-text.tsx'
import { sectionHref, useAdminSearch } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { includesTr } from '#app/lib/tr.ts'
import type { PageEditing, PagePreview, PagesAdminData, PageStatus } from '../pages.admin.server.ts'

const SECTION = 'sayfalar'
const m = msg.pagesAdmin

const STATUS_TEXT: Record<PageStatus, string> = { kaydedildi: m.saved, degismedi: m.unchanged, 'geri-yuklendi': m.restored }

/** A preview answer from the section's action, or nothing. */
export function pagePreviewOf(view: unknown): PagePreview | null {
	return typeof view === 'object' && view !== null && (view as { kind?: unknown }).kind === 'page-preview' ? (view as PagePreview) : null
}

/**
 * Sayfalar: the site's fixed pages (about, history, bylaws, KVKK, dues, …).
 * The list opens a page's edit screen: title, short description and text
 * in the rich-text editor, a preview that saves nothing, and the earlier
 * versions with a restore button each.
 */
export function PagesAdmin({ data, failure, view }: { data: PagesAdminData; failure: ActionFailure | null; view?: unknown }) {
	const preview = pagePreviewOf(view)
	return (
		<AdminPanel title={m.title} section={SECTION} canCreate={false} failure={failure}>
			{data.editing ? (
				<PageEditor page={data.editing} failure={failure} preview={preview?.slug === data.editing.slug ? preview : null} />
			) : (
				<>
					<p className="admin-intro">{m.intro}</p>
					{data.missing ? (
						<p className="form-error" role="alert">
							{m.notFound}
						</p>
					) : null}
					<PageList rows={data.rows} />
				</>
			)}
		</AdminPanel>
	)
}

function PageList({ rows }: { rows: PagesAdminData['rows'] }) {
	const query = useAdminSearch()
	const shown = rows.filter((row) => !query || includesTr(`${row.title} ${row.path ?? ''}`, query))
	return (
		<div className="admin-table-wrap">
			<table className="admin-table">
				<caption className="sr-only">{m.caption}</caption>
				<thead>
					<tr>
						<th scope="col">{m.columnTitle}</th>
						<th scope="col">{m.columnAddress}</th>
						<th scope="col">{m.columnChanged}</th>
						<th scope="col">
							<span className="sr-only">{msg.admin.actions}</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{shown.length === 0 ? (
						<tr>
							<td colSpan={4} className="admin-table__empty">
								{query && rows.length > 0 ? msg.admin.noMatch : m.empty}
							</td>
						</tr>
					) : (
						shown.map((row) => (
							<tr key={row.slug}>
								<th scope="row" className="admin-table__title">
									{row.title}
								</th>
								<td>
									{row.path ? (
										<a className="admin-table__link" href={row.path}>
											{row.path}
										</a>
									) : (
										<span className="admin-table__muted">—</span>
									)}
								</td>
								<td>
									{row.updatedLabel ?? '—'}
									<span className="admin-table__muted">{m.by(row.updatedBy ?? m.seeded)}</span>
								</td>
								<td className="admin-table__actions">
									<Link
										className="button button--ghost"
										to={sectionHref(SECTION, { edit: row.slug })}
										aria-label={msg.admin.editLabel(row.title)}
									>
										{m.edit}
									</Link>
								</td>
							</tr>
						))
					)}
				</tbody>
			</table>
		</div>
	)
}

/** The refusal of the page form (it echoes what was typed); a refused restore has nothing to echo. */
const isFormFailure = (failure: ActionFailure | null) => Boolean(failure?.values)

function PageEditor({ page, failure, preview }: { page: PageEditing; failure: ActionFailure | null; preview: PagePreview | null }) {
	const [params] = useSearchParams()
	const status = params.get('durum') as PageStatus | null
	const statusText = status && Object.hasOwn(STATUS_TEXT, status) ? STATUS_TEXT[status] : null
	const formFailure = isFormFailure(failure) ? failure : null
	const typed = formFailure?.values ?? preview?.values
	const value = (name: 'title' | 'description' | 'body' | 'image_alt', stored: string) => typed?.[name] ?? stored
	const errors = formFailure?.fieldErrors ?? {}

	return (
		<div className="page-editor">
			<p className="admin-toolbar">
				<Link className="button button--ghost" to={sectionHref(SECTION)}>
					← {m.backToList}
				</Link>
				{page.path ? (
					<a className="button button--ghost" href={page.path} target="_blank" rel="noopener noreferrer">
						{m.viewPage} <span className="sr-only">{msg.layout.newTab}</span>
					</a>
				) : null}
			</p>
			<h2 className="admin-panel__subtitle">{m.editTitle(page.title)}</h2>
			<p className="admin-table__muted">
				{m.columnChanged}: {page.updatedLabel ?? '—'}
				{m.by(page.updatedBy ?? m.seeded)}
			</p>
			{statusText && !failure && !preview ? (
				<p className="admin-panel__status" role="status">
					{statusText}
				</p>
			) : null}
			{preview ? <PreviewRegion preview={preview} /> : null}

			<AdminForm key={page.updatedAt ?? page.slug} section={SECTION} mode={{ edit: page.slug }} failure={formFailure}>
				{({ saving }) => (
					<>
						<input type="hidden" name="slug" value={page.slug} />
						<TextInput label={m.titleLabel} name="title" defaultValue={value('title', page.title)} error={errors.title} required />
						<TextArea
							label={m.descriptionLabel}
							name="description"
							defaultValue={value('description', page.description)}
							error={errors.description}
							hint={m.descriptionHint}
							rows={3}
						/>
						<RichText
							name="body"
							label={m.bodyLabel}
							defaultValue={value('body', page.body)}
							features={{ tables: true, images: true, placeholders: true }}
							hint={m.bodyHint}
							error={errors.body}
						/>
						<Placeholders placeholders={page.placeholders} />
						<fieldset className="admin-fieldset">
							<legend>{m.imageLabel}</legend>
							<TextInput
								label={msg.fields.image}
								name="image_file"
								type="file"
								accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
								error={errors.image_file}
								hint={m.imageHint}
							/>
							<TextInput
								label={m.imageAltLabel}
								name="image_alt"
								defaultValue={value('image_alt', '')}
								error={errors.image_alt}
								hint={m.imageAltHint}
							/>
						</fieldset>
						<div className="admin-form__actions">
							<Link className="button button--ghost" to={sectionHref(SECTION)}>
								{msg.common.cancel}
							</Link>
							<IntentButton intent="preview" saving={saving} className="button button--ghost">
								{m.preview}
							</IntentButton>
							<IntentButton intent="save" saving={saving} className="button">
								{msg.common.save}
							</IntentButton>
						</div>
					</>
				)}
			</AdminForm>

			<Revisions page={page} failure={failure && !isFormFailure(failure) ? failure : null} />
		</div>
	)
}

/** A submit button that names its intent (save or preview); both are blocked while the form is on its way. */
function IntentButton({ intent, saving, className, children }: { intent: string; saving: boolean; className: string; children: string }) {
	const navigation = useNavigation()
	const mine = saving && navigation.formData?.get('intent') === intent
	return (
		<button type="submit" name="intent" value={intent} className={className} disabled={saving} aria-busy={mine || undefined}>
			{mine && intent === 'save' ? msg.common.saving : children}
		</button>
	)
}

/** The page as the site would show it, clearly marked as not saved; brought into view when it appears. */
function PreviewRegion({ preview }: { preview: PagePreview }) {
	const ref = useRef<HTMLElement>(null)
	const focused = useRef<PagePreview | null>(null)
	// Each new preview (a new answer from the server) takes the focus once, so it is seen and read out.
	useEffect(() => {
		if (focused.current === preview) return
		focused.current = preview
		ref.current?.focus()
	})
	return (
		<section ref={ref} className="page-preview" aria-labelledby="sayfa-onizleme-baslik" tabIndex={-1}>
			<h2 id="sayfa-onizleme-baslik" className="page-preview__label">
				{m.previewTitle}
			</h2>
			<p className="page-preview__note">{m.previewNote}</p>
			{preview.imageIgnored ? <p className="page-preview__note">{m.previewImageNote}</p> : null}
			<div className="page-preview__page">
				<p className="page-preview__title">{preview.page.title}</p>
				{preview.page.description ? <p className="page-preview__description">{preview.page.description}</p> : null}
				{/* Rendered by the public pages' pipeline: sanitised on the server. */}
				<div className="prose" dangerouslySetInnerHTML={{ __html: preview.page.html }} />
			</div>
		</section>
	)
}

function Placeholders({ placeholders }: { placeholders: PageEditing['placeholders'] }) {
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

function Revisions({ page, failure }: { page: PageEditing; failure: ActionFailure | null }) {
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
								<AdminForm section={SECTION} mode={{ edit: page.slug }} className="page-revisions__form">
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
