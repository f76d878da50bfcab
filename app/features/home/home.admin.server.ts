import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	describeError,
	editId,
	formId,
	guarded,
	unknownIntent,
	orderIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { storeImageFields, withStoredFiles, type MediaChange } from '#app/features/admin/form-media.server.ts'
import { revertIntent, revisionsForEditing, type RevisionList } from '#app/features/admin/revisions.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { getSettings, updateSetting } from '#app/features/settings/settings.server.ts'
import { db } from '#app/lib/db.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { postedDirection, postedIds } from '#app/lib/ordering.ts'
import { listFeaturedSlides } from './featured.server.ts'
import {
	deleteHeroSlide,
	listHeroSlides,
	moveHeroSlide,
	reorderHeroSlides,
	saveHeroSlide,
	type HeroSlideItem,
} from './hero-slides.server.ts'
import { DEFAULT_HOME_SECTIONS, HERO_SLIDE_FIELDS, HeroSlideFormSchema, HOME_SECTIONS, type HomeSections } from './home.schema.ts'

export type HomeAdminData = {
	/** The default slides, in their order on the home page. */
	slides: Array<HeroSlideItem>
	editing: HeroSlideItem | null
	/** Which home sections show. */
	sections: HomeSections
	/** Featured announcements and events on the home page now: while there are any, they are the slides. */
	featuredCount: number
	/** The edited item's earlier versions ("Sürümler"). */
	revisions: RevisionList | null
	/** A failed read, shown in red above the table. */
	loadError: string | null
}

/** Where a slide's uploaded image is stored (resized WebP variants beside it). */
export const HERO_SLIDE_FOLDER = 'home/hero'

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = HeroSlideFormSchema.safeParse(formFields(form, HERO_SLIDE_FIELDS))
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		return failure(400, Object.values(fieldErrors)[0] ?? msg.announcements.titleRequired, { fieldErrors, values: echoValues(form) })
	}
	const id = formId(form)
	let current: string | null = null
	if (id !== null) {
		const row = await db.selectFrom('hero_slides').select('image_key').where('id', '=', id).executeTakeFirst()
		if (!row) return failure(404, `${msg.home.saveFailed}${msg.admin.invalidRecord}`, { values: echoValues(form) })
		current = row.image_key
	}
	const stored = await storeImageFields(
		form,
		[{ file: 'image_file', remove: 'image_key_remove', folder: HERO_SLIDE_FOLDER, current }],
		ctx,
		msg.home.saveFailed,
	)
	if (!stored.ok) return stored.result
	const [image] = stored.changes as [MediaChange]
	return guarded(ctx, msg.home.saveFailed, async () => {
		const savedId = await withStoredFiles([image], () => saveHeroSlide(id, parsed.data, image))
		return { ok: true, id: savedId }
	})
}

/** The sections form: one checkbox per section, checked means shown. */
function saveSections(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const sections = Object.fromEntries(HOME_SECTIONS.map((key) => [key, form.get(key) === 'on'])) as HomeSections
	return guarded(ctx, msg.home.sectionsFailed, async () => {
		await updateSetting('homeSections', sections)
		return { ok: true, message: msg.home.sectionsSaved }
	})
}

export const homeAdmin: AdminTabServer<HomeAdminData> = {
	async load({ url, requestId }) {
		let slides: Array<HeroSlideItem> = []
		let sections = DEFAULT_HOME_SECTIONS
		let featuredCount = 0
		let loadError: string | null = null
		try {
			;[slides, sections, featuredCount] = await Promise.all([
				listHeroSlides(),
				getSettings().then((settings) => settings.homeSections),
				listFeaturedSlides().then((featured) => featured.length),
			])
		} catch (error) {
			logger.error({ err: error, requestId }, 'admin home slides list failed')
			loadError = `${msg.home.loadFailed}${describeError(error, requestId)}`
		}
		const id = editId(url)
		const editing = id === null ? null : (slides.find((slide) => slide.id === id) ?? null)
		const revisions = await revisionsForEditing({ requestId }, 'hero_slides', editing?.id)
		return { slides, editing, sections, featuredCount, loadError, revisions }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save': {
				return save(form, ctx)
			}
			case 'delete': {
				return deleteIntent(form, ctx, msg.home.deleteFailed, deleteHeroSlide)
			}
			case 'revert': {
				return revertIntent(ctx, 'hero_slides', form)
			}
			case 'reorder': {
				const ids = postedIds(form)
				if (!ids) return failure(400, msg.admin.reorderFailed)
				return orderIntent(ctx, () => reorderHeroSlides(ids))
			}
			case 'move': {
				const id = formId(form)
				const direction = postedDirection(form)
				if (id === null || !direction) return failure(400, msg.admin.reorderFailed)
				return orderIntent(ctx, () => moveHeroSlide(id, direction))
			}
			case 'save-sections': {
				return saveSections(form, ctx)
			}
			default:
				return unknownIntent(intent)
		}
	},
}
