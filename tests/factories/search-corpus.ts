import { db } from '#app/lib/db.server.ts'

/**
 * A large, deterministic body of content for the site search: announcements,
 * events, alumni news, member perks, awards and bulletins in Turkish, with
 * marker words in known places so tests can count what a search must find.
 *
 * - every 50th item has `Şişli` in its title; every 50th from the 25th has it only in its body;
 * - every 10th announcement is a draft (published_at empty);
 * - every item but the bulletins has the word `ortak` in its body.
 */
const WORDS = [
	'mezun',
	'buluşma',
	'okul',
	'dernek',
	'burs',
	'kermes',
	'konser',
	'söyleşi',
	'kitap',
	'ödül',
	'tören',
	'gezi',
	'dayanışma',
	'kültür',
	'sanat',
	'bahar',
	'güz',
	'kış',
	'yaz',
	'İstanbul',
	'Beyoğlu',
	'Kadıköy',
	'Harbiye',
	'öğrenci',
	'öğretmen',
	'aile',
	'genel',
	'kurul',
	'yönetim',
	'çalışma',
]

function words(seed: number, count: number) {
	const out: Array<string> = []
	let s = (seed * 2654435761) >>> 0 || 1
	for (let i = 0; i < count; i++) {
		s ^= s << 13
		s ^= s >>> 17
		s ^= s << 5
		out.push(WORDS[(s >>> 0) % WORDS.length] as string)
	}
	return out.join(' ')
}

export type CorpusCounts = {
	total: number
	/** Visible items with the marker in the title, and in the body only. */
	markerInTitle: number
	markerInBody: number
	drafts: number
	bulletins: number
}

export async function seedSearchCorpus(size = 10_000, now = new Date('2026-06-15T12:00:00.000Z')): Promise<CorpusCounts> {
	const counts: CorpusCounts = { total: size, markerInTitle: 0, markerInBody: 0, drafts: 0, bulletins: 0 }
	const at = (i: number) => new Date(now.getTime() - (i + 1) * 3_600_000).toISOString()
	type Row = Record<string, string | number | null>
	const announcements: Array<Row> = []
	const events: Array<Row> = []
	const news: Array<Row> = []
	const perks: Array<Row> = []
	const awards: Array<Row> = []
	const bulletins: Array<Row> = []
	for (let i = 0; i < size; i++) {
		const inTitle = i % 50 === 0
		const inBody = i % 50 === 25
		const title = `${words(i, 4)}${inTitle ? ' Şişli' : ''} ${i}`
		const body = `${words(i + 7, 40)}${inBody ? ' Şişli şubesinde' : ''} ${words(i + 13, 40)} ortak`
		const kind = i % 20
		const draft = kind < 8 && i % 10 === 0
		if (kind < 8) {
			if (draft) counts.drafts++
			else if (inTitle) counts.markerInTitle++
			else if (inBody) counts.markerInBody++
			announcements.push({ title, body: `<p>${body}</p>`, published_at: draft ? null : at(i), created_at: at(i), updated_at: at(i) })
			continue
		}
		if (inTitle) counts.markerInTitle++
		if (inBody) counts.markerInBody++
		if (kind < 12) {
			events.push({
				slug: `etkinlik-${i}`,
				title,
				body: `<p>${body}</p>`,
				starts_at: at(i),
				location: 'Harbiye',
				created_at: at(i),
				updated_at: at(i),
			})
		} else if (kind < 15) {
			news.push({ slug: `haber-${i}`, title, description: body, created_at: at(i), updated_at: at(i) })
		} else if (kind < 17) {
			perks.push({ business_name: title, category: 'Sağlık', discount: body, idx: i, created_at: at(i), updated_at: at(i) })
		} else if (kind < 19) {
			awards.push({ first_name: title, last_name: `Soyad ${i}`, nds_year: 1900 + (i % 100), profession: body, created_at: at(i) })
		} else {
			const n = bulletins.length
			counts.bulletins++
			bulletins.push({
				year: 1900 + Math.floor(n / 12),
				month: (n % 12) + 1,
				pdf_url: `bulletins/${i}.pdf`,
				cover_url: null,
				created_at: at(i),
			})
			// A bulletin's searchable text is its month and year, not the marker.
			if (inTitle) counts.markerInTitle--
			if (inBody) counts.markerInBody--
		}
	}
	const insert = async (table: 'announcements' | 'events' | 'alumni_news' | 'member_perks' | 'awards' | 'bulletins', rows: Array<Row>) => {
		for (let i = 0; i < rows.length; i += 500) {
			// One loop for six tables: the rows are built to fit each of them.
			await db
				.insertInto(table)
				.values(rows.slice(i, i + 500) as never)
				.execute()
		}
	}
	await insert('announcements', announcements)
	await insert('events', events)
	await insert('alumni_news', news)
	await insert('member_perks', perks)
	await insert('awards', awards)
	await insert('bulletins', bulletins)
	return counts
}
