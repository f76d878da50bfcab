import { sql } from 'kysely'
import type { HeroSlide } from '#app/components/hero-carousel.tsx'
import type { MediaChange } from '#app/features/admin/form-media.server.ts'
import { deleteMediaLater } from '#app/features/admin/media.server.ts'
import { recordCreate, recordReorder, revisedUpdate } from '#app/features/admin/revisions.server.ts'
import { moveToTrash } from '#app/features/admin/trash.server.ts'
import { withContentWrite } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso } from '#app/lib/db-utils.server.ts'
import { defaultHero, heroImageAsset } from '#app/lib/default-images.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { movedOrder, OrderMismatchError, type MoveDirection } from '#app/lib/ordering.ts'
import { preparedQuery } from '#app/lib/prepared-query.server.ts'
import { UserFacingError } from '#app/lib/user-message.server.ts'
import type { FeaturedSlide } from './featured.server.ts'
import type { HeroSlideForm } from './home.schema.ts'

export type HeroSlideItem = {
	id: number
	title: string
	text: string | null
	linkUrl: string | null
	linkLabel: string | null
	/** The uploaded image's stored key, if any. */
	imageKey: string | null
	/** The built-in image's name, if any. */
	imageAsset: string | null
	/** The uploaded image, else the built-in one; null leaves it to the page. */
	image: ImageRef | null
	orderIndex: number
}

const allSlides = preparedQuery(() =>
	db
		.selectFrom('hero_slides')
		.select(['id', 'title', 'text', 'link_url', 'link_label', 'image_key', 'image_asset', 'order_index'])
		.orderBy('order_index', 'asc')
		.orderBy('id', 'asc'),
)

/** The default slides in their order (spec §2 "Layout": the hero's default slides, now data). */
export async function listHeroSlides(): Promise<Array<HeroSlideItem>> {
	const rows = await allSlides({})
	return rows.map((row) => ({
		id: row.id,
		title: row.title,
		text: row.text,
		linkUrl: row.link_url,
		linkLabel: row.link_label,
		imageKey: row.image_key,
		imageAsset: row.image_asset,
		image: imageRef(row.image_key) ?? heroImageAsset(row.image_asset),
		orderIndex: row.order_index,
	}))
}

/**
 * Issue 4's rule for the home hero, unchanged now that the default slides
 * are data: the featured announcements and events are the slides when
 * there are any (each without an image gets a built-in one by position);
 * otherwise the default slides, in their order. With neither (every
 * default slide deleted is refused, but a read may fail) one slide with the
 * motto keeps the page's top in place (spec §2: default slide 'IN SION
 * FIRMATA SUM').
 */
export function pickHeroSlides(featured: ReadonlyArray<FeaturedSlide>, defaults: ReadonlyArray<HeroSlideItem>): Array<HeroSlide> {
	if (featured.length > 0)
		return featured.map((slide, i) => ({
			id: slide.id,
			title: slide.title,
			subtitle: slide.subtitle,
			href: slide.href,
			image: slide.image ?? defaultHero(i),
		}))
	if (defaults.length > 0)
		return defaults.map((slide, i) => ({
			id: `slide-${slide.id}`,
			title: slide.title,
			subtitle: slide.text,
			href: slide.linkUrl,
			linkLabel: slide.linkUrl ? slide.linkLabel : null,
			image: slide.image ?? defaultHero(i),
		}))
	return [{ id: 'motto', title: msg.hero.motto, image: defaultHero(0) }]
}

/**
 * Creates (id null) or updates a slide with its image, in one transaction
 * with the content version. A new slide goes last (the highest order_index
 * plus one). The uploaded image it replaces is deleted after the grace
 * period.
 */
export async function saveHeroSlide(id: number | null, input: HeroSlideForm, image: MediaChange): Promise<number> {
	const stamp = nowIso()
	const fields = {
		title: input.title,
		text: input.text,
		link_url: input.link_url,
		link_label: input.link_label,
		image_key: image.key,
		image_asset: input.image_asset,
	}
	// The version lock comes first, so a new row's order_index reads the others' committed rows.
	return withContentWrite(db, async (trx) => {
		let savedId: number
		if (id === null) {
			const row = await trx
				.insertInto('hero_slides')
				.values({
					...fields,
					order_index: sql<number>`(select coalesce(max(order_index), 0) + 1 from hero_slides)`,
					created_at: stamp,
					updated_at: stamp,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			savedId = row.id
			await recordCreate(trx, 'hero_slides', savedId)
		} else {
			const result = await revisedUpdate(trx, 'hero_slides', id, () =>
				trx
					.updateTable('hero_slides')
					.set({ ...fields, updated_at: stamp })
					.where('id', '=', id)
					.executeTakeFirst(),
			)
			if (Number(result.numUpdatedRows) === 0) throw new Error(msg.validation.notFound)
			savedId = id
		}
		await deleteMediaLater(trx, image.replaced)
		return savedId
	})
}

/** Moves a slide to the trash (restorable for 30 days, its image kept until the purge); the last one stays, so the home page keeps a hero. */
export async function deleteHeroSlide(id: number) {
	await withContentWrite(db, async (trx) => {
		const row = await trx.selectFrom('hero_slides').select(['image_key']).where('id', '=', id).executeTakeFirst()
		if (!row) throw new Error(msg.validation.notFound)
		const count = await trx
			.selectFrom('hero_slides')
			.select(sql<number>`count(*)`.as('n'))
			.executeTakeFirstOrThrow()
		if (Number(count.n) <= 1) throw new UserFacingError(msg.home.lastSlide)
		await moveToTrash(trx, 'hero_slides', id)
	})
}

/** The posted order is not the current set of slides (one added or deleted meanwhile). */
async function writeOrder(order: (current: Array<number>) => Array<number>, movedId: number | null = null) {
	// Under the version lock: no order is read before another write commits.
	await withContentWrite(db, async (trx) => {
		const current = await trx.selectFrom('hero_slides').select('id').orderBy('order_index', 'asc').orderBy('id', 'asc').execute()
		const ids = order(current.map((row) => row.id))
		for (const [i, id] of ids.entries()) {
			await trx
				.updateTable('hero_slides')
				.set({ order_index: i + 1 })
				.where('id', '=', id)
				.execute()
		}
		await recordReorder(trx, 'hero_slides', movedId, ids)
	})
}

/** Every slide gets order_index 1..n in the posted order; the ids must be exactly the current slides, each once. */
export async function reorderHeroSlides(ids: ReadonlyArray<number>) {
	await writeOrder((current) => {
		const posted = new Set(ids)
		if (posted.size !== ids.length || posted.size !== current.length || current.some((id) => !posted.has(id))) {
			throw new OrderMismatchError(msg.validation.staleOrder)
		}
		return [...ids]
	})
}

/** One step up or down, or to the top or the bottom; renumbers 1..n like a reorder. */
export async function moveHeroSlide(id: number, direction: MoveDirection) {
	await writeOrder((current) => movedOrder(current, id, direction), id)
}
