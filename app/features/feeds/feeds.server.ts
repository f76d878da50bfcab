import { alumniNewsPath, descriptionParagraphs } from '#app/features/alumni-news/alumni-news.shared.ts'
import { announcementPath } from '#app/features/announcements/announcements.shared.ts'
import { foldedTitleOnce } from '#app/features/calendar/calendar.server.ts'
import { sameCalendarDay } from '#app/features/calendar/calendar.shared.ts'
import { formatEventWhen } from '#app/features/events/events.server.ts'
import { eventPath } from '#app/features/events/events.shared.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { getMeta } from '#app/lib/app-meta.server.ts'
import { db } from '#app/lib/db.server.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { excerpt, htmlToText, sanitizeHtmlAbsolute } from '#app/lib/html.server.ts'
import { isExternalHref, safeHref } from '#app/lib/links.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { imageRef } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { siteOrigin } from '#app/lib/origin.server.ts'
import { addDays, istanbulLocalToIso, istanbulToday } from '#app/lib/tr.ts'
import { escapeXml, type FeedDocument, type FeedFormat, type FeedImage, type FeedItem } from './feed-formats.ts'
import { calendarEnd, DEFAULT_EVENT_HOURS } from './calendar-links.ts'
import { EVENTS_CALENDAR_PATH, FEED_FORMATS, FEED_LIST_PATHS, feedPath, type FeedKind } from './feeds.shared.ts'
import type { Calendar, CalendarEvent } from './ical.ts'

/**
 * Items in a feed, newest first. Readers fetch a feed every hour or so and
 * keep what they have seen, so a feed needs only what is new since the last
 * fetch: 20 is months of an association's news (WordPress sends 10). At 50,
 * a site with a hundred times the demo's announcements wrote 50 items for
 * every fetch against the demo's 10: 2.1–2.3 times its CPU and latency.
 */
export const FEED_ITEM_LIMIT = 20
/** The calendar feed keeps events and entries this many days after they end, so subscribers keep their recent past. */
export const CALENDAR_PAST_DAYS = 90
/**
 * The calendar holds at most this many items: the soonest upcoming ones, then
 * as many of the most recent past ones as there is room for. A year of a busy
 * association is a few hundred; past it the file only grows (1 900 items made
 * 929 KB and 60 ms of work for every fetch), and calendar apps are slow with
 * large subscriptions. A later event comes in as earlier ones pass.
 */
export const CALENDAR_ITEM_LIMIT = 500
/** Subscribers are asked to fetch the calendar again this often. */
const CALENDAR_REFRESH_HOURS = 6
/** A calendar's DESCRIPTION carries at most this much of an event's text. */
const CALENDAR_TEXT_LENGTH = 1000

/**
 * The host name in calendar UIDs and feed ids. Remembered (app_meta, kept in
 * backups) the first time a calendar or feed is made with PUBLIC_URL set, so
 * they stay the same when the site later moves to another address: a moved
 * calendar must not reappear as new events in subscribers' calendars.
 * Without PUBLIC_URL the request's host is used and nothing is remembered
 * (a Host header cannot fix it).
 */
export const UID_HOST_KEY = 'calendar:uid-host'

export async function idHost(request: Request): Promise<string> {
	const stored = await getMeta(db, UID_HOST_KEY)
	if (stored) return stored
	const configured = getEnv().PUBLIC_URL
	if (!configured) return new URL(request.url).hostname
	const host = new URL(configured).hostname
	await db
		.insertInto('app_meta')
		.values({ key: UID_HOST_KEY, value: host })
		.onConflict((oc) => oc.column('key').doNothing())
		.execute()
	return (await getMeta(db, UID_HOST_KEY)) ?? host
}

type Site = { origin: string; host: string; name: string; shortName: string }

async function siteOf(request: Request): Promise<Site> {
	const [settings, host] = await Promise.all([getSettings(), idHost(request)])
	return { origin: siteOrigin(request), host, name: settings.association.name, shortName: settings.association.shortName }
}

/** A tag URI (RFC 4151): an item's id that no change of title, slug or address alters. */
const tagId = (site: Site, specific: string) => `tag:${site.host},2026:${specific}`

const IMAGE_TYPES: Record<string, string> = {
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	webp: 'image/webp',
	gif: 'image/gif',
}

/** An image as a feed gives it: absolute address, its type when the name tells it, its size when known. */
export function feedImage(ref: ImageRef | null, origin: string): FeedImage | null {
	if (!ref) return null
	const url = URL.parse(ref.src, `${origin}/`)?.href
	if (!url) return null
	const extension = /\.([a-z]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase()
	return { url, type: (extension && IMAGE_TYPES[extension]) || null, width: ref.width ?? null, height: ref.height ?? null }
}

const latest = (...values: Array<string | null>) =>
	values.filter((value): value is string => value !== null).reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a))

async function announcementItems(site: Site, now: Date): Promise<Array<FeedItem>> {
	// Published only: published_at set and not in the future (a future date schedules it).
	const rows = await db
		.selectFrom('announcements')
		.select(['id', 'slug', 'title', 'lead', 'excerpt', 'body', 'cover_url', 'hero_bg_url', 'published_at', 'updated_at'])
		.where('published_at', 'is not', null)
		.where('published_at', '<=', now.toISOString())
		.orderBy('published_at', 'desc')
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(FEED_ITEM_LIMIT)
		.execute()
	return rows.flatMap((row) => {
		const published = toIso(row.published_at)
		if (!published) return []
		const url = `${site.origin}${announcementPath(row)}`
		return [
			{
				id: tagId(site, `duyuru-${row.id}`),
				url,
				title: row.title,
				summary: row.lead?.trim() || row.excerpt?.trim() || excerpt(htmlToText(row.body), 180) || null,
				contentHtml: sanitizeHtmlAbsolute(row.body, url),
				image: feedImage(imageRef(row.cover_url) ?? imageRef(row.hero_bg_url), site.origin),
				published,
				updated: latest(published, toIso(row.updated_at)),
			},
		]
	})
}

/** What an event's feed item and its calendar VEVENT are made of. */
const EVENT_COLUMNS = [
	'id',
	'slug',
	'title',
	'lead',
	'excerpt',
	'body',
	'starts_at',
	'ends_at',
	'location',
	'created_at',
	'updated_at',
	'sequence',
] as const

async function eventItems(site: Site): Promise<Array<FeedItem>> {
	const rows = await db
		.selectFrom('events')
		.select([...EVENT_COLUMNS, 'cover_url', 'hero_bg_url'])
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(FEED_ITEM_LIMIT)
		.execute()
	return rows.map((row) => {
		const url = `${site.origin}${eventPath(row.slug)}`
		const when = formatEventWhen(toIso(row.starts_at), toIso(row.ends_at))
		const location = row.location?.trim() || null
		const lead = row.lead?.trim() || row.excerpt?.trim() || excerpt(htmlToText(row.body), 160) || null
		const facts = [
			when ? `<p><strong>${escapeXml(msg.events.when)}:</strong> ${escapeXml(when)}</p>` : '',
			location ? `<p><strong>${escapeXml(msg.events.where)}:</strong> ${escapeXml(location)}</p>` : '',
		].join('')
		const created = toIso(row.created_at) ?? new Date(0).toISOString()
		return {
			id: tagId(site, `etkinlik-${row.id}`),
			url,
			title: row.title,
			summary: [when, location, lead].filter(Boolean).join(' · ') || null,
			contentHtml: facts + sanitizeHtmlAbsolute(row.body, url),
			image: feedImage(imageRef(row.cover_url) ?? imageRef(row.hero_bg_url), site.origin),
			published: created,
			updated: latest(created, toIso(row.updated_at)),
		}
	})
}

async function alumniNewsItems(site: Site): Promise<Array<FeedItem>> {
	const rows = await db
		.selectFrom('alumni_news')
		.select(['id', 'slug', 'title', 'link', 'description', 'image_url', 'cover_url', 'created_at', 'updated_at'])
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(FEED_ITEM_LIMIT)
		.execute()
	return rows.map((row) => {
		// The detail page finds an item by its slug, or by its id when it has none.
		const url = `${site.origin}${alumniNewsPath(row.slug || String(row.id))}`
		const description = (row.description ?? '').replace(/\s+/g, ' ').trim()
		const source = safeHref(row.link)
		const paragraphs = descriptionParagraphs(row.description).map((lines) => `<p>${lines.map(escapeXml).join('<br>')}</p>`)
		if (source && isExternalHref(source))
			paragraphs.push(`<p><a href="${escapeXml(source)}">${escapeXml(msg.alumniNews.openSource)}</a></p>`)
		const created = toIso(row.created_at) ?? new Date(0).toISOString()
		return {
			id: tagId(site, `mezun-haberi-${row.id}`),
			url,
			title: row.title?.trim() || excerpt(description, 120),
			summary: description ? excerpt(description, 300) : null,
			contentHtml: paragraphs.join(''),
			image: feedImage(imageRef(row.cover_url) ?? imageRef(row.image_url), site.origin),
			published: created,
			updated: latest(created, toIso(row.updated_at)),
		}
	})
}

/** A feed as the public pages show it: published items only, newest first, 50; `updated` is the caller's. */
export async function loadFeed(kind: FeedKind, request: Request, now = new Date()): Promise<Omit<FeedDocument, 'updated'>> {
	const site = await siteOf(request)
	const items =
		kind === 'announcements' ? await announcementItems(site, now) : kind === 'events' ? await eventItems(site) : await alumniNewsItems(site)
	const urls = Object.fromEntries(FEED_FORMATS.map((format) => [format, `${site.origin}${feedPath(kind, format)}`])) as Record<
		FeedFormat,
		string
	>
	return {
		id: tagId(site, FEED_LIST_PATHS[kind].slice(1).replaceAll('/', '-')),
		title: msg.feeds.feedTitle(msg.feeds.names[kind], site.shortName),
		description: msg.feeds.descriptions[kind](site.shortName),
		homeUrl: `${site.origin}${FEED_LIST_PATHS[kind]}`,
		urls,
		iconUrl: `${site.origin}/apple-touch-icon.png`,
		faviconUrl: `${site.origin}/favicon.ico`,
		authorName: site.name,
		authorUrl: `${site.origin}/`,
		items,
	}
}

type EventRow = {
	id: number
	slug: string
	title: string
	lead: string | null
	excerpt: string | null
	body: string | null
	starts_at: unknown
	ends_at: unknown
	location: string | null
	created_at: unknown
	updated_at: unknown
	sequence: unknown
}

const eventUid = (site: Site, id: number) => `etkinlik-${id}@${site.host}`
const entryUid = (site: Site, id: number) => `takvim-${id}@${site.host}`
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** `fn` with its answers kept for this one use (a calendar's titles and days). */
function memo<T>(fn: (key: string) => T): (key: string) => T {
	const known = new Map<string, T>()
	return (key) => {
		let value = known.get(key)
		if (value === undefined) known.set(key, (value = fn(key)))
		return value
	}
}

/** An event as a VEVENT: its own end or the default duration; null when it has no start. */
function calendarEvent(site: Site, row: EventRow, cancelledAt: string | null = null): CalendarEvent | null {
	const start = toIso(row.starts_at)
	if (!start) return null
	const url = `${site.origin}${eventPath(row.slug)}`
	const lead = row.lead?.trim() || row.excerpt?.trim() || null
	const text = excerpt(htmlToText(row.body), CALENDAR_TEXT_LENGTH)
	const modified = latest(toIso(row.updated_at) ?? toIso(row.created_at) ?? start, cancelledAt)
	return {
		uid: eventUid(site, row.id),
		// While it is in the trash the event is shown cancelled, one above the sequence it had.
		sequence: Number(row.sequence ?? 0) + (cancelledAt ? 1 : 0),
		modified,
		created: toIso(row.created_at),
		start: { kind: 'date-time', at: start },
		end: { kind: 'date-time', at: calendarEnd(start, toIso(row.ends_at)) },
		summary: row.title,
		description: [lead, text === lead ? null : text, msg.feeds.details(url)].filter(Boolean).join('\n\n'),
		location: row.location?.trim() || null,
		url,
		status: cancelledAt ? 'CANCELLED' : 'CONFIRMED',
	}
}

type EntryRow = { id: number; title: string; date: string; created_at: unknown; updated_at: unknown; sequence: unknown }

/** A Takvim entry as an all-day VEVENT, linked to its month of the calendar page. */
function calendarEntry(site: Site, row: EntryRow, cancelledAt: string | null = null): CalendarEvent | null {
	if (!ISO_DATE.test(row.date)) return null
	const url = `${site.origin}/duyurular/takvim?ay=${row.date.slice(0, 7)}`
	const created = toIso(row.created_at)
	return {
		uid: entryUid(site, row.id),
		sequence: Number(row.sequence ?? 0) + (cancelledAt ? 1 : 0),
		modified: latest(toIso(row.updated_at) ?? created ?? new Date(0).toISOString(), cancelledAt),
		created,
		start: { kind: 'date', date: row.date },
		end: { kind: 'date', date: addDays(row.date, 1) },
		summary: row.title,
		description: msg.feeds.details(url),
		location: null,
		url,
		status: cancelledAt ? 'CANCELLED' : 'CONFIRMED',
	}
}

/** Trashed events and entries, each as its row and when it was deleted. */
async function trashedCalendarItems(): Promise<{ events: Array<[EventRow, string]>; entries: Array<[EntryRow, string]> }> {
	const rows = await db
		.selectFrom('trash')
		.select(['item_kind', 'snapshot', 'deleted_at'])
		.where('item_kind', 'in', ['events', 'calendar_entries'])
		.execute()
	const events: Array<[EventRow, string]> = []
	const entries: Array<[EntryRow, string]> = []
	for (const row of rows) {
		const deletedAt = toIso(row.deleted_at)
		if (!deletedAt) continue
		try {
			const snapshot = JSON.parse(row.snapshot) as { rows?: Record<string, Array<unknown>> }
			const stored = snapshot.rows?.[row.item_kind]?.[0]
			if (!stored || typeof stored !== 'object') continue
			if (row.item_kind === 'events') events.push([stored as EventRow, deletedAt])
			else entries.push([stored as EntryRow, deletedAt])
		} catch {
			// A damaged snapshot is left out of the calendar; the trash still lists it.
		}
	}
	return { events, entries }
}

/**
 * An item that may go into the calendar: where it lies in time and how to write it. Only the items
 * the calendar keeps are written (at ×100, 817 items are read for the 500 kept).
 */
type Candidate = { start: number; end: number; uid: string; make: () => CalendarEvent | null }

/**
 * At most `limit` of a calendar's items (sorted by start), in the same order: those not over yet by
 * `now`, soonest first, then the most recent of the past ones.
 */
function nearest(items: Array<Candidate>, now: Date, limit: number): Array<Candidate> {
	if (items.length <= limit) return items
	const upcoming: Array<Candidate> = []
	const past: Array<Candidate> = []
	for (const item of items) (item.end > now.getTime() ? upcoming : past).push(item)
	const kept = new Set(upcoming.slice(0, limit))
	for (const item of past.slice(Math.max(0, past.length - (limit - kept.size)))) kept.add(item)
	return items.filter((item) => kept.has(item))
}

/**
 * The subscribable calendar (/etkinlikler.ics): every dated event that ends
 * today or later or ended in the last 90 days (Istanbul days), and the
 * Takvim's entries of the same days as all-day events; an entry repeating
 * an event on its day is left out (the event stands for it). Events and
 * entries in the trash stay, cancelled, until they are purged. At most
 * CALENDAR_ITEM_LIMIT items: the soonest upcoming ones before the past ones.
 */
export async function loadEventsCalendar(request: Request, now = new Date()): Promise<Calendar> {
	const site = await siteOf(request)
	const firstDay = addDays(istanbulToday(now), -CALENDAR_PAST_DAYS)
	const cutoff = istanbulLocalToIso(firstDay) ?? now.toISOString()
	const at = now.toISOString()
	const today = istanbulToday(now)
	// Each side of now is read only as far as the calendar can hold (see nearest): its cost stays the same however much is stored.
	const eventsSide = (upcoming: boolean, limit: number) =>
		db
			.selectFrom('events')
			.select(EVENT_COLUMNS)
			.where('starts_at', 'is not', null)
			.where((eb) => eb(eb.fn.coalesce('ends_at', 'starts_at'), '>=', cutoff))
			.where('starts_at', upcoming ? '>=' : '<', at)
			.orderBy('starts_at', upcoming ? 'asc' : 'desc')
			.orderBy('id', upcoming ? 'asc' : 'desc')
			.limit(limit)
			.execute()
	const entriesSide = (upcoming: boolean, limit: number) =>
		db
			.selectFrom('calendar_entries')
			.select(['id', 'title', 'date', 'created_at', 'updated_at', 'sequence'])
			.where('date', '>=', upcoming ? today : firstDay)
			.$if(!upcoming, (qb) => qb.where('date', '<', today))
			.orderBy('date', upcoming ? 'asc' : 'desc')
			.orderBy('id', upcoming ? 'asc' : 'desc')
			.limit(limit)
			.execute()
	const [comingEvents, comingEntries, trashed] = await Promise.all([
		eventsSide(true, CALENDAR_ITEM_LIMIT),
		entriesSide(true, CALENDAR_ITEM_LIMIT),
		trashedCalendarItems(),
	])
	// The past only fills the room the coming items leave; an event begun before now and not over yet
	// (an end still ahead, or none usable and begun less than calendarEnd's default duration ago) is coming.
	const room = Math.max(0, CALENDAR_ITEM_LIMIT - comingEvents.length - comingEntries.length)
	const defaultStart = new Date(now.getTime() - DEFAULT_EVENT_HOURS * 3_600_000).toISOString()
	const ongoingEvents = () =>
		db
			.selectFrom('events')
			.select(EVENT_COLUMNS)
			.where('starts_at', '<', at)
			.where((eb) => eb.or([eb('ends_at', '>', at), eb('starts_at', '>', defaultStart)]))
			.orderBy('starts_at', 'desc')
			.orderBy('id', 'desc')
			.limit(CALENDAR_ITEM_LIMIT)
			.execute()
	const none = Promise.resolve([])
	const [endedEvents, ongoing, pastEntries] = await Promise.all([
		room > 0 ? eventsSide(false, room) : none,
		ongoingEvents(),
		room > 0 ? entriesSide(false, room) : none,
	])
	const ongoingIds = new Set(ongoing.map((row) => row.id))
	const pastEvents = [...ongoing, ...endedEvents.filter((row) => !ongoingIds.has(row.id))]
	const cutoffMs = Date.parse(cutoff)
	// Days repeat across items (a yearly occasion, an entry on an event's day): each is worked out once, as titles are (foldedTitleOnce).
	const dayBounds = memo((date: string) => [
		Date.parse(istanbulLocalToIso(date) ?? ''),
		Date.parse(istanbulLocalToIso(addDays(date, 1)) ?? ''),
	])
	const candidates: Array<Candidate> = []
	const eventDays = new Set<string>()
	const eventDates = new Set<string>()
	const addEvent = (row: EventRow, deletedAt: string | null) => {
		const start = toIso(row.starts_at)
		if (!start) return
		const end = Date.parse(calendarEnd(start, toIso(row.ends_at)))
		// A trashed event is read whatever its dates: it stays only while it would still be in the window.
		if (deletedAt && Date.parse(toIso(row.ends_at) ?? start) < cutoffMs) return
		if (!deletedAt) {
			const day = istanbulToday(new Date(start))
			eventDates.add(day)
			eventDays.add(sameCalendarDay(row.title, day, foldedTitleOnce))
		}
		candidates.push({ start: Date.parse(start), end, uid: eventUid(site, row.id), make: () => calendarEvent(site, row, deletedAt) })
	}
	// An entry repeating an event on its day is left out (the event stands for it).
	const repeatsEvent = (row: EntryRow) => eventDates.has(row.date) && eventDays.has(sameCalendarDay(row.title, row.date, foldedTitleOnce))
	const addEntry = (row: EntryRow, deletedAt: string | null) => {
		if (typeof row.date !== 'string' || !ISO_DATE.test(row.date) || repeatsEvent(row)) return
		if (deletedAt && row.date < firstDay) return
		const [start = Number.NaN, end = Number.NaN] = dayBounds(row.date)
		candidates.push({ start, end, uid: entryUid(site, row.id), make: () => calendarEntry(site, row, deletedAt) })
	}
	for (const row of [...pastEvents, ...comingEvents]) addEvent(row, null)
	for (const [row, deletedAt] of trashed.events) addEvent(row, deletedAt)
	for (const row of [...pastEntries, ...comingEntries]) addEntry(row, null)
	for (const [row, deletedAt] of trashed.entries) addEntry(row, deletedAt)
	candidates.sort((a, b) => a.start - b.start || a.uid.localeCompare(b.uid))
	const items = nearest(candidates, now, CALENDAR_ITEM_LIMIT)
		.map((item) => item.make())
		.filter((event): event is CalendarEvent => event !== null)
	return {
		prodId: `-//${site.shortName}//Etkinlik Takvimi//TR`,
		name: msg.feeds.calendarName(site.shortName),
		description: msg.feeds.calendarDescription(site.shortName),
		url: `${site.origin}${EVENTS_CALENDAR_PATH}`,
		refreshHours: CALENDAR_REFRESH_HOURS,
		events: items,
	}
}

/**
 * One event as its own calendar file ("Takvime ekle"), by slug or, for a
 * numeric slug no event has, by id (as the event page finds it). Null when
 * there is no such event; 'undated' when it has no start to put in a calendar.
 */
export async function loadEventCalendar(
	slug: string,
	request: Request,
): Promise<{ id: number; calendar: Calendar; filename: string } | 'undated' | null> {
	// No stored slug has a control character (PostgreSQL would refuse a NUL in the query outright).
	// oxlint-disable-next-line no-control-regex -- control characters are what is refused here
	if (slug.length > 200 || /[\u0000-\u001f\u007f]/.test(slug)) return null
	let row = await db.selectFrom('events').select(EVENT_COLUMNS).where('slug', '=', slug).limit(1).executeTakeFirst()
	if (!row && /^\d{1,9}$/.test(slug))
		row = await db.selectFrom('events').select(EVENT_COLUMNS).where('id', '=', Number(slug)).executeTakeFirst()
	if (!row) return null
	const site = await siteOf(request)
	const event = calendarEvent(site, row)
	if (!event) return 'undated'
	return {
		id: row.id,
		filename: `${row.slug.replace(/[^a-z0-9-]/gi, '') || 'etkinlik'}.ics`,
		calendar: {
			prodId: `-//${site.shortName}//Etkinlik Takvimi//TR`,
			name: row.title,
			description: null,
			url: null,
			refreshHours: null,
			events: [event],
		},
	}
}
