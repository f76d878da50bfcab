import { db } from '#app/lib/db.server.ts'
import { foldTr, monthName } from '#app/lib/tr.ts'
import { type AdminSectionSlug, findSection, sectionHref } from './sections.ts'

/** One admin record the search found: its section, its name in that section's list and the address that opens it for editing. */
export type AdminSearchHit = { section: AdminSectionSlug; sectionLabel: string; title: string; detail: string | null; href: string }

export type AdminSearchResult =
	/** Nothing typed, or fewer than two letters: no search is made. */
	{ status: 'empty' | 'too-short'; query: string; hits: [] } | { status: 'done'; query: string; hits: Array<AdminSearchHit>; more: boolean }

/** Queries shorter than this (after trimming) are not searched: one letter matches nearly everything. */
export const MIN_QUERY_LENGTH = 2
/** At most this many hits are listed; `more` says some were left out. */
export const MAX_HITS = 100

type Candidate = { id: number | string; title: string; detail?: string | null; also?: Array<string | null> }

/** Every list of the admin, in the sidebar's order, as the records a person would recognise by name. */
const SOURCES: Array<{ section: AdminSectionSlug; load: () => Promise<Array<Candidate>> }> = [
	{
		section: 'duyurular',
		load: async () =>
			(await db.selectFrom('announcements').select(['id', 'title', 'excerpt']).orderBy('id').execute()).map((r) => ({
				id: r.id,
				title: r.title,
				also: [r.excerpt],
			})),
	},
	{
		section: 'etkinlikler',
		load: async () =>
			(await db.selectFrom('events').select(['id', 'title', 'location']).orderBy('id').execute()).map((r) => ({
				id: r.id,
				title: r.title,
				detail: r.location,
			})),
	},
	{
		section: 'takvim',
		load: async () =>
			(await db.selectFrom('calendar_entries').select(['id', 'title', 'date']).orderBy('date').execute()).map((r) => ({
				id: r.id,
				title: r.title,
				detail: r.date,
			})),
	},
	{
		section: 'bultenler',
		load: async () =>
			(await db.selectFrom('bulletins').select(['id', 'year', 'month']).orderBy('year', 'desc').orderBy('month', 'desc').execute()).map(
				(r) => ({
					id: r.id,
					title: `${monthName(Number(r.month))} ${r.year}`,
				}),
			),
	},
	{
		section: 'mezun-haberleri',
		load: async () =>
			(await db.selectFrom('alumni_news').select(['id', 'title', 'description']).orderBy('id').execute()).map((r) => ({
				id: r.id,
				title: r.title,
				also: [r.description],
			})),
	},
	{
		section: 'uye-avantajlari',
		load: async () =>
			(await db.selectFrom('member_perks').select(['id', 'business_name', 'category', 'alumnus_name']).orderBy('id').execute()).map(
				(r) => ({
					id: r.id,
					title: r.business_name,
					detail: r.category,
					also: [r.alumnus_name],
				}),
			),
	},
	{
		section: 'sayfalar',
		load: async () =>
			(await db.selectFrom('pages').select(['slug', 'title']).orderBy('slug').execute()).map((r) => ({ id: r.slug, title: r.title })),
	},
	{
		section: 'ana-sayfa',
		load: async () =>
			(await db.selectFrom('hero_slides').select(['id', 'title', 'text']).orderBy('order_index').execute()).map((r) => ({
				id: r.id,
				title: r.title,
				also: [r.text],
			})),
	},
	{
		section: 'yonetim-kurulu',
		load: async () =>
			(await db.selectFrom('board_members').select(['id', 'name', 'role']).orderBy('order_index').execute()).map((r) => ({
				id: r.id,
				title: r.name,
				detail: r.role,
			})),
	},
	{
		section: 'oduller',
		load: async () =>
			(
				await db
					.selectFrom('awards')
					.select(['id', 'first_name', 'last_name', 'nds_surname', 'nds_year', 'profession'])
					.orderBy('id')
					.execute()
			).map((r) => ({
				id: r.id,
				title: `${r.first_name} ${r.last_name}`,
				detail: `NDS ${r.nds_year}`,
				also: [r.nds_surname, r.profession],
			})),
	},
	{
		section: 'edebiyat-odulu',
		load: async () =>
			(
				await db
					.selectFrom('literature_books')
					.select(['id', 'title', 'author', 'year'])
					.orderBy('year', 'desc')
					.orderBy('order_index')
					.execute()
			).map((r) => ({
				id: r.id,
				title: r.title,
				detail: `${r.author} · ${r.year}`,
			})),
	},
]

/**
 * The admin search (`/admin/ara?q=`): every admin list's records whose name
 * (and a few telling fields: a perk's category, a book's author, an award
 * winner's profession…) contains every word of the query, Turkish folding
 * (`sisli` finds `Şişli`); words of one letter are left out. Each hit links
 * to its section with its edit dialog open (`/admin/<slug>?edit=<id>`).
 */
export async function searchAdmin(rawQuery: string): Promise<AdminSearchResult> {
	const query = rawQuery.trim().slice(0, 200)
	if (!query) return { status: 'empty', query, hits: [] }
	const terms = foldTr(query)
		.split(/\s+/)
		.filter((term) => term.length >= MIN_QUERY_LENGTH)
	if (terms.length === 0) return { status: 'too-short', query, hits: [] }
	const lists = await Promise.all(SOURCES.map(async (source) => ({ section: source.section, rows: await source.load() })))
	const hits: Array<AdminSearchHit> = []
	for (const { section, rows } of lists) {
		const sectionLabel = findSection(section)?.label ?? section
		for (const row of rows) {
			const text = foldTr([row.title, row.detail, ...(row.also ?? [])].filter(Boolean).join(' '))
			if (!terms.every((term) => text.includes(term))) continue
			hits.push({ section, sectionLabel, title: row.title, detail: row.detail ?? null, href: sectionHref(section, { edit: row.id }) })
		}
	}
	return { status: 'done', query, hits: hits.slice(0, MAX_HITS), more: hits.length > MAX_HITS }
}
