import { useSearchParams } from 'react-router'
import { AdminTable, Muted, ThumbCell } from '#app/features/admin/components/admin-table.tsx'
import { AdminForm, AdminPanel, EditDialog } from '#app/features/admin/components/crud.tsx'
import { Checkbox, FilePicker, SaveButton, SelectInput, TextArea, TextInput } from '#app/features/admin/components/fields.tsx'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { defaultHero } from '#app/lib/default-images.ts'
import { HERO_IMAGE_ASSETS } from '#app/lib/hero-assets.ts'
import { msg } from '#app/lib/messages.ts'
import type { HeroSlideItem } from '../hero-slides.server.ts'
import type { HomeAdminData } from '../home.admin.server.ts'
import { HOME_SECTIONS } from '../home.schema.ts'

const SECTION = 'ana-sayfa'

const ASSET_OPTIONS = [
	{ value: '', label: msg.home.assetNone },
	...HERO_IMAGE_ASSETS.map((name, i) => ({ value: name, label: msg.home.assetLabel(i + 1) })),
]

function searchText(row: HeroSlideItem) {
	return [row.title, row.text, row.linkUrl, row.linkLabel].filter(Boolean).join('\n')
}

/**
 * Admin "Ana sayfa": the home hero's default slides (a list in page order,
 * with the shared reorder) and the home sections that show.
 */
export function HomeAdmin({ data, failure }: { data: HomeAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const editing = data.editing
	const open = params.get('new') === '1' || editing
	return (
		<AdminPanel title={msg.home.adminTitle} section={SECTION} failure={failure} loadError={data.loadError} newLabel={msg.home.newSlide}>
			<h2 className="admin-panel__subtitle">{msg.home.slidesTitle}</h2>
			<p className="field__hint">{msg.home.slidesIntro}</p>
			<p className="admin-panel__status" role="status">
				{data.featuredCount > 0 ? msg.home.featuredNow(data.featuredCount) : msg.home.noFeatured}
			</p>
			<AdminTable
				section={SECTION}
				caption={msg.home.slidesCaption}
				rows={data.slides}
				label={(row) => row.title}
				searchText={searchText}
				emptyText={msg.home.empty}
				confirmText={(row) => msg.home.confirmDelete(row.title)}
				reorder={{}}
				columns={[
					{
						header: msg.fields.image,
						hiddenHeader: true,
						cell: (row) => <ThumbCell image={row.image ?? defaultHero(data.slides.indexOf(row))} />,
					},
					{ header: msg.fields.title, cell: (row) => row.title },
					{ header: msg.fields.body, cell: (row) => row.text ?? <Muted /> },
					{
						header: msg.fields.link,
						cell: (row) =>
							row.linkUrl ? (
								<>
									{row.linkLabel ? <span className="admin-table__line">{row.linkLabel}</span> : null}
									<code>{row.linkUrl}</code>
								</>
							) : (
								<Muted />
							),
					},
				]}
			/>

			<AdminForm section={SECTION} className="admin-form admin-panel__block">
				{({ saving }) => (
					<fieldset className="admin-fieldset">
						<legend>{msg.home.sectionsTitle}</legend>
						<input type="hidden" name="intent" value="save-sections" />
						<p className="field__hint">{msg.home.sectionsHint}</p>
						{HOME_SECTIONS.map((key) => (
							<Checkbox key={key} label={msg.home.sections[key]} name={key} defaultChecked={data.sections[key]} />
						))}
						<SaveButton saving={saving} label={msg.home.sectionsSave} />
					</fieldset>
				)}
			</AdminForm>

			{open ? (
				<EditDialog
					section={SECTION}
					revisions={data.revisions}
					editingId={editing?.id ?? null}
					title={editing ? msg.home.editTitle : msg.home.newSlide}
					failure={failure}
					wide
					fields={({ errors, value }) => (
						<>
							<TextInput
								label={msg.fields.title}
								name="title"
								defaultValue={value('title', editing?.title)}
								error={errors.title}
								autoComplete="off"
							/>
							<TextArea
								label={msg.fields.body}
								name="text"
								rows={3}
								defaultValue={value('text', editing?.text)}
								error={errors.text}
								hint={msg.home.textHint}
							/>
							<div className="admin-form__row">
								<TextInput
									label={msg.fields.link}
									name="link_url"
									defaultValue={value('link_url', editing?.linkUrl)}
									error={errors.link_url}
									hint={msg.home.linkHint}
									autoComplete="off"
								/>
								<TextInput
									label={msg.home.linkLabel}
									name="link_label"
									defaultValue={value('link_label', editing?.linkLabel)}
									error={errors.link_label}
									hint={msg.home.linkLabelHint}
									autoComplete="off"
								/>
							</div>
							<FilePicker
								label={msg.fields.image}
								name="image_file"
								keyName="image_key"
								accept="image/*"
								currentKey={editing?.imageKey}
								currentUrl={editing?.imageKey ? editing.image?.src : null}
								error={errors.image_file}
								hint={msg.fields.imageHint}
							/>
							<SelectInput
								label={msg.home.asset}
								name="image_asset"
								options={ASSET_OPTIONS}
								defaultValue={value('image_asset', editing?.imageAsset)}
								error={errors.image_asset}
								hint={msg.home.assetHint}
							/>
						</>
					)}
				/>
			) : null}
		</AdminPanel>
	)
}
