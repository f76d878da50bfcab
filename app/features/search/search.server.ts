import crypto from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import { MENU } from '#app/components/layout/menu.ts'
import { alumniNewsPath } from '#app/features/alumni-news/alumni-news.shared.ts'
import { announcementPath } from '#app/features/announcements/announcements.shared.ts'
import { bulletinLabel } from '#app/features/bulletins/bulletins.server.ts'
import { formatEventWhen } from '#app/features/events/events.server.ts'
import { eventPath } from '#app/features/events/events.shared.ts'
import { perkCategoryKey, perkCategoryLabel, perkHref } from '#app/features/member-perks/member-perks.shared.ts'
import { PAGE_PATHS } from '#app/features/pages/page-paths.ts'
import { fillPageBody, pageVariables, renderPageBody, toBodyFormat } from '#app/features/pages/pages.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { db as appDb, getDatabase } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { toIso } from '#app/lib/db-utils.server.ts'
import { htmlToText } from '#app/lib/html.server.ts'
import { isExternalHref } from '#app/lib/links.ts'
import { fileUrl } from '#app/lib/media.server.ts'
import { msg } from '#app/lib/messages.ts'
import { pageInfo, type PageInfo } from '#app/lib/pagination.ts'
import { foldForSearch, highlight, queryTerms, snippet, type Segment } from './fold.ts'
import { MAX_QUERY_LENGTH, MAX_QUERY_TERMS, SEARCH_PER_PAGE } from './search.shared.ts'
import { mayContain, SIGNATURE_WORDS, termMask, writeSignature } from './signature.ts'

/**
 * Site search (`/arama?q=`).
 *
 * Every searchable item has one row in `search_documents` with its title and
 * text already folded the Turkish way (fold.ts). Each server process keeps
 * those rows in memory and matches queries there (substring tests on folded
 * text, a few milliseconds for 10 000 items on either dialect); before each
 * search it reads one small value, `app_meta['search:version']`, and reloads
 * the rows when another write (through any instance) changed it.
 *
 * The index is kept in step on write: the admin calls
 * `reindexSearchDocument(kind, id)` after saving an item and
 * `removeSearchDocument(kind, id)` after deleting one (with its transaction
 * when it has one); both bump the version. `refreshSearchIndex()` rebuilds
 * any kind whose table changed behind the index's back (seeding, imports);
 * it runs with the seed at every start.
 */
export const SEARCH_KINDS = ['announcement', 'event', 'alumni_news', 'member_perk', 'page', 'bulletin', 'award'] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]
/**
 * What a search document is: an item of one of the kinds, or one page of a
 * bulletin's PDF found by its text (ref `<bulletinId>:<page>`), which is
 * indexed, reindexed and removed with its bulletin.
 */
export type SearchDocumentKind = SearchKind | 'bulletin_page'

const SNIPPET_LENGTH = 180
/** Items that are always visible carry this as their publication instant. */
const ALWAYS = '1970-01-01T00:00:00.000Z'

type Executor = Kysely<Database> | Transaction<Database>

export type SearchDocument = {
	kind: SearchDocumentKind
	ref_id: string
	title: string
	body: string
	url: string
	/** Extra words to match that are not shown (dates spelled out, numbers). */
	meta?: string
	/** False: only the body (and meta) is searched, the title is shown. */
	titleMatches?: boolean
	sort_at: string | null
	published_at: string | null
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Pages the page list does not name yet, by the last part of their menu address. */
function pagePaths(): Map<string, string> {
	const paths = new Map<string, string>()
	const add = (to: string) => {
		const slug = to.split('/').filter(Boolean).at(-1)
		if (slug && !paths.has(slug)) paths.set(slug, to)
	}
	for (const section of MENU) {
		for (const child of section.children ?? []) add(child.to)
		add(section.to)
	}
	for (const to of ['/gizlilik-sozlesmesi', '/iptal-iade-sartlari', '/kurumsal/baskanin-mesaji']) add(to)
	return paths
}

/** The address of a stored page: its slug as a path (`kurumsal/tarihce`) or a known page name (`tarihce`). */
export function pagePath(slug: string): string | null {
	const clean = slug.trim().replace(/^\/+|\/+$/g, '')
	if (!clean) return null
	if (clean.includes('/')) return `/${clean}`
	return PAGE_PATHS[clean] ?? pagePaths().get(clean) ?? null
}

async function buildDocuments(executor: Executor, kind: SearchKind, id?: string): Promise<Array<SearchDocument>> {
	switch (kind) {
		case 'announcement': {
			let query = executor.selectFrom('announcements').select(['id', 'slug', 'title', 'lead', 'body', 'published_at', 'created_at'])
			if (id !== undefined) query = query.where('id', '=', Number(id))
			const rows = await query.execute()
			return rows.map((row) => ({
				kind,
				ref_id: String(row.id),
				title: row.title,
				body: joinText(row.lead, htmlToText(row.body)),
				url: announcementPath(row),
				sort_at: toIso(row.published_at) ?? toIso(row.created_at),
				// Drafts (no published_at) stay out; a future date shows the item from then.
				published_at: toIso(row.published_at),
			}))
		}
		case 'event': {
			let query = executor
				.selectFrom('events')
				.select(['id', 'slug', 'title', 'lead', 'body', 'location', 'starts_at', 'ends_at', 'created_at'])
			if (id !== undefined) query = query.where('id', '=', Number(id))
			const rows = await query.execute()
			return rows.map((row) => ({
				kind,
				ref_id: String(row.id),
				title: row.title,
				body: joinText(row.lead, htmlToText(row.body), row.location),
				meta: formatEventWhen(toIso(row.starts_at), toIso(row.ends_at)) ?? undefined,
				url: eventPath(row.slug),
				sort_at: toIso(row.starts_at) ?? toIso(row.created_at),
				published_at: ALWAYS,
			}))
		}
		case 'alumni_news': {
			let query = executor.selectFrom('alumni_news').select(['id', 'slug', 'title', 'description', 'link', 'created_at'])
			if (id !== undefined) query = query.where('id', '=', Number(id))
			const rows = await query.execute()
			return rows.map((row) => ({
				kind,
				ref_id: String(row.id),
				title: row.title,
				body: joinText(row.description),
				url: row.slug ? alumniNewsPath(row.slug) : isExternalHref(row.link) ? (row.link as string) : '/mezunlarimiz/mezunlardan-haberler',
				sort_at: toIso(row.created_at),
				published_at: ALWAYS,
			}))
		}
		case 'member_perk': {
			let query = executor
				.selectFrom('member_perks')
				.select(['id', 'business_name', 'category', 'discount', 'discount_code', 'alumnus_name', 'created_at'])
			if (id !== undefined) query = query.where('id', '=', Number(id))
			const rows = await query.execute()
			return rows.map((row) => {
				const category = perkCategoryLabel(row.category)
				return {
					kind,
					ref_id: String(row.id),
					title: row.business_name,
					body: joinText(row.discount, category, row.alumnus_name, row.discount_code ? `${msg.perks.code}: ${row.discount_code}` : null),
					url: perkHref(row.id, perkCategoryKey(category)),
					sort_at: toIso(row.created_at),
					published_at: ALWAYS,
				}
			})
		}
		case 'page': {
			let query = executor.selectFrom('pages').select(['slug', 'title', 'description', 'body', 'body_format', 'updated_at'])
			if (id !== undefined) query = query.where('slug', '=', id)
			const rows = await query.execute()
			const variables = pageVariables(await getSettings())
			return rows.flatMap((row) => {
				const url = pagePath(row.slug)
				if (!url) return []
				const format = toBodyFormat(row.body_format)
				return [
					{
						kind,
						ref_id: row.slug,
						title: row.title,
						body: joinText(row.description, htmlToText(renderPageBody(format, fillPageBody(format, row.body, variables)).html)),
						url,
						sort_at: toIso(row.updated_at),
						published_at: ALWAYS,
					},
				]
			})
		}
		case 'bulletin': {
			let query = executor.selectFrom('bulletins').select(['id', 'year', 'month', 'pdf_url'])
			if (id !== undefined) query = query.where('id', '=', Number(id))
			const rows = await query.execute()
			const docs: Array<SearchDocument> = rows.flatMap((row) => {
				const url = fileUrl(row.pdf_url)
				if (!url) return []
				const label = bulletinLabel(row.year, row.month)
				return [
					{
						kind,
						ref_id: String(row.id),
						title: `${label} Bülteni`,
						body: `Derneğimizin ${label} tarihli bülteni (PDF).`,
						meta: `${row.year}-${pad(row.month)} ${pad(row.month)}.${row.year} ${row.month}/${row.year}`,
						url,
						sort_at: bulletinDate(row.year, row.month).toISOString(),
						published_at: ALWAYS,
					},
				]
			})
			return [...docs, ...(await buildBulletinPageDocuments(executor, id))]
		}
		case 'award': {
			let query = executor.selectFrom('awards').select(['id', 'first_name', 'last_name', 'nds_surname', 'nds_year', 'title', 'profession'])
			if (id !== undefined) query = query.where('id', '=', Number(id))
			const rows = await query.execute()
			return rows.map((row) => ({
				kind,
				ref_id: String(row.id),
				title: joinText(row.title, row.first_name, row.last_name, row.nds_surname ? `(${row.nds_surname})` : null),
				body: joinText(row.profession, `NDS ${row.nds_year} mezunu`),
				url: `/mezunlarimiz/basari-onur-odulleri?yil=${row.nds_year}&q=${encodeURIComponent(row.last_name)}`,
				sort_at: new Date(Date.UTC(row.nds_year, 0, 1)).toISOString(),
				published_at: ALWAYS,
			}))
		}
	}
}

const bulletinDate = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1))

/**
 * One document per page of text of each bulletin's current PDF (the text
 * is stored by bulletin-text.server.ts; text extracted from a PDF the
 * bulletin no longer has is left out). Found by the page's text only, not
 * by its title, so a search for a month finds the bulletin once rather than
 * every page of it; the link opens the PDF at the page.
 */
async function buildBulletinPageDocuments(executor: Executor, id?: string): Promise<Array<SearchDocument>> {
	let query = executor
		.selectFrom('bulletin_pages as p')
		.innerJoin('bulletin_texts as t', 't.bulletin_id', 'p.bulletin_id')
		.innerJoin('bulletins as b', 'b.id', 'p.bulletin_id')
		.select(['p.bulletin_id', 'p.page', 'p.text', 'b.year', 'b.month', 'b.pdf_url'])
		.where('t.status', '=', 'done')
		.whereRef('t.pdf_url', '=', 'b.pdf_url')
	if (id !== undefined) query = query.where('p.bulletin_id', '=', Number(id))
	const rows = await query.execute()
	return rows.flatMap((row) => {
		const url = fileUrl(row.pdf_url)
		if (!url || !row.text.trim()) return []
		return [
			{
				kind: 'bulletin_page' as const,
				ref_id: `${row.bulletin_id}:${row.page}`,
				title: msg.search.bulletinPageTitle(bulletinLabel(row.year, row.month), row.page),
				body: row.text,
				url: `${url}#page=${row.page}`,
				titleMatches: false,
				// Just before the bulletin's own entry, pages in order: 1, 2, 3…
				sort_at: new Date(bulletinDate(row.year, row.month).getTime() - row.page * 1000).toISOString(),
				published_at: ALWAYS,
			},
		]
	})
}

function joinText(...parts: Array<string | null | undefined>) {
	return parts
		.map((part) => part?.replace(/\s+/g, ' ').trim())
		.filter(Boolean)
		.join(' ')
}

function toRow(doc: SearchDocument) {
	const title = doc.title.trim() || '—'
	return {
		kind: doc.kind,
		ref_id: doc.ref_id,
		title,
		body: doc.body,
		url: doc.url,
		title_folded: foldForSearch(title),
		// Each word once: a term (letters and digits, no spaces) is in the text
		// exactly when it is in one of its words, and the scan gets shorter.
		text_folded: [...new Set(foldForSearch(`${doc.titleMatches === false ? '' : title} ${doc.meta ?? ''} ${doc.body}`).split(' '))]
			.filter(Boolean)
			.join(' '),
		sort_at: doc.sort_at,
		published_at: doc.published_at,
	}
}

async function insertDocuments(executor: Executor, docs: Array<SearchDocument>) {
	for (let i = 0; i < docs.length; i += 200) {
		await executor
			.insertInto('search_documents')
			.values(docs.slice(i, i + 200).map(toRow))
			.execute()
	}
}

/** The app_meta key whose value changes with every write to the index. */
export const SEARCH_VERSION_KEY = 'search:version'

async function bumpSearchVersion(executor: Executor) {
	const value = `${Date.now()}-${crypto.randomBytes(6).toString('hex')}`
	await executor
		.insertInto('app_meta')
		.values({ key: SEARCH_VERSION_KEY, value })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value }))
		.execute()
}

/**
 * Brings one item's search entry up to date after it was created or
 * changed (or removes it when the item is gone). Pass the transaction when
 * the write has one. `id` is the row id; for pages, the slug.
 */
export async function reindexSearchDocument(kind: SearchKind, id: number | string, executor: Executor = appDb) {
	const docs = await buildDocuments(executor, kind, String(id))
	await deleteDocuments(executor, kind, String(id))
	await insertDocuments(executor, docs)
	await bumpSearchVersion(executor)
}

/** Removes a deleted item's search entry (a bulletin's with its pages'). */
export async function removeSearchDocument(kind: SearchKind, id: number | string, executor: Executor = appDb) {
	await deleteDocuments(executor, kind, String(id))
	await bumpSearchVersion(executor)
}

/** The documents of one item of a kind (or of all its items): a bulletin's include its pages'. */
async function deleteDocuments(executor: Executor, kind: SearchKind, id?: string) {
	let query = executor.deleteFrom('search_documents').where('kind', '=', kind)
	if (id !== undefined) query = query.where('ref_id', '=', id)
	await query.execute()
	if (kind !== 'bulletin') return
	let pages = executor.deleteFrom('search_documents').where('kind', '=', 'bulletin_page')
	if (id !== undefined) pages = pages.where('ref_id', 'like', `${id}:%`)
	await pages.execute()
}

/** Rebuilds the index of the given kinds (all by default) in one transaction. */
export async function rebuildSearchIndex(kinds: ReadonlyArray<SearchKind> = SEARCH_KINDS, database: Kysely<Database> = appDb) {
	const built = await Promise.all(kinds.map((kind) => buildDocuments(database, kind)))
	await database.transaction().execute(async (trx) => {
		for (const [i, kind] of kinds.entries()) {
			await deleteDocuments(trx, kind)
			await insertDocuments(trx, built[i] ?? [])
		}
		await bumpSearchVersion(trx)
	})
}

const SOURCE_TABLES = {
	announcement: 'announcements',
	event: 'events',
	alumni_news: 'alumni_news',
	member_perk: 'member_perks',
	page: 'pages',
	bulletin: 'bulletins',
	award: 'awards',
} as const satisfies Record<SearchKind, keyof Database>

/**
 * The way documents are built. Raise it when that changes (how HTML becomes
 * text, what a document holds) so every site rebuilds its index at the next
 * start instead of keeping text made the old way.
 */
const INDEX_FORMAT = 3

async function sourceFingerprint(database: Kysely<Database>, kind: SearchKind): Promise<string> {
	const table = SOURCE_TABLES[kind]
	const stamp = kind === 'award' ? sql`max(created_at)` : sql`max(updated_at)`
	const key = kind === 'page' ? sql`max(slug)` : sql`max(id)`
	const row = await sql<{
		n: number | string
		stamp: unknown
		key: unknown
	}>`select count(*) as n, ${stamp} as stamp, ${key} as key from ${sql.table(table)}`.execute(database)
	const first = row.rows[0]
	return `v${INDEX_FORMAT}|${Number(first?.n ?? 0)}|${toIso(first?.stamp) ?? ''}|${String(first?.key ?? '')}`
}

/**
 * Rebuilds the kinds whose source table changed since the index last saw
 * them (row count, newest update, highest id), for content written without
 * the index helpers: the seeds and imports. Returns the kinds rebuilt.
 */
export async function refreshSearchIndex(database: Kysely<Database> = appDb): Promise<Array<SearchKind>> {
	const stale: Array<SearchKind> = []
	const prints = new Map<SearchKind, string>()
	for (const kind of SEARCH_KINDS) {
		const print = await sourceFingerprint(database, kind)
		const stored = await database.selectFrom('app_meta').select('value').where('key', '=', `search:${kind}`).executeTakeFirst()
		if (stored?.value !== print) {
			stale.push(kind)
			prints.set(kind, print)
		}
	}
	if (stale.length === 0) return []
	await rebuildSearchIndex(stale, database)
	for (const [kind, print] of prints) {
		await database
			.insertInto('app_meta')
			.values({ key: `search:${kind}`, value: print })
			.onConflict((oc) => oc.column('key').doUpdateSet({ value: print }))
			.execute()
	}
	return stale
}

export type SearchHit = {
	kind: SearchDocumentKind
	kindLabel: string
	title: Array<Segment>
	snippet: Array<Segment>
	url: string
	external: boolean
	date: string | null
}

export type SearchSuggestion = { word: string; count: number }

export type SearchResult = {
	query: string
	/** Folded words actually searched for. */
	terms: Array<string>
	total: number
	hits: Array<SearchHit>
	page: PageInfo
	/** When nothing matches several words: the single words that do match, with their counts. */
	suggestions: Array<SearchSuggestion>
	/** The query has no word of at least two letters, so nothing was searched for (the page says why). */
	tooShort: boolean
}

const DATED_KINDS = new Set<SearchDocumentKind>(['announcement', 'event', 'alumni_news'])

type IndexedDocument = {
	id: number
	kind: SearchDocumentKind
	title: string
	body: string
	url: string
	titleFolded: string
	textFolded: string
	sortAt: string | null
	publishedAt: string | null
}

type LoadedIndex = {
	version: string
	documents: Array<IndexedDocument>
	/** SIGNATURE_WORDS words per document: the bigrams of its folded text. */
	signatures: Uint32Array
}

/** Per database (tests open several in one process): the loaded index and its version. */
const loadedIndexes = new WeakMap<object, LoadedIndex>()
const pendingLoads = new WeakMap<object, Promise<LoadedIndex>>()

/**
 * The index as this process holds it, reloaded when the version in the
 * database moved on. Documents are kept newest first (sort_at descending,
 * undated last, then id descending), the order results are shown in.
 */
async function loadIndex(): Promise<LoadedIndex> {
	const owner = getDatabase().db
	const row = await appDb.selectFrom('app_meta').select('value').where('key', '=', SEARCH_VERSION_KEY).executeTakeFirst()
	// Without a version row nothing was ever indexed here.
	const version = row?.value ?? ''
	const loaded = loadedIndexes.get(owner)
	if (loaded?.version === version) return loaded
	let pending = pendingLoads.get(owner)
	if (!pending) {
		pending = (async () => {
			const rows = await appDb
				.selectFrom('search_documents')
				.select(['id', 'kind', 'title', 'body', 'url', 'title_folded', 'text_folded', 'sort_at', 'published_at'])
				.orderBy('sort_at', (ob) => ob.desc().nullsLast())
				.orderBy('id', 'desc')
				.execute()
			const documents = rows.map((r) => ({
				id: r.id,
				kind: r.kind as SearchDocumentKind,
				title: r.title,
				body: r.body,
				url: r.url,
				titleFolded: r.title_folded,
				textFolded: r.text_folded,
				sortAt: toIso(r.sort_at),
				publishedAt: toIso(r.published_at),
			}))
			const signatures = new Uint32Array(documents.length * SIGNATURE_WORDS)
			documents.forEach((doc, i) => writeSignature(doc.textFolded, signatures, i * SIGNATURE_WORDS))
			const next = { version, documents, signatures }
			loadedIndexes.set(owner, next)
			return next
		})().finally(() => pendingLoads.delete(owner))
		pendingLoads.set(owner, pending)
	}
	return pending
}

/**
 * The documents holding every term, most title matches first, whatever
 * their publication date (the caller keeps the visible ones). The documents
 * are already newest first, so bucketing by title matches keeps each bucket
 * in date order without sorting.
 */
function matchDocuments({ documents, signatures }: LoadedIndex, terms: Array<string>) {
	const masks = terms.map(termMask)
	const buckets: Array<Array<IndexedDocument>> = Array.from({ length: terms.length + 1 }, () => [])
	scan: for (let d = 0; d < documents.length; d++) {
		const doc = documents[d] as IndexedDocument
		if (doc.publishedAt === null) continue
		// Every term's bigram bits first (cheap), then the substring tests.
		const offset = d * SIGNATURE_WORDS
		for (const mask of masks) if (!mayContain(signatures, offset, mask)) continue scan
		for (const term of terms) if (!doc.textFolded.includes(term)) continue scan
		let titleHits = 0
		for (const term of terms) if (doc.titleFolded.includes(term)) titleHits++
		buckets[titleHits]?.push(doc)
	}
	return buckets.toReversed().flat()
}

/** Recent searches' matches per loaded index, at most this many documents in all (a few MB of references). */
const MATCHES_KEPT = 200_000
const matchesByIndex = new WeakMap<LoadedIndex, { kept: Map<string, Array<IndexedDocument>>; size: number }>()

/**
 * matchDocuments, remembered per loaded index for the searches made most
 * recently: the next page of a result, or a word many visitors look for, no
 * longer reads every document's text again (at ×100 content that scan was
 * 40 % of a search page). A new index (any content write) starts afresh, and
 * the publication date is applied after, so a scheduled item appears on time.
 */
function matchesOf(index: LoadedIndex, terms: Array<string>) {
	let memo = matchesByIndex.get(index)
	if (!memo) matchesByIndex.set(index, (memo = { kept: new Map(), size: 0 }))
	const key = terms.toSorted().join(' ')
	const hit = memo.kept.get(key)
	if (hit) {
		// Most recently used last.
		memo.kept.delete(key)
		memo.kept.set(key, hit)
		return hit
	}
	const matches = matchDocuments(index, terms)
	memo.kept.set(key, matches)
	memo.size += matches.length
	for (const [oldest, kept] of memo.kept) {
		if (memo.size <= MATCHES_KEPT) break
		memo.kept.delete(oldest)
		memo.size -= kept.length
	}
	return matches
}

/** How many visible documents hold the term. */
function countDocuments({ documents, signatures }: LoadedIndex, term: string, at: string) {
	const mask = termMask(term)
	let count = 0
	documents.forEach((doc, d) => {
		if (
			doc.publishedAt !== null &&
			doc.publishedAt <= at &&
			mayContain(signatures, d * SIGNATURE_WORDS, mask) &&
			doc.textFolded.includes(term)
		)
			count++
	})
	return count
}

/**
 * Searches every public kind for all words of `query` (Turkish folding: case
 * and diacritics do not matter; a word matches anywhere in the text). Items
 * whose title holds more of the words come first, then newer before older.
 * Announcements count only once published. Blank queries give no result.
 */
export async function searchSite({
	query,
	page = 1,
	perPage = SEARCH_PER_PAGE,
	now = new Date(),
}: {
	query: string
	page?: number
	perPage?: number
	now?: Date
}): Promise<SearchResult> {
	const text = query.trim().slice(0, MAX_QUERY_LENGTH)
	const terms = queryTerms(text, MAX_QUERY_TERMS)
	const folded = terms.map((t) => t.folded)
	if (terms.length === 0)
		return { query: text, terms: [], total: 0, hits: [], page: pageInfo(0, 1, perPage), suggestions: [], tooShort: text.length > 0 }

	const index = await loadIndex()
	const at = now.toISOString()
	const ranked = matchesOf(index, folded).filter((doc) => doc.publishedAt !== null && doc.publishedAt <= at)
	const info = pageInfo(ranked.length, Math.floor(page), perPage)
	const slice = ranked.slice((info.page - 1) * perPage, info.page * perPage)

	return {
		query: text,
		terms: folded,
		tooShort: false,
		total: ranked.length,
		page: info,
		suggestions:
			ranked.length === 0 && terms.length > 1
				? terms.flatMap((term) => {
						const count = countDocuments(index, term.folded, at)
						return count > 0 ? [{ word: term.word, count }] : []
					})
				: [],
		hits: slice.map((doc) => ({
			kind: doc.kind,
			kindLabel: msg.search.kinds[doc.kind] ?? doc.kind,
			title: highlight(doc.title, folded),
			snippet: snippet(doc.body, folded, SNIPPET_LENGTH),
			url: doc.url,
			external: isExternalHref(doc.url),
			date: DATED_KINDS.has(doc.kind) ? doc.sortAt : null,
		})),
	}
}
