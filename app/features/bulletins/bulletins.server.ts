import { db } from '#app/lib/db.server.ts'
import { storeImage, type StoredImage } from '#app/lib/images.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { fileUrl, imageRef } from '#app/lib/media.server.ts'
import { renderFirstPage } from '#app/lib/pdf.server.ts'
import { preparedQuery } from '#app/lib/prepared-query.server.ts'
import type { StorageDriver } from '#app/lib/storage-driver.server.ts'
import { monthName } from '#app/lib/tr.ts'

/** Spec §9: the publications grid has 9 tiles. */
export const PUBLICATION_TILES = 9

export type BulletinMonth = { id: number; month: number; label: string; href: string }
export type BulletinYear = { year: number; months: Array<BulletinMonth> }
export type BulletinCover = { id: number; year: number; month: number; label: string; href: string; image: ImageRef }

/** `Mart 2024` */
export function bulletinLabel(year: number, month: number) {
	return `${monthName(month)} ${year}`
}

/**
 * Spec §2 "Bulletin archive": years descending, each with its months in
 * calendar order linking to the PDF.
 */
export async function listBulletinArchive(): Promise<Array<BulletinYear>> {
	const rows = await db
		.selectFrom('bulletins')
		.select(['id', 'year', 'month', 'pdf_url'])
		.orderBy('year', 'desc')
		.orderBy('month', 'asc')
		.execute()
	const years: Array<BulletinYear> = []
	for (const row of rows) {
		const href = fileUrl(row.pdf_url)
		if (!href) continue
		let group = years.at(-1)
		if (group?.year !== row.year) {
			group = { year: row.year, months: [] }
			years.push(group)
		}
		group.months.push({ id: row.id, month: row.month, label: monthName(row.month), href })
	}
	return years
}

const latestCovers = preparedQuery(
	({ limit }: { limit: number }) =>
		db
			.selectFrom('bulletins')
			.select(['id', 'year', 'month', 'pdf_url', 'cover_url'])
			.where('cover_url', 'is not', null)
			.orderBy('year', 'desc')
			.orderBy('month', 'desc')
			.limit(limit),
	{ shape: ['limit'] },
)

/**
 * The newest bulletins that have a cover, for the home page's publications
 * grid: the first nine fill the tiles, the rest rotate through them.
 */
export async function listBulletinCovers({ limit = PUBLICATION_TILES * 4 } = {}): Promise<Array<BulletinCover>> {
	const rows = await latestCovers({ limit })
	const covers: Array<BulletinCover> = []
	for (const row of rows) {
		const image = imageRef(row.cover_url)
		const href = fileUrl(row.pdf_url)
		if (image && href) covers.push({ id: row.id, year: row.year, month: row.month, label: bulletinLabel(row.year, row.month), href, image })
	}
	return covers
}

/**
 * The cover image of a bulletin: its first page rendered (mupdf, WebAssembly),
 * or a drawn cover with the month and year when the PDF cannot be rendered.
 * The admin calls this when a bulletin is saved and stores the key in
 * `bulletins.cover_url`.
 */
export async function createBulletinCover(
	pdf: Uint8Array,
	{ year, month, storage, stamp = Date.now() }: { year: number; month: number; storage?: StorageDriver; stamp?: number },
): Promise<StoredImage & { rendered: boolean }> {
	const stem = `${year}-${String(month).padStart(2, '0')}-${stamp}-kapak`
	let picture: Buffer
	let rendered = true
	try {
		picture = await renderFirstPage(pdf, 330)
	} catch (error) {
		// Too slow, too big or unreadable for the PDF worker: the bulletin keeps its PDF and gets a drawn cover.
		logger.warn({ err: error, year, month }, 'bulletin cover could not be rendered; drawn instead')
		rendered = false
		// Loaded on first use: the font engine stays out of the server until needed.
		const { bulletinCoverArt } = await import('#app/lib/demo-art.server.ts')
		picture = Buffer.from(bulletinCoverArt(year * 12 + month, bulletinLabel(year, month), 'NDS Mezunları Derneği', 330, 518))
	}
	const stored = await storeImage(picture, { folder: 'bulletins', stem, storage })
	return { ...stored, rendered }
}
