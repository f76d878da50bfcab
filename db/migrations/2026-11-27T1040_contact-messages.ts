import { sql } from 'kysely'
import { createdAt, type MigrationDb, nowDefault, timestampType, withIdColumn } from './helpers.ts'

/**
 * Messages from the contact form on /iletisim/iletisim-adresleri, read in
 * the admin's "Mesajlar" (yöneticiler only). A message is personal data:
 * rows older than CONTACT_RETENTION_DAYS are deleted (hourly and at start).
 * The sender's IP address is not kept with the message; only a keyed digest
 * of it lives briefly in login_failures for the sending limit.
 *
 * Existing sites also get the KVKK notice's paragraphs about the form and
 * about the admin area's audit log (which issue 18 wrote for new sites only):
 * new sites are seeded with them (content/pages/kvkk.md), while a stored
 * notice keeps its text, Markdown as seeded or HTML as an admin saved it.
 * Each paragraph goes at the end of the retention section ("… Saklanma
 * Süresi"), or, in a notice without that section, under a heading of its own
 * at the end.
 */
export async function up(db: MigrationDb) {
	const ts = timestampType(db)
	await withIdColumn(db, db.schema.createTable('contact_messages'))
		.addColumn('created_at', ts, createdAt(db))
		.addColumn('name', 'text', (c) => c.notNull())
		.addColumn('email', 'text', (c) => c.notNull())
		.addColumn('subject', 'text', (c) => c.notNull())
		.addColumn('message', 'text', (c) => c.notNull())
		.addColumn('read_at', ts)
		.addColumn('archived_at', ts)
		.execute()
	await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').columns(['created_at', 'id']).execute()

	await addKvkkParagraph(db)
}

/** Bold Markdown to the HTML an admin-saved notice holds. */
const toHtml = (markdown: string) => `<p>${markdown.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`

/**
 * The notice's paragraphs as they were written for this release
 * (content/pages/kvkk.md carries the same text), in their order: what the
 * admin area's audit log keeps (issue 18 added it to new sites only) and what
 * the contact form keeps. Each has a marker found in no other part of the
 * seeded notice (a notice that has it is left alone) and the heading it gets
 * in a notice without a retention section.
 */
const PARAGRAPHS = [
	{
		marker: 'yönetim paneline erişen yöneticilerimizin',
		heading: 'Yönetim Paneli İşlem Kayıtları',
		markdown:
			'İnternet sitemizin yönetim paneline erişen yöneticilerimizin ve editörlerimizin yaptığı işlemler, **güvenliğin sağlanması ve yapılan değişikliklerin hesabının verilebilmesi** amacıyla bir işlem kaydında tutulur: girişler ve başarısız giriş denemeleri, hesap ve şifre değişiklikleri, içerik ve ayar değişiklikleri; her kayıtta işlemi yapanın elektronik posta adresi, IP adresi, tarayıcı bilgisi, işlemin tarih ve saati ile neyin değiştiği yer alır. Bu kayıtlar yalnızca Dernek yöneticileri tarafından görülebilir, değiştirilemez ve yapılandırılan saklama süresi (varsayılan olarak **1 yıl**) dolduğunda kendiliğinden silinir.',
	},
	{
		marker: 'iletişim formuyla bize yazdığınızda',
		heading: 'İletişim Formu',
		markdown:
			'İnternet sitemizdeki iletişim formuyla bize yazdığınızda adınız ve soyadınız, elektronik posta adresiniz, mesajınızın konusu ve metni, **mesajınızı yanıtlayabilmek ve talebinizi değerlendirebilmek** amacıyla saklanır ve Derneğin elektronik posta adresine iletilir. Bu mesajlar internet sitemizin yönetim panelinde yalnızca Dernek yöneticileri tarafından görülebilir ve yapılandırılan saklama süresi (varsayılan olarak **1 yıl**) dolduğunda kendiliğinden silinir. IP adresiniz mesajınızla birlikte saklanmaz; yalnızca kısa sürede çok sayıda mesaj gönderilmesini önlemek için, adresin kendisi değil geri döndürülemeyen bir özeti en fazla iki saat tutulur.',
	},
] as const

/** The notice's body with one paragraph at the end of its retention section ("… Saklanma Süresi"), or under a heading of its own at the end. */
function withParagraph(body: string, format: string, { marker, heading: ownHeading, markdown }: (typeof PARAGRAPHS)[number]): string {
	if (body.includes(marker)) return body
	if (format === 'html') {
		const html = toHtml(markdown)
		const heading = /<h2\b[^>]*>[^<]*Saklanma Süresi[\s\S]*?<\/h2>/i.exec(body)
		if (!heading) return `${body.trimEnd()}\n<h2>${ownHeading}</h2>\n${html}\n`
		const after = heading.index + heading[0].length
		const next = body.slice(after).search(/<h[12]\b/i)
		if (next < 0) return `${body.trimEnd()}\n${html}\n`
		const at = after + next
		return `${body.slice(0, at)}${html}\n${body.slice(at)}`
	}
	const heading = /^#{1,2}[ \t]+.*Saklanma Süresi.*$/m.exec(body)
	if (!heading) return `${body.trimEnd()}\n\n## ${ownHeading}\n\n${markdown}\n`
	const after = heading.index + heading[0].length
	const next = body.slice(after).search(/^#{1,2}[ \t]/m)
	if (next < 0) return `${body.trimEnd()}\n\n${markdown}\n`
	const at = after + next
	return `${body.slice(0, at).trimEnd()}\n\n${markdown}\n\n${body.slice(at)}`
}

/** The notice's body with every paragraph of this release in its place, each once (exported for its test). */
export function withKvkkParagraphs(body: string, format: string): string {
	return PARAGRAPHS.reduce((text, paragraph) => withParagraph(text, format, paragraph), body)
}

async function addKvkkParagraph(db: MigrationDb) {
	const page = (await db.selectFrom('pages').select(['body', 'body_format']).where('slug', '=', 'kvkk').executeTakeFirst()) as
		{ body: string; body_format: string } | undefined
	if (!page) return
	const body = withKvkkParagraphs(page.body, page.body_format)
	if (body === page.body) return
	await db
		.updateTable('pages')
		.set({ body, updated_at: nowDefault(db) })
		.where('slug', '=', 'kvkk')
		.execute()
	// Cached pages (the notice, its PDF) follow the content version.
	await db
		.insertInto('app_meta')
		.values({ key: 'content:version', value: '1' })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`cast(cast(app_meta.value as integer) + 1 as text)` }))
		.execute()
}

export async function down(db: MigrationDb) {
	await db.schema.dropTable('contact_messages').execute()
}
