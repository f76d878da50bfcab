import { msg } from '#app/lib/messages.ts'
import type { ImageRef } from '#app/lib/media.ts'
import type { FieldValue } from './crud.tsx'
import { Checkbox, FilePicker, TextArea, TextInput } from './fields.tsx'
import { RichText } from './rich-text.tsx'

/** What announcements and events share in their forms: a cover, a page-top background and a home-page feature. */
type FeaturedMedia = {
	coverKey: string | null
	cover: ImageRef | null
	heroKey: string | null
	hero: ImageRef | null
	featuredHome: boolean
	featuredUntil: string
}

type Errors = Record<string, string> | undefined

export function CoverAndHeroPickers({ editing, errors }: { editing: FeaturedMedia | null | undefined; errors: Errors }) {
	return (
		<div className="admin-form__row">
			<FilePicker
				label={msg.admin.coverImage}
				name="cover_file"
				keyName="cover_key"
				currentKey={editing?.coverKey}
				currentUrl={editing?.cover?.src}
				accept="image/*"
				error={errors?.cover_file}
			/>
			<FilePicker
				label={msg.admin.heroImage}
				name="hero_file"
				keyName="hero_key"
				currentKey={editing?.heroKey}
				currentUrl={editing?.hero?.src}
				accept="image/*"
				error={errors?.hero_file}
				hint={msg.admin.heroImageHint}
			/>
		</div>
	)
}

/** The home-page flag and its end (Istanbul time); a refused form shows what was typed. */
export function FeaturedFields({
	editing,
	values,
	errors,
	hint,
}: {
	editing: FeaturedMedia | null | undefined
	values: Record<string, string> | undefined
	errors: Errors
	hint: string
}) {
	return (
		<div className="admin-form__row">
			<Checkbox
				label={msg.admin.featureOnHome}
				name="featured_home"
				defaultChecked={values ? values.featured_home === 'on' : (editing?.featuredHome ?? false)}
				hint={hint}
			/>
			<TextInput
				label={msg.admin.featuredUntil}
				name="featured_until"
				type="datetime-local"
				defaultValue={values?.featured_until ?? editing?.featuredUntil ?? ''}
				error={errors?.featured_until}
				hint={msg.admin.featuredUntilHint}
			/>
		</div>
	)
}

/** The lead, the body and the two pictures of an announcement or an event, in the order both forms show them. */
export function LeadBodyAndPictures({
	editing,
	errors,
	value,
}: {
	editing: (FeaturedMedia & { lead: string; body: string }) | null | undefined
	errors: Errors
	value: FieldValue
}) {
	return (
		<>
			<TextArea
				label={msg.fields.lead}
				name="lead"
				rows={2}
				defaultValue={value('lead', editing?.lead)}
				error={errors?.lead}
				hint={msg.fields.leadHint}
			/>
			<RichText name="body" label={msg.fields.body} defaultValue={value('body', editing?.body)} />
			<CoverAndHeroPickers editing={editing} errors={errors} />
		</>
	)
}
