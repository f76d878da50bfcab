import crypto from 'node:crypto'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { refreshSearchIndex } from '#app/features/search/search.server.ts'
import { getMeta } from '#app/lib/app-meta.server.ts'
import type { DB } from '#app/lib/db.server.ts'
import { isUniqueViolation } from '#app/lib/db-utils.server.ts'
import { archesArt, bookCoverArt, circlesArt, logoArt, portraitArt, skylineArt } from '#app/lib/demo-art.server.ts'
import { putImage } from '#app/lib/images.server.ts'
import { renderFirstPage } from '#app/lib/pdf.server.ts'
import { slugify } from '#app/lib/slug.ts'
import type { StorageDriver } from '#app/lib/storage-driver.server.ts'
import { getStorage } from '#app/lib/storage.server.ts'
import { addDays, istanbulLocalToIso, istanbulParts, istanbulToday } from '#app/lib/tr.ts'
import { makeBulletinPdf } from './bulletin-pdf.ts'
import { createDemoMediaCache, type DemoMediaCache } from './demo-media-cache.ts'
import {
	DEMO_ALUMNI_NEWS,
	DEMO_ANNOUNCEMENTS,
	DEMO_BOARD,
	DEMO_CALENDAR,
	DEMO_CONTACT_MESSAGES,
	DEMO_EVENTS,
	DEMO_LITERATURE_YEARS,
	DEMO_PERKS,
	demoAwards,
	demoBooks,
	demoEventDay,
} from './demo-data.ts'
import { DEMO_MARKER, isContentEmpty } from './index.ts'

export type DemoSeedResult = { seeded: boolean; reason?: string }

/**
 * Demo content on an empty database: announcements, events, calendar,
 * bulletins (real PDFs), alumni news, member perks, board, awards and
 * literature books, with generated images, and a few contact form messages. Never touches a database that
 * already has content, and runs once.
 */
export async function seedDemo(
	db: DB,
	{
		storage = getStorage(),
		now = new Date(),
		cache = createDemoMediaCache(),
	}: { storage?: StorageDriver; now?: Date; cache?: DemoMediaCache } = {},
): Promise<DemoSeedResult> {
	if (await getMeta(db, DEMO_MARKER)) return { seeded: false, reason: 'already seeded' }
	if (!(await isContentEmpty(db))) return { seeded: false, reason: 'database has content' }

	const today = istanbulToday(now)
	const stamp = now.toISOString()
	// Seeding is all or nothing (the marker commits last), so files need no fsync each.
	const image = async (folder: string, svg: string) =>
		(await putImage(await cache.image(Buffer.from(svg)), { folder, storage, durable: false })).key
	const art = (kind: 'skyline' | 'arches' | 'circles', seed: number) =>
		kind === 'skyline' ? skylineArt(seed, 1200, 675) : kind === 'arches' ? archesArt(seed, 1200, 675) : circlesArt(seed, 1200, 675)

	const rows = await Promise.all([
		prepareAnnouncements(),
		prepareEvents(),
		prepareNews(),
		preparePerks(),
		prepareBoard(),
		prepareBooks(),
		prepareBulletins(),
	])
	const [announcements, events, news, perks, board, books, bulletins] = rows

	try {
		await db.transaction().execute(async (trx) => {
			// The marker goes in first: a second instance seeding at the same
			// moment waits on its key, then fails and leaves the rows alone.
			await trx.insertInto('app_meta').values({ key: DEMO_MARKER, value: stamp }).execute()
			for (const row of announcements) await trx.insertInto('announcements').values(row).execute()
			for (const row of events) await trx.insertInto('events').values(row).execute()
			for (const row of calendarRows()) await trx.insertInto('calendar_entries').values(row).execute()
			for (const row of bulletins) await trx.insertInto('bulletins').values(row).execute()
			for (const row of news) await trx.insertInto('alumni_news').values(row).execute()
			for (const row of perks) await trx.insertInto('member_perks').values(row).execute()
			for (const row of board) await trx.insertInto('board_members').values(row).execute()
			for (const row of demoAwards())
				await trx
					.insertInto('awards')
					.values({ ...row, created_at: stamp })
					.execute()
			for (const message of DEMO_CONTACT_MESSAGES) {
				const at = new Date(now.getTime() - message.hoursAgo * 3_600_000).toISOString()
				await trx
					.insertInto('contact_messages')
					.values({
						created_at: at,
						name: message.name,
						email: message.email,
						subject: message.subject,
						message: message.message,
						read_at: message.read ? at : null,
						archived_at: message.archived ? at : null,
					})
					.execute()
			}
			for (const row of books) await trx.insertInto('literature_books').values(row).execute()
			for (const year of new Set(books.map((book) => book.year))) {
				const given = DEMO_LITERATURE_YEARS[year]
				await trx
					.insertInto('literature_award_years')
					.values({
						year,
						jury: given?.jury.join('\n') ?? null,
						announcement: given?.announcement ?? null,
						created_at: stamp,
						updated_at: stamp,
					})
					.execute()
			}
		})
	} catch (error) {
		if (isUniqueViolation(error)) return { seeded: false, reason: 'seeded by another instance' }
		throw error
	}
	await refreshSearchIndex(db)
	return { seeded: true }

	async function prepareAnnouncements() {
		const nextJanuaryYear =
			istanbulParts(now).month === 1 && istanbulParts(now).day <= 20 ? istanbulParts(now).year : istanbulParts(now).year + 1
		const year = istanbulParts(now).year
		const gaYear = year % 2 === 1 ? year + (istanbulParts(now).month <= 2 ? 0 : 2) : year + 1
		const fill = (text: string) =>
			text
				.replaceAll('{gaYear}', String(gaYear))
				.replaceAll('{y25}', String(nextJanuaryYear - 25))
				.replaceAll('{y40}', String(nextJanuaryYear - 40))
				.replaceAll('{y50}', String(nextJanuaryYear - 50))
		return Promise.all(
			DEMO_ANNOUNCEMENTS.map(async (item, i) => {
				const publishedAt = item.publishedInDays === null ? null : istanbulLocalToIso(`${addDays(today, item.publishedInDays)}T10:00`)
				return {
					title: item.title,
					lead: item.lead,
					body: fill(item.body),
					cover_url: await image('announcements', art(item.art, 101 + i * 7)),
					published_at: publishedAt,
					featured_home: item.featuredForDays !== undefined,
					featured_until: item.featuredForDays !== undefined ? istanbulLocalToIso(`${addDays(today, item.featuredForDays)}T23:59`) : null,
					order_index: i + 1,
					created_at: publishedAt ?? stamp,
					updated_at: publishedAt ?? stamp,
				}
			}),
		)
	}

	async function prepareEvents() {
		return Promise.all(
			DEMO_EVENTS.map(async (item, i) => {
				const day = demoEventDay(item, today)
				const startsAt = istanbulLocalToIso(`${day}T${item.time}`)
				const endsAt = item.durationHours && startsAt ? new Date(Date.parse(startsAt) + item.durationHours * 3_600_000).toISOString() : null
				const cover = await image('events', art(item.art, 211 + i * 13))
				return {
					slug: slugify(item.title, { max: 80, fallback: 'etkinlik' }),
					title: item.title,
					lead: item.lead,
					body: item.body,
					starts_at: startsAt,
					ends_at: endsAt,
					location: item.location,
					cover_url: cover,
					hero_bg_url: null,
					gallery: null,
					featured_home: item.featuredForDays !== undefined,
					featured_until: item.featuredForDays !== undefined ? istanbulLocalToIso(`${addDays(today, item.featuredForDays)}T23:59`) : null,
					created_at: stamp,
					updated_at: stamp,
				}
			}),
		)
	}

	function calendarRows() {
		const fromEvents = DEMO_EVENTS.map((item) => ({
			title: item.title,
			date: demoEventDay(item, today),
		}))
		const extra = DEMO_CALENDAR.map((item) => ({ title: item.title, date: addDays(today, item.inDays) }))
		return [...fromEvents, ...extra]
			.toSorted((a, b) => a.date.localeCompare(b.date))
			.map((row) => ({ ...row, created_at: stamp, updated_at: stamp }))
	}

	async function prepareNews() {
		return Promise.all(
			DEMO_ALUMNI_NEWS.map(async (item, i) => {
				const created = istanbulLocalToIso(`${addDays(today, -item.daysAgo)}T09:00`) ?? stamp
				return {
					slug: slugify(item.title, { max: 140, fallback: 'haber' }),
					title: item.title,
					link: item.link,
					description: item.description,
					image_url: await image('alumni_news', art(i % 2 ? 'circles' : 'skyline', 307 + i * 5)),
					cover_url: null,
					created_at: created,
					updated_at: created,
				}
			}),
		)
	}

	async function preparePerks() {
		return Promise.all(
			DEMO_PERKS.map(async (item, i) => ({
				...item,
				logo_url: await image('perks', logoArt(401 + i, item.business_name, 400)),
				created_at: new Date(now.getTime() - i * 86_400_000).toISOString(),
				updated_at: stamp,
			})),
		)
	}

	async function prepareBoard() {
		return Promise.all(
			DEMO_BOARD.map(async (member, i) => ({
				name: member.name,
				role: member.role,
				group: member.group,
				term: member.term,
				// Past presidents are listed by name and term, without photos.
				photo_url: member.group === 'past_president' ? null : await image('board', portraitArt(503 + i * 3, 480)),
				order_index: DEMO_BOARD.slice(0, i).filter((other) => other.group === member.group).length + 1,
				created_at: stamp,
				updated_at: stamp,
			})),
		)
	}

	async function prepareBooks() {
		const books = demoBooks()
		return Promise.all(
			books.map(async (book, i) => ({
				year: book.year,
				title: book.title,
				author: book.author,
				caption: `${book.year} – ${book.title}, ${book.author}`,
				image_url: await image('books', bookCoverArt(601 + i, book.title, book.author)),
				honourable_mention: book.honourable_mention,
				// The place within the year: the winner, then the honourable mention.
				order_index: books.slice(0, i).filter((other) => other.year === book.year).length + 1,
				created_at: stamp,
			})),
		)
	}

	async function prepareBulletins() {
		const { year: thisYear, month: thisMonth } = istanbulParts(now)
		const issues: Array<{ year: number; month: number }> = []
		for (let year = 2009; year <= thisYear; year++) {
			// Quarterly in the early years, then monthly except July and August.
			const months = year < 2020 ? [3, 6, 9, 12] : [1, 2, 3, 4, 5, 6, 9, 10, 11, 12]
			for (const month of months) {
				if (year === thisYear && month >= thisMonth) continue
				issues.push({ year, month })
			}
		}
		return mapWithConcurrency(issues, 3, async (issue) => {
			const name = DEFAULT_SETTINGS.association.shortName
			const pdf = await cache.bytes(`bulletin ${issue.year}-${issue.month} ${name}`, () => makeBulletinPdf(issue.year, issue.month, name))
			const stem = `${issue.year}-${String(issue.month).padStart(2, '0')}-${now.getTime()}`
			const pdfKey = `bulletins/${stem}.pdf`
			await storage.put(pdfKey, pdf, { contentType: 'application/pdf', durable: false })
			const page = await cache.bytes(`cover 330 ${crypto.createHash('sha256').update(pdf).digest('hex')}`, () => renderFirstPage(pdf, 330))
			const cover = await putImage(await cache.image(page), {
				folder: 'bulletins',
				stem: `${stem}-kapak`,
				storage,
				durable: false,
			})
			const created = new Date(Date.UTC(issue.year, issue.month - 1, 1, 9)).toISOString()
			return { year: issue.year, month: issue.month, pdf_url: pdfKey, cover_url: cover.key, created_at: created, updated_at: created }
		})
	}
}

async function mapWithConcurrency<T, R>(items: Array<T>, limit: number, task: (item: T) => Promise<R>): Promise<Array<R>> {
	const results: Array<R> = Array.from({ length: items.length })
	let next = 0
	await Promise.all(
		Array.from({ length: Math.min(limit, items.length) }, async () => {
			while (next < items.length) {
				const i = next++
				results[i] = await task(items[i] as T)
			}
		}),
	)
	return results
}
