import { Link, useNavigation, useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm } from '#app/features/admin/components/crud.tsx'
import { TextArea, TextInput } from '#app/features/admin/components/fields.tsx'
import { RichText } from '#app/features/admin/components/rich-text.tsx'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import type { PageEditing } from '../page-editing.server.ts'
import { PAGES_SECTION, type PagePreview, type PageStatus } from '../pages.shared.ts'
import { PagePlaceholders } from './page-placeholders.tsx'
import { PagePreviewRegion } from './page-preview.tsx'
import { PageRevisions } from './page-revisions.tsx'

const m = msg.pagesAdmin

const STATUS_TEXT: Record<PageStatus, string> = { kaydedildi: m.saved, degismedi: m.unchanged, 'geri-yuklendi': m.restored }

/** The refusal of the page form (it echoes what was typed); a refused restore has nothing to echo. */
const isFormFailure = (failure: ActionFailure | null) => Boolean(failure?.values)

/** A page's edit screen: the form (save or preview), the preview when there is one, and the earlier versions. */
export function PageEditor({ page, failure, preview }: { page: PageEditing; failure: ActionFailure | null; preview: PagePreview | null }) {
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
				<Link className="button button--ghost" to={sectionHref(PAGES_SECTION)}>
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
			{preview ? <PagePreviewRegion preview={preview} /> : null}

			<AdminForm key={page.updatedAt ?? page.slug} section={PAGES_SECTION} mode={{ edit: page.slug }} failure={formFailure}>
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
						<PagePlaceholders placeholders={page.placeholders} />
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
							<Link className="button button--ghost" to={sectionHref(PAGES_SECTION)}>
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

			<PageRevisions page={page} failure={failure && !isFormFailure(failure) ? failure : null} />
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
