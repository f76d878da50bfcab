import { sql } from 'kysely'
import { createdAt, type MigrationDb, nowDefault, timestampType, withIdColumn } from './helpers.ts'

/**
 * Messages from the contact form on /iletisim/iletisim-adresleri, read in
 * the admin's "Mesajlar" (yöneticiler only). A message is personal data:
 * rows older than CONTACT_RETENTION_DAYS are deleted (hourly and at start).
 * The sender's IP address is not kept with the message; only a keyed digest
 * of it lives briefly in login_failures for the sending limit.
 *
 * Existing sites also get the KVKK notice's paragraph about the form: new
 * sites are seeded with it (content/pages/kvkk.md), while a stored notice
 * keeps its text, Markdown as seeded or HTML as an admin saved it. The
 * paragraph goes at the end of the retention section ("… Saklanma Süresi"),
 * or, in a notice without that section, under a heading of its own at the end.
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

/** The notice's paragraph as it was written for this release (content/pages/kvkk.md carries the same text). */
const PARAGRAPH_MARKDOWN =
	'İnternet sitemizdeki iletişim formuyla bize yazdığınızda adınız ve soyadınız, elektronik posta adresiniz, mesajınızın konusu ve metni, **mesajınızı yanıtlayabilmek ve talebinizi değerlendirebilmek** amacıyla saklanır ve Derneğin elektronik posta adresine iletilir. Bu mesajlar internet sitemizin yönetim panelinde yalnızca Dernek yöneticileri tarafından görülebilir ve yapılandırılan saklama süresi (varsayılan olarak **1 yıl**) dolduğunda kendiliğinden silinir. IP adresiniz mesajınızla birlikte saklanmaz; yalnızca kısa sürede çok sayıda mesaj gönderilmesini önlemek için, adresin kendisi değil geri döndürülemeyen bir özeti en fazla iki saat tutulur.'
const PARAGRAPH_HTML = `<p>${PARAGRAPH_MARKDOWN.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')}</p>`
const HEADING = 'İletişim Formu'
/** Present in the paragraph and in no other part of the seeded notice: a notice that has it is left alone. */
const MARKER = 'iletişim formuyla bize yazdığınızda'

/** The notice's body with the paragraph in its place (exported for its test). */
export function withKvkkParagraph(body: string, format: string): string {
	if (body.includes(MARKER)) return body
	if (format === 'html') {
		const heading = /<h2\b[^>]*>[^<]*Saklanma Süresi[\s\S]*?<\/h2>/i.exec(body)
		if (!heading) return `${body.trimEnd()}\n<h2>${HEADING}</h2>\n${PARAGRAPH_HTML}\n`
		const after = heading.index + heading[0].length
		const next = body.slice(after).search(/<h[12]\b/i)
		if (next < 0) return `${body.trimEnd()}\n${PARAGRAPH_HTML}\n`
		const at = after + next
		return `${body.slice(0, at)}${PARAGRAPH_HTML}\n${body.slice(at)}`
	}
	const heading = /^#{1,2}[ \t]+.*Saklanma Süresi.*$/m.exec(body)
	if (!heading) return `${body.trimEnd()}\n\n## ${HEADING}\n\n${PARAGRAPH_MARKDOWN}\n`
	const after = heading.index + heading[0].length
	const next = body.slice(after).search(/^#{1,2}[ \t]/m)
	if (next < 0) return `${body.trimEnd()}\n\n${PARAGRAPH_MARKDOWN}\n`
	const at = after + next
	return `${body.slice(0, at).trimEnd()}\n\n${PARAGRAPH_MARKDOWN}\n\n${body.slice(at)}`
}

async function addKvkkParagraph(db: MigrationDb) {
	const page = (await db.selectFrom('pages').select(['body', 'body_format']).where('slug', '=', 'kvkk').executeTakeFirst()) as
		{ body: string; body_format: string } | undefined
	if (!page) return
	const body = withKvkkParagraph(page.body, page.body_format)
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
