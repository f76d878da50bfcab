import type { ActionFailure } from './admin-result.ts'
import { storeImageFields, type MediaChange } from './form-media.server.ts'

/** What a save of an announcement or an event does to its cover and its page-top background. */
export type FeaturedMediaChange = { cover: MediaChange; hero: MediaChange }

/** The stored cover and page-top background of a row (what a save's new images replace). */
export type FeaturedMediaKeys = { cover_url: string | null; hero_bg_url: string | null }

/**
 * The cover and background fields of an announcement's or an event's form
 * (CoverAndHeroPickers), stored under `folders`; a refused file is the
 * save's refusal, `prefix` and the reason, at its field.
 */
export async function storeFeaturedMedia(
	form: FormData,
	folders: { cover: string; hero: string },
	current: FeaturedMediaKeys,
	ctx: { requestId: string },
	prefix: string,
): Promise<{ ok: true; media: FeaturedMediaChange } | { ok: false; result: ActionFailure }> {
	const stored = await storeImageFields(
		form,
		[
			{ file: 'cover_file', remove: 'cover_key_remove', folder: folders.cover, current: current.cover_url },
			{ file: 'hero_file', remove: 'hero_key_remove', folder: folders.hero, current: current.hero_bg_url },
		],
		ctx,
		prefix,
	)
	if (!stored.ok) return stored
	const [cover, hero] = stored.changes as [MediaChange, MediaChange]
	return { ok: true, media: { cover, hero } }
}
