import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import * as mupdf from 'mupdf'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeBoxPdf, makeEndlessPdf, makeManyFrameGif, makePngBomb } from '#tests/fixtures/bombs.ts'
import { makePdf } from '#tests/fixtures/files.ts'
import { expectTurkish, UPLOAD_MESSAGES } from '#tests/fixtures/turkish.ts'
import type { TestDatabase } from '#tests/setup/db.ts'
import {
	alertTexts,
	fieldError,
	fieldValue,
	postAdmin,
	startAdminSite,
	type AdminAnswer,
	type AdminSite,
	type RunningServer,
} from '#tests/setup/server.ts'

/**
 * Malicious uploads, through the admin's real actions on the production
 * server: what the browser would send, and what the site then serves.
 */

const ADMIN = { email: 'yukleme@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Yükleme Denetçisi' }
const NOT_IMAGE = 'Bu dosya bir görsel değil. JPEG, PNG, WebP, GIF veya AVIF yükleyebilirsiniz.'

let site: AdminSite
let tdb: TestDatabase
let server: RunningServer
let cookie: string

beforeAll(async () => {
	site = await startAdminSite(ADMIN)
	tdb = site.tdb
	server = site.server
	cookie = site.cookie
}, 120_000)

afterAll(async () => {
	await site?.stop()
})

/**
 * Saves a new entry of a section the way its "Yeni" dialog does: a
 * multipart post to `/admin/<slug>?new=1`, so a refusal comes back in the
 * dialog with its reason at the field.
 */
function save(slug: string, fields: Record<string, string>, files: Record<string, File>) {
	const form = new FormData()
	form.set('intent', 'save')
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	for (const [name, file] of Object.entries(files)) form.set(name, file)
	return postAdmin(server, slug, form, { cookie, query: { new: 1 } })
}

/** A save the section accepted: back to its list. */
function expectSaved(answer: AdminAnswer, slug: string, what = slug) {
	expect({ status: answer.status, location: answer.location, alerts: alertTexts(answer.html) }, what).toEqual({
		status: 303,
		location: `/admin/${slug}`,
		alerts: [],
	})
}

/** Every refusal message the page shows: its alerts and the errors at its fields. */
function shownMessages(answer: AdminAnswer, fields: ReadonlyArray<string>) {
	return [...alertTexts(answer.html), ...fields.map((field) => fieldError(answer.html, field) ?? '')]
}

const file = (bytes: Uint8Array, name: string, type = 'application/octet-stream') => new File([Buffer.from(bytes)], name, { type })

const photo = (format: 'jpeg' | 'png' | 'gif') =>
	sharp({ create: { width: 320, height: 200, channels: 3, background: '#13294b' } })
		.toFormat(format)
		.toBuffer()

const pdf = await makePdf('Bülten')

/** Every file the media folder holds, relative to it. */
function mediaFiles(): Array<string> {
	const root = path.join(tdb.dataDir, 'media')
	if (!fs.existsSync(root)) return []
	return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) => fs.statSync(path.join(root, name)).isFile())
}

/** Everything in the data directory outside the media folder and the database files. */
function strayFiles(): Array<string> {
	return fs
		.readdirSync(tdb.dataDir, { recursive: true, encoding: 'utf8' })
		.filter((name) => !name.startsWith('media') && !/^site\.db(-wal|-shm)?$/.test(name) && !name.startsWith('.'))
		.filter((name) => fs.statSync(path.join(tdb.dataDir, name)).isFile())
}

async function announcementCover(title: string) {
	const row = await tdb.handle.db.selectFrom('announcements').select('cover_url').where('title', '=', title).executeTakeFirst()
	return row?.cover_url ?? null
}

test('a GIF that is also JavaScript is stored re-encoded: the script bytes are gone and it is served only as an image', async () => {
	const gif = await photo('gif')
	// GIF89a/*…*/=alert(document.domain)// — a valid GIF header that a browser could also run as a script.
	const polyglot = Buffer.concat([Buffer.from('GIF89a/*'), gif.subarray(8), Buffer.from('*/=alert(document.domain);//')])
	const answer = await save('duyurular', { title: 'GIF polyglot', body: 'Metin' }, { cover_file: file(polyglot, 'kapak.gif', 'image/gif') })
	expectSaved(answer, 'duyurular')
	const key = await announcementCover('GIF polyglot')
	expect(key).toMatch(/^announcements\/[\w-]+-\d+x\d+\.(jpg|png)$/)
	const served = await fetch(`${server.url}/media/${key}`)
	expect(served.status).toBe(200)
	expect(served.headers.get('content-type')).toMatch(/^image\/(jpeg|png)$/)
	expect(served.headers.get('x-content-type-options')).toBe('nosniff')
	const bytes = Buffer.from(await served.arrayBuffer())
	expect(bytes.includes(Buffer.from('alert('))).toBe(false)
	for (const name of mediaFiles())
		expect(fs.readFileSync(path.join(tdb.dataDir, 'media', name)).includes(Buffer.from('alert('))).toBe(false)
})

test('a PDF that is really HTML is refused; a real PDF with HTML appended is served as a sandboxed PDF', async () => {
	const html = Buffer.from('%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>')
	const refused = await save('bultenler', { year: '2026', month: '3' }, { pdf_file: file(html, 'bulten.pdf', 'application/pdf') })
	expect(refused.status).toBe(400)
	expect(refused.location).toBeNull()
	expect(alertTexts(refused.html).join('\n')).toMatch(/PDF açılamadı/)
	expect(await tdb.handle.db.selectFrom('bulletins').select('id').where('year', '=', 2026).execute()).toEqual([])

	const appended = Buffer.concat([pdf, Buffer.from('\n<html><script>alert(document.cookie)</script></html>\n')])
	const accepted = await save('bultenler', { year: '2026', month: '4' }, { pdf_file: file(appended, 'bulten.pdf.html', 'text/html') })
	expectSaved(accepted, 'bultenler')
	const row = await tdb.handle.db
		.selectFrom('bulletins')
		.select(['pdf_url', 'cover_url'])
		.where('year', '=', 2026)
		.where('month', '=', 4)
		.executeTakeFirstOrThrow()
	expect(row.pdf_url).toMatch(/\.pdf$/)
	const served = await fetch(`${server.url}/media/${row.pdf_url}`)
	expect(served.status).toBe(200)
	expect(served.headers.get('content-type')).toBe('application/pdf')
	expect(served.headers.get('x-content-type-options')).toBe('nosniff')
	expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox|sandbox.*default-src 'none'/)
	expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="[\w.-]+\.pdf"$/)
})

test('an image decompression bomb is refused by its pixel count before it is decoded', async () => {
	const bomb = Buffer.from(await photo('png'))
	bomb.writeUInt32BE(20_000, 16)
	bomb.writeUInt32BE(20_000, 20)
	bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29)
	const before = mediaFiles()
	const answer = await save(
		'etkinlikler',
		{ title: 'Bomba', starts_at: '2026-12-01T19:00' },
		{ cover_file: file(bomb, 'kapak.png', 'image/png') },
	)
	expect(answer.status).toBe(400)
	expect(answer.location).toBeNull()
	expect(fieldError(answer.html, 'cover_file')).toMatch(/en fazla 40 megapiksel/)
	// What was typed is still in the form.
	expect(fieldValue(answer.html, 'title')).toBe('Bomba')
	expect(fieldValue(answer.html, 'starts_at')).toBe('2026-12-01T19:00')
	expect(mediaFiles()).toEqual(before)
	expect(await tdb.handle.db.selectFrom('events').select('id').where('title', '=', 'Bomba').execute()).toEqual([])
	// The server is still there and still quick to answer.
	expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
})

test('file names never choose where a file goes: traversal, control characters and double extensions are ignored', async () => {
	const jpeg = await photo('jpeg')
	const names = [
		'../../../site.db',
		'..\\..\\evil.jpg',
		'/etc/passwd',
		'kapak\u0000.php',
		'kapak\r\nX-Evil: 1.jpg',
		'kapak.jpg.html',
		'ğüşİı çöÜ.JPG',
	]
	for (const [index, name] of names.entries()) {
		const title = `Dosya adı ${index}`
		expectSaved(await save('duyurular', { title, body: 'Metin' }, { cover_file: file(jpeg, name, 'image/jpeg') }), 'duyurular', name)
		const key = await announcementCover(title)
		expect(key, name).toMatch(/^announcements\/\d+-[0-9a-f]{8}-320x200\.jpg$/)
		const served = await fetch(`${server.url}/media/${key}`)
		expect(served.headers.get('content-type'), name).toBe('image/jpeg')
		expect(served.headers.get('content-disposition'), name).toMatch(/^inline; filename="[\w.-]+\.jpg"$/)
	}
	expect(strayFiles()).toEqual([])
	for (const name of mediaFiles()) expect(name).toMatch(/^(announcements|bulletins|events)[/\\][\w.-]+\.(jpg|png|webp|pdf)$/)
})

test('a script dressed as an image is refused whatever its name and type say, and nothing is kept', async () => {
	const before = mediaFiles()
	const php = Buffer.from('<?php system($_GET["c"]); ?>')
	for (const [field, slug, extra] of [
		['cover_file', 'duyurular', { title: 'PHP kapak', body: 'Metin' }],
		['image_file', 'mezun-haberleri', { title: 'PHP haber', body: 'Metin' }],
		['logo_file', 'uye-avantajlari', { business_name: 'PHP indirim', category: 'Sağlık', discount: '%10' }],
	] as const) {
		const answer = await save(slug, extra, { [field]: file(php, 'resim.php.jpg', 'image/jpeg') })
		expect(answer.status, slug).toBe(400)
		expect(fieldError(answer.html, field), slug).toBe(NOT_IMAGE)
	}
	const html = await save(
		'etkinlikler',
		{ title: 'HTML kapak', starts_at: '2026-12-01T19:00' },
		{ hero_file: file(Buffer.from('<!doctype html><script>alert(1)</script>'), 'kapak.png', 'image/png') },
	)
	expect(html.status).toBe(400)
	expect(fieldError(html.html, 'hero_file')).toBe(NOT_IMAGE)
	expect(mediaFiles()).toEqual(before)
})

test('an empty file with a name is refused with a clear message', async () => {
	const answer = await save(
		'duyurular',
		{ title: 'Boş dosya', body: 'Metin' },
		{ cover_file: file(new Uint8Array(0), 'kapak.jpg', 'image/jpeg') },
	)
	expect(answer.status).toBe(400)
	expect(fieldError(answer.html, 'cover_file')).toBe('Seçilen dosya boş.')
	expect(fieldValue(answer.html, 'title')).toBe('Boş dosya')
	expect(await announcementCover('Boş dosya')).toBeNull()
})

const MB = 1024 * 1024

/** The production server's resident memory, from the kernel. */
function serverRss() {
	const status = fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
	return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024
}

async function bulletin(year: number, month: number) {
	return tdb.handle.db
		.selectFrom('bulletins')
		.select(['pdf_url', 'cover_url'])
		.where('year', '=', year)
		.where('month', '=', month)
		.executeTakeFirst()
}

test('a bulletin PDF with an absurd page box is refused at its field in Turkish, before any drawing, and the server’s memory stays put', async () => {
	expectSaved(await save('bultenler', { year: '2027', month: '1' }, { pdf_file: file(pdf, 'isinma.pdf') }), 'bultenler')
	const before = serverRss()
	const pageSize = 'PDF’in sayfa boyutları geçersiz; bir sayfanın kenarı en fazla 508 cm olabilir.'
	for (const [month, options] of [
		[2, { mediaBox: [0, 0, 14_400, 200_000] }],
		[3, { mediaBox: [0, 0, 200, 200_000] }],
		[4, { mediaBox: [0, 0, 200, 200_000], rotate: 90 }],
		[5, { mediaBox: [0, 0, 200, 14_400], userUnit: 75_000 }],
		[6, { mediaBox: [0, 0, 420, 595], cropBox: [0, 0, 420, 200_000], pages: 2, userUnit: 40 }],
	] as const) {
		const bomb = makeBoxPdf({
			...options,
			mediaBox: [...options.mediaBox],
			cropBox: 'cropBox' in options ? [...options.cropBox] : undefined,
		})
		const answer = await save('bultenler', { year: '2027', month: String(month) }, { pdf_file: file(bomb, 'bulten.pdf') })
		expect(answer.status, JSON.stringify(options)).toBe(400)
		expect(fieldError(answer.html, 'pdf_file'), JSON.stringify(options)).toBe(pageSize)
		expect(await bulletin(2027, month)).toBeUndefined()
	}
	expect(serverRss() - before).toBeLessThan(100 * MB)
	expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
})

test('a bulletin whose first page never finishes drawing is saved with a drawn cover after the deadline, and the site answers meanwhile', async () => {
	const before = serverRss()
	let saved = false
	const saving = save('bultenler', { year: '2027', month: '7' }, { pdf_file: file(makeEndlessPdf(9), 'sonsuz.pdf') }).finally(() => {
		saved = true
	})
	const home = await fetch(`${server.url}/healthz`)
	expect(home.status).toBe(200)
	expect(saved).toBe(false)
	expectSaved(await saving, 'bultenler')
	const row = await bulletin(2027, 7)
	expect(row?.pdf_url).toMatch(/^bulletins\/2027-07-\d+\.pdf$/)
	expect(row?.cover_url).toMatch(/^bulletins\/2027-07-\d+-kapak-330x518\.png$/)
	expect(serverRss() - before).toBeLessThan(100 * MB)
})

test('image bombs are refused at their field in Turkish through every form, and the server’s memory stays put', async () => {
	expectSaved(
		await save('duyurular', { title: 'Isınma', body: 'Metin' }, { cover_file: file(await photo('png'), 'kapak.png') }),
		'duyurular',
	)
	const before = serverRss()
	const bombs: Array<[string, Buffer, string]> = [
		['30000×30000 PNG', makePngBomb(30_000, 30_000), 'Görselin boyutları çok büyük (en fazla 40 megapiksel).'],
		[
			'6000×6000 GIF, 50 000 frames',
			makeManyFrameGif(6000, 6000, 50_000, { fullFrames: true }),
			'Görselin boyutları çok büyük (en fazla 12 megapiksel).',
		],
		['1 001 frames', makeManyFrameGif(200, 200, 1001), 'Hareketli görsel en fazla 1000 kare olabilir.'],
		['1×39 000 000 PNG', makePngBomb(1, 39_000_000), 'Görselin bir kenarı en fazla 20.000 piksel olabilir.'],
	]
	const before_files = mediaFiles()
	for (const [label, bytes, reason] of bombs) {
		for (const [slug, field, extra] of [
			['duyurular', 'cover_file', { title: `Bomba ${label}`, body: 'Metin' }],
			['etkinlikler', 'hero_file', { title: `Bomba ${label}`, starts_at: '2027-01-01T19:00' }],
			['mezun-haberleri', 'image_file', { title: `Bomba ${label}` }],
			['uye-avantajlari', 'logo_file', { business_name: `Bomba ${label}`, category: 'Sağlık' }],
		] as const) {
			const answer = await save(slug, extra, { [field]: file(bytes, 'bomba.png') })
			expect(answer.status, `${slug} ${label}`).toBe(400)
			expect(fieldError(answer.html, field), `${slug} ${label}`).toBe(reason)
		}
	}
	expect(mediaFiles()).toEqual(before_files)
	expect(serverRss() - before).toBeLessThan(100 * MB)
	expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
})

test('damaged, truncated and disguised files get Turkish reasons through the admin form, plain and enhanced, never a library’s words', async () => {
	const jpeg = await photo('jpeg')
	const png = await photo('png')
	const webp = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#13294b' } })
		.webp()
		.toBuffer()
	const randomAfter = (magic: Array<number>) =>
		Buffer.concat([Buffer.from(magic), Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256))])
	const images: Array<[string, Buffer]> = [
		['truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
		['truncated PNG', png.subarray(0, Math.floor(png.length / 2))],
		['truncated WebP', webp.subarray(0, Math.floor(webp.length / 2))],
		['random bytes after a JPEG magic number', randomAfter([0xff, 0xd8, 0xff, 0xe0])],
		['random bytes after a PNG magic number', randomAfter([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
		['random bytes after a GIF magic number', randomAfter([...Buffer.from('GIF89a')])],
		[
			'a TIFF',
			await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
				.tiff()
				.toBuffer(),
		],
	]
	const doc = new mupdf.PDFDocument()
	doc.insertPage(-1, doc.addPage([0, 0, 420, 595], 0, null, 'BT ET'))
	const pdfs: Array<[string, Buffer]> = [
		['zero-length PDF', Buffer.alloc(0)],
		[
			'PDF with a broken cross-reference table and no objects',
			Buffer.from('%PDF-1.7\nxref\n0 3\nbozuk\ntrailer\n<< /Root 9 0 R >>\nstartxref\n7\n%%EOF\n'),
		],
		['truncated PDF', pdf.subarray(0, 200)],
		['encrypted PDF', Buffer.from(doc.saveToBuffer('encrypt=aes-256,user-password=gizli').asUint8Array())],
		['random bytes after a PDF header', randomAfter([...Buffer.from('%PDF-1.4\n')])],
	]
	const shown: Array<string> = []
	for (const [label, bytes] of images) {
		for (const [slug, field, extra] of [
			['duyurular', 'cover_file', { title: `Bozuk ${label}`, body: 'Metin' }],
			['etkinlikler', 'cover_file', { title: `Bozuk ${label}`, starts_at: '2027-01-01T19:00' }],
			['mezun-haberleri', 'image_file', { title: `Bozuk ${label}` }],
			['uye-avantajlari', 'logo_file', { business_name: `Bozuk ${label}`, category: 'Sağlık' }],
		] as const) {
			const answer = await save(slug, extra, { [field]: file(bytes, 'gorsel.jpg', 'image/jpeg') })
			expect(answer.status, `${slug} ${label}`).toBe(400)
			expect(UPLOAD_MESSAGES, `${slug} ${label}`).toContain(fieldError(answer.html, field))
			shown.push(...shownMessages(answer, [field]))
		}
	}
	for (const [index, [label, bytes]] of pdfs.entries()) {
		const answer = await save(
			'bultenler',
			{ year: '2028', month: String(index + 1) },
			{ pdf_file: file(bytes, 'bulten.pdf', 'application/pdf') },
		)
		expect(answer.status, label).toBe(400)
		expect(UPLOAD_MESSAGES, label).toContain(fieldError(answer.html, 'pdf_file'))
		shown.push(...shownMessages(answer, ['pdf_file']))
	}
	// The same refusal to the enhanced form (what the browser's script posts: React Router's single fetch).
	const form = new FormData()
	form.set('intent', 'save')
	form.set('title', 'Düz form')
	form.set('body', 'Metin')
	form.set('cover_file', file(images[4]![1], 'kapak.jpg', 'image/jpeg'))
	const enhanced = await postAdmin(server, 'duyurular.data', form, { cookie, query: { new: 1 } })
	expect(enhanced.status).toBe(400)
	expect(enhanced.html).toContain('Görsel okunamadı; dosya eksik ya da bozuk olabilir.')
	expect(enhanced.html).not.toMatch(/VipsJpeg|Input buffer|corrupt header|libpng/i)
	expect(await announcementCover('Düz form')).toBeNull()

	for (const message of shown) expectTurkish(message)
	expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
})
