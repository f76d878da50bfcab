import { expect, test } from 'vitest'
import { createAccount } from '#app/features/users/users.server.ts'
import { createBulletin } from '#tests/factories/bulletins.ts'
import { makeTextPdf } from '#tests/fixtures/text-pdf.ts'
import { createTestDatabase, dialectsUnderTest } from '#tests/setup/db.ts'
import { decodeEntities, postAdmin, signInCookie, startServer, visibleText, type RunningServer } from '#tests/setup/server.ts'

const ADMIN = { email: 'bulten@example.org', password: 'Bulten-Arsivi-Ekim-2025', fullName: 'Bülten Editörü', isAdmin: true }

type Hit = { kind: string; title: string; href: string; marks: Array<string> }

/** The results /arama shows for `query`, as a visitor's browser gets them (no session). */
async function search(server: RunningServer, query: string): Promise<Array<Hit>> {
	const response = await fetch(`${server.url}/arama?q=${encodeURIComponent(query)}`)
	expect(response.status).toBe(200)
	const html = await response.text()
	return [...html.matchAll(/<li class="search-hit">([\s\S]*?)<\/li>/g)].map(([, hit = '']) => ({
		kind: visibleText(/<span class="search-hit__kind">([\s\S]*?)<\/span>/.exec(hit)?.[1] ?? ''),
		title: visibleText(/<h3 class="search-hit__title">([\s\S]*?)<\/h3>/.exec(hit)?.[1] ?? ''),
		href: decodeEntities(/<h3 class="search-hit__title"><a href="([^"]*)"/.exec(hit)?.[1] ?? ''),
		marks: [...hit.matchAll(/<mark>([\s\S]*?)<\/mark>/g)].map(([, text = '']) => decodeEntities(text)),
	}))
}

function pdfFile(bytes: Buffer) {
	return new File([new Uint8Array(bytes)], 'bulten.pdf', { type: 'application/pdf' })
}

for (const dialect of dialectsUnderTest()) {
	test(
		`bulletin PDFs are searched page by page: existing ones at start-up, uploads, replacements, the trash (${dialect})`,
		{ timeout: 240_000 },
		async () => {
			const tdb = await createTestDatabase(dialect, { migrated: true })
			let server: RunningServer | undefined
			try {
				await createAccount(ADMIN)
				const existingKey = 'bulletins/2019-03-1552000000000.pdf'
				const existingPdf = await makeTextPdf(['BÜLTEN Mart 2019', 'Söyleşimizin konuğu Nurhayat Pekmezci oldu.'])
				await tdb.storage.put(existingKey, existingPdf, { contentType: 'application/pdf', durable: false })
				const existing = await createBulletin({ year: 2019, month: 3, pdf_url: existingKey, cover_url: null })
				const brokenKey = 'bulletins/2019-06-1559000000000.pdf'
				await tdb.storage.put(brokenKey, new TextEncoder().encode('%PDF-1.4\nyarım kalmış bir dosya'), {
					contentType: 'application/pdf',
					durable: false,
				})
				const broken = await createBulletin({ year: 2019, month: 6, pdf_url: brokenKey, cover_url: null })

				server = await startServer({ DATA_DIR: tdb.dataDir, DATABASE_URL: tdb.url })
				const site = server
				await expect
					.poll(() => search(site, 'pekmezci'), { timeout: 120_000, interval: 200 })
					.toEqual([{ kind: 'Bülten', title: 'Bülten — Mart 2019, s. 2', href: `/media/${existingKey}#page=2`, marks: ['Pekmezci'] }])
				const marks = await tdb.handle.db.selectFrom('bulletin_texts').select(['bulletin_id', 'status']).orderBy('bulletin_id').execute()
				expect(marks).toEqual([
					{ bulletin_id: existing.id, status: 'done' },
					{ bulletin_id: broken.id, status: 'failed' },
				])
				expect(server.output().split('bulletin PDF text cannot be read')).toHaveLength(2)

				const cookie = await signInCookie(server, ADMIN)
				const save = async (pdf: Buffer) => {
					const form = new FormData()
					form.set('intent', 'save')
					form.set('year', '2025')
					form.set('month', '10')
					form.set('pdf_file', pdfFile(pdf))
					const answer = await postAdmin(site, 'bultenler', form, { cookie, query: { new: 1 } })
					expect({ status: answer.status, location: answer.location }).toEqual({ status: 303, location: '/admin/bultenler' })
				}
				await save(
					await makeTextPdf([
						'BÜLTEN Ekim 2025\nDeğerli üyelerimiz',
						'Yönetim Kurulundan\nBurs başvuruları değerlendirildi.',
						'Mezunlarımızdan Haberler\nMezunumuz Züleyha Karaağaçlı, çalışmalarıyla ödül aldı.',
					]),
				)
				const october = await tdb.handle.db
					.selectFrom('bulletins')
					.select(['id', 'pdf_url'])
					.where('year', '=', 2025)
					.where('month', '=', 10)
					.executeTakeFirstOrThrow()
				expect(await search(server, 'zuleyha')).toEqual([
					{ kind: 'Bülten', title: 'Bülten — Ekim 2025, s. 3', href: `/media/${october.pdf_url}#page=3`, marks: ['Züleyha'] },
				])
				expect(await search(server, 'ZÜLEYHA karaagacli')).toEqual([
					expect.objectContaining({ title: 'Bülten — Ekim 2025, s. 3', marks: ['Züleyha', 'Karaağaçlı'] }),
				])

				await save(await makeTextPdf(['BÜLTEN Ekim 2025', 'Konuğumuz Remziye Çağıltay yeni kitabını anlattı.', 'Teşekkür']))
				const replaced = await tdb.handle.db
					.selectFrom('bulletins')
					.select('pdf_url')
					.where('id', '=', october.id)
					.executeTakeFirstOrThrow()
				expect(replaced.pdf_url).not.toBe(october.pdf_url)
				expect(await search(server, 'zuleyha')).toEqual([])
				expect(await search(server, 'remziye cagiltay')).toEqual([
					{
						kind: 'Bülten',
						title: 'Bülten — Ekim 2025, s. 2',
						href: `/media/${replaced.pdf_url}#page=2`,
						marks: ['Remziye', 'Çağıltay'],
					},
				])

				expect((await postAdmin(server, 'bultenler', { intent: 'delete', id: october.id }, { cookie })).status).toBe(303)
				expect(await search(server, 'remziye')).toEqual([])
				const trashed = await tdb.handle.db.selectFrom('trash').select('id').where('item_kind', '=', 'bulletins').executeTakeFirstOrThrow()
				expect((await postAdmin(server, 'cop-kutusu', { intent: 'restore', id: trashed.id }, { cookie })).status).toBe(303)
				expect((await search(server, 'remziye')).map((hit) => hit.href)).toEqual([`/media/${replaced.pdf_url}#page=2`])

				expect((await postAdmin(server, 'bultenler', { intent: 'delete', id: october.id }, { cookie })).status).toBe(303)
				const again = await tdb.handle.db.selectFrom('trash').select('id').where('item_kind', '=', 'bulletins').executeTakeFirstOrThrow()
				expect((await postAdmin(server, 'cop-kutusu', { intent: 'purge', id: again.id }, { cookie })).status).toBe(303)
				expect(await tdb.handle.db.selectFrom('bulletin_pages').select('page').where('bulletin_id', '=', october.id).execute()).toEqual([])
				expect(await tdb.handle.db.selectFrom('bulletin_texts').select('status').where('bulletin_id', '=', october.id).execute()).toEqual(
					[],
				)
				expect((await search(server, 'pekmezci')).map((hit) => hit.title)).toEqual(['Bülten — Mart 2019, s. 2'])
			} finally {
				await server?.stop()
				await tdb.cleanup()
			}
		},
	)
}
