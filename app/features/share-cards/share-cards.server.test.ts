import * as fontkit from 'fontkit'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { restoreFromTrash } from '#app/features/admin/trash.server.ts'
import { getAlumniNewsBySlug } from '#app/features/alumni-news/alumni-news.server.ts'
import { announcementsAdmin } from '#app/features/announcements/announcements.admin.server.ts'
import { getPublishedAnnouncement } from '#app/features/announcements/announcements.server.ts'
import { getEventBySlug } from '#app/features/events/events.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { createS3Storage } from '#app/lib/storage-s3.server.ts'
import { getStorage, setStorageForTests } from '#app/lib/storage.server.ts'
import { formData, jpegFile, savedId, signedInAdmin as signedInAdminOf } from '#tests/factories/admin.ts'
import { createAlumniNews } from '#tests/factories/alumni-news.ts'
import { createEvent } from '#tests/factories/events.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { startS3 } from '#tests/setup/s3.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { COVER_LEFT, renderShareCardSvg, shareCardFonts } from './card-image.server.ts'
import { drawShareCards } from './share-cards.server.ts'

const signedInAdmin = () => signedInAdminOf('duyurular')

const cardKeyOf = async (table: 'announcements' | 'events' | 'alumni_news', id: number) =>
	(await db.selectFrom(table).select('share_card_key').where('id', '=', id).executeTakeFirstOrThrow()).share_card_key

async function storedCard(key: string | null) {
	expect(key).not.toBeNull()
	const stored = await getStorage().get(key!)
	expect(stored).not.toBeNull()
	return { body: stored!.body, meta: await sharp(stored!.body).metadata() }
}

/** The mean colour of a box of an image. */
async function meanColour(image: Buffer, box: { left: number; top: number; width: number; height: number }) {
	const part = await sharp(image).extract(box).png().toBuffer()
	const { channels } = await sharp(part).stats()
	return channels.slice(0, 3).map((channel) => Math.round(channel.mean))
}

const scheduledForDeletion = async (key: string) =>
	(await db.selectFrom('pending_deletions').select('key').where('key', '=', key).executeTakeFirst()) !== undefined

for (const dialect of dialectsUnderTest()) {
	test(`draws a 1200×630 card for each published item, with its cover in it, and none for a draft; one drawing process at a time (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			const published = savedId(
				await announcementsAdmin.act(
					'save',
					formData({
						title: 'Mezunlar Günü İçin Kayıtlar Başladı',
						status: 'published',
						date: '2026-01-12',
						cover_file: await jpegFile('kapak.jpg', { width: 1600, height: 900 }),
					}),
					ctx,
				),
			)
			const draft = savedId(await announcementsAdmin.act('save', formData({ title: 'Henüz Taslak Olan Duyuru' }), ctx))
			const event = await createEvent({ title: 'Bahar Şenliği', slug: 'bahar-senligi', starts_at: '2026-05-16T11:00:00.000Z' })
			const news = await createAlumniNews({ title: 'Mezunumuz Çiğdem Işık’a Ödül', slug: 'cigdem-isik-odul' })

			const runs = await Promise.all([drawShareCards(), drawShareCards()])
			expect(runs.toSorted((a, b) => Number(a.busy) - Number(b.busy))).toEqual([
				{ drawn: 3, removed: 0, failed: 0, busy: false },
				{ drawn: 0, removed: 0, failed: 0, busy: true },
			])

			const announcementKey = await cardKeyOf('announcements', published)
			expect(announcementKey).toMatch(/^announcements\/og\/\d+-[\w-]+\.jpg$/)
			const withCover = await storedCard(announcementKey)
			expect(withCover.meta).toMatchObject({ width: 1200, height: 630, format: 'jpeg' })
			expect(withCover.body.length).toBeLessThan(300_000)
			const [r, g, b] = await meanColour(withCover.body, { left: COVER_LEFT + 40, top: 60, width: 400, height: 500 })
			expect(Math.abs(r! - 120) + Math.abs(g! - 90) + Math.abs(b! - 60)).toBeLessThan(20)
			const [panelRed] = await meanColour(withCover.body, { left: 20, top: 200, width: 560, height: 150 })
			expect(panelRed).toBeLessThan(60)

			for (const [table, id] of [
				['events', event.id],
				['alumni_news', news.id],
			] as const) {
				const key = await cardKeyOf(table, id)
				expect(key).toMatch(new RegExp(`^${table}/og/${id}-[\\w-]+\\.png$`))
				const card = await storedCard(key)
				expect(card.meta).toMatchObject({ width: 1200, height: 630, format: 'png' })
				expect(card.body.length).toBeLessThan(300_000)
			}
			expect(await cardKeyOf('announcements', draft)).toBeNull()

			expect((await getPublishedAnnouncement({ id: published }))?.shareCard).toEqual({
				src: getStorage().url(announcementKey!),
				width: 1200,
				height: 630,
				type: 'image/jpeg',
			})
			expect((await getEventBySlug('bahar-senligi'))?.shareCard).toMatchObject({ type: 'image/png' })
			expect((await getAlumniNewsBySlug('cigdem-isik-odul'))?.shareCard).toMatchObject({ type: 'image/png' })

			expect(await drawShareCards()).toEqual({ drawn: 0, removed: 0, failed: 0, busy: false })
		})
	})

	test(`stores a run's cards in one content write, so drawing many cards renews the cached pages once, not once per card (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const events = await Promise.all(
				['Bahar Konseri', 'Güz Gezisi', 'Kış Balosu', 'Yaz Pikniği'].map((title, i) =>
					createEvent({ title, slug: `etkinlik-${i}`, starts_at: `2026-0${i + 3}-10T16:00:00.000Z` }),
				),
			)
			const before = Number(await readContentVersion())
			expect(await drawShareCards()).toEqual({ drawn: 4, removed: 0, failed: 0, busy: false })
			expect(Number(await readContentVersion())).toBe(before + 1)
			for (const event of events) expect(await cardKeyOf('events', event.id)).toMatch(new RegExp(`^events/og/${event.id}-`))
		})
	})

	test(`draws the card again when its title changes, not for other edits; keeps it in the trash; takes a draft's card away (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			const fields = { title: 'Genel Kurul Toplantısı', lead: 'Tüm üyeler davetlidir.', status: 'published', date: '2026-02-14' }
			const id = savedId(await announcementsAdmin.act('save', formData(fields), ctx))
			expect(await drawShareCards()).toMatchObject({ drawn: 1 })
			const first = await cardKeyOf('announcements', id)

			savedId(
				await announcementsAdmin.act('save', formData({ ...fields, id: String(id), lead: 'Gündem ekte.', body: '<p>Yeni metin</p>' }), ctx),
			)
			expect(await drawShareCards()).toMatchObject({ drawn: 0, removed: 0 })
			expect(await cardKeyOf('announcements', id)).toBe(first)

			savedId(await announcementsAdmin.act('save', formData({ ...fields, id: String(id), title: 'Olağanüstü Genel Kurul' }), ctx))
			expect(await drawShareCards()).toMatchObject({ drawn: 1 })
			const second = await cardKeyOf('announcements', id)
			expect(second).not.toBe(first)
			expect((await storedCard(second)).meta).toMatchObject({ width: 1200, height: 630 })
			expect(await scheduledForDeletion(first!)).toBe(true)
			expect(await getStorage().exists(first!)).toBe(true)

			expect(await announcementsAdmin.act('delete', formData({ id: String(id) }), ctx)).toMatchObject({ ok: true })
			const trashed = await db.selectFrom('trash').select(['id', 'media_keys']).executeTakeFirstOrThrow()
			expect(JSON.parse(trashed.media_keys)).toContain(second)
			expect(await scheduledForDeletion(second!)).toBe(false)
			expect(await drawShareCards()).toMatchObject({ drawn: 0, removed: 0 })
			await restoreFromTrash(trashed.id)
			expect((await getPublishedAnnouncement({ id }))?.shareCard?.src).toBe(getStorage().url(second!))

			savedId(
				await announcementsAdmin.act(
					'save',
					formData({ ...fields, id: String(id), title: 'Olağanüstü Genel Kurul', status: 'draft' }),
					ctx,
				),
			)
			expect(await drawShareCards()).toMatchObject({ drawn: 0, removed: 1 })
			expect(await cardKeyOf('announcements', id)).toBeNull()
			expect(await scheduledForDeletion(second!)).toBe(true)
		})
	})

	test(`stores the card in an S3-compatible bucket, with the cover read from it, at an address scrapers can fetch (${dialect})`, async () => {
		const s3 = await startS3()
		try {
			await withDatabase(dialect, async () => {
				const storage = createS3Storage({
					endpoint: s3.endpoint,
					bucket: s3.bucket,
					region: 'us-east-1',
					accessKeyId: 'S3RVER',
					secretAccessKey: 'S3RVER',
				})
				setStorageForTests(storage)
				const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 140, b: 80 } } })
					.jpeg()
					.toBuffer()
				await storage.put('events/kapak-1600x900.jpg', cover, { contentType: 'image/jpeg' })
				await createEvent({ title: 'Kermes', slug: 'kermes', cover_url: 'events/kapak-1600x900.jpg' })
				expect(await drawShareCards()).toMatchObject({ drawn: 1, failed: 0 })
				const card = (await getEventBySlug('kermes'))?.shareCard
				expect(card?.src).toMatch(new RegExp(`^${s3.endpoint}/media/events/og/\\d+-[\\w-]+\\.jpg$`))
				const answer = await fetch(card!.src)
				expect(answer.status).toBe(200)
				const body = Buffer.from(await answer.arrayBuffer())
				expect(await sharp(body).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' })
				const [r, g, b] = await meanColour(body, { left: COVER_LEFT + 40, top: 60, width: 400, height: 500 })
				expect(Math.abs(r! - 30) + Math.abs(g! - 140) + Math.abs(b! - 80)).toBeLessThan(20)
			})
		} finally {
			await s3.stop()
		}
	})
}

test('has a glyph for every letter of a Turkish title in the card font, and draws the letters as paths, not text', async () => {
	const title = 'Çağrı: İşçi Şükrü ile Ağaç Gölgesinde Öğle Yemeği — ığdırlı ÇĞİÖŞÜ çğıöşü'
	const font = fontkit.create(shareCardFonts().bold) as unknown as {
		hasGlyphForCodePoint(codePoint: number): boolean
		glyphForCodePoint(codePoint: number): { id: number; path: { commands: Array<unknown> } }
	}
	for (const char of new Set(title.replace(/\s/g, ''))) {
		expect(font.hasGlyphForCodePoint(char.codePointAt(0)!), char).toBe(true)
		expect(font.glyphForCodePoint(char.codePointAt(0)!).id, char).not.toBe(0)
	}
	for (const letter of new Set(title.match(/\p{L}/gu))) {
		expect(font.glyphForCodePoint(letter.codePointAt(0)!).path.commands.length, letter).toBeGreaterThan(0)
	}
	const text = { kindLabel: 'Duyuru', title, date: '14 Şubat 2026', siteName: 'NDS Mezunları Derneği' }
	const svg = await renderShareCardSvg(text, false)
	expect(svg).not.toMatch(/<text\b/)
	expect(svg.match(/<path\b[^>]*\bd="M[^"]+"/g)?.length).toBeGreaterThanOrEqual(4)
	const dotless = await renderShareCardSvg(
		{ ...text, title: title.replace(/[ÇĞİÖŞÜçğıöşü]/g, (c) => 'CGIOSUcgiosu'['ÇĞİÖŞÜçğıöşü'.indexOf(c)]!) },
		false,
	)
	expect(dotless).not.toBe(svg)
})
