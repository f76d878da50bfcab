import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import type { AdminContext } from '#app/features/admin/admin-tab.server.ts'
import { getPage } from '#app/features/pages/pages.server.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { loader as contactLoader } from '#app/routes/public/pages/contact.tsx'
import { loader as duesLoader } from '#app/routes/public/pages/dues-payment.tsx'
import { loader as socialLoader } from '#app/routes/public/pages/social-media.tsx'
import { insertMissingPages } from '#app/features/site/seed/pages.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { settingsAdmin } from '#app/features/settings/settings.admin.server.ts'
import { getSettings, insertMissingSettings } from '#app/features/settings/settings.server.ts'

const ctx: AdminContext = {
	user: { id: 'u1', email: 'yonetici@example.org', fullName: 'Test Yöneticisi', isAdmin: true, role: 'admin' },
	url: new URL('http://x/admin/ayarlar'),
	requestId: 't',
}

const form = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [key, value] of Object.entries(fields)) data.set(key, value)
	return data
}

type LoaderArgs = { request: Request; url: URL; params: object; context: RouterContextProvider }
const args = (path: string): LoaderArgs => {
	const url = new URL(path, 'http://127.0.0.1:3000')
	return { request: new Request(url), url, params: {}, context: new RouterContextProvider() }
}
/** The defaults, and the admin the saves name (`ctx.user`, who saved each value). */
async function prepare() {
	const now = new Date().toISOString()
	const { id, email, fullName } = ctx.user
	await db
		.insertInto('users')
		.values({ id, email, full_name: fullName, email_verified: true, is_admin: true, created_at: now, updated_at: now })
		.execute()
	await insertMissingSettings()
}

const rootData = async () => (await rootLoader(args('/') as never)).data
const storedKeys = async () =>
	Object.fromEntries((await db.selectFrom('settings').select(['key', 'value']).execute()).map((row) => [row.key, row.value]))

const VALID_IBAN = 'TR330006100519786457841326'
const OTHER_IBAN = 'TR360001000123456789012345'

const NEXT_YEAR = new Date().getFullYear() + 1

for (const dialect of dialectsUnderTest()) {
	test(`loads every setting as the text of its form field (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await prepare()
			const data = await settingsAdmin.load(ctx)
			expect(data.association).toEqual({
				name: 'Notre Dame de Sion Mezunları Derneği',
				shortName: 'NDS Mezunları Derneği',
				motto: 'IN SION FIRMATA SUM',
				foundedYear: '1987',
				memberCount: '2325',
				memberCountAsOf: '2025-10',
			})
			expect(data.contact.addressLines).toBe('Cumhuriyet Caddesi No: 00, Kat: 3\nHarbiye, Şişli\n34367 İstanbul')
			expect(data.bank.accounts).toEqual([
				{
					bankName: 'Örnek Bankası',
					branch: 'Harbiye Şubesi (örnek)',
					accountHolder: 'Notre Dame de Sion Mezunları Derneği',
					iban: 'TR00 0000 0000 0000 0000 0000 00',
				},
			])
			expect(data.dues).toEqual({ year: '2025', entryFee: '20', annualDues: '450', payFactor: '1,05' })
			expect(data.notice).toEqual({ enabled: false, text: '', link: '', until: '', state: 'off' })
			expect(data.footer.copyright).toBe('Notre Dame de Sion Mezunları Derneği. Tüm hakları saklıdır.')
		})
	})

	test(`saves the association and contact groups and the public pages show them at once (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await prepare()
			await insertMissingPages(db)
			const before = await readContentVersion()
			expect(
				await settingsAdmin.act(
					'save-association',
					form({
						name: 'Sion Mezunları Derneği',
						shortName: 'Sion Mezunları Derneği',
						motto: 'IN SION FIRMATA SUM',
						foundedYear: '1987',
						memberCount: '2.410',
						memberCountAsOf: '2026-03',
					}),
					ctx,
				),
			).toEqual({ ok: true, message: 'Ayarlar kaydedildi.', location: '/admin/ayarlar?kaydedildi=dernek#dernek' })
			expect(
				await settingsAdmin.act(
					'save-contact',
					form({
						addressLines: ' Halaskargazi Caddesi No: 1 \r\n\r\nŞişli, İstanbul ',
						phone: '+90 212 555 12 34',
						email: ' bilgi@sion-mezunlari.org.tr ',
						officeHours: 'Salı ve perşembe 10.00–16.00',
						mapLinkUrl: 'https://www.openstreetmap.org/#map=17/41.05/28.99',
						mapEmbedUrl: '',
					}),
					ctx,
				),
			).toMatchObject({ ok: true })
			expect(Number(await readContentVersion())).toBe(Number(before) + 2)

			const contact = (await contactLoader()).contact
			expect(contact).toMatchObject({
				organisation: 'Sion Mezunları Derneği',
				addressLines: ['Halaskargazi Caddesi No: 1', 'Şişli, İstanbul'],
				phone: '+90 212 555 12 34',
				phoneHref: 'tel:+902125551234',
				email: 'bilgi@sion-mezunlari.org.tr',
				officeHours: 'Salı ve perşembe 10.00–16.00',
				mapEmbedUrl: null,
			})
			const chrome = (await rootData()).chrome
			expect(chrome).toMatchObject({ siteName: 'Sion Mezunları Derneği', addressLines: ['Halaskargazi Caddesi No: 1', 'Şişli, İstanbul'] })
			expect((await getPage('iletisim-adresleri'))!.html).toContain('Ofisimizin çalışma saatleri: Salı ve perşembe 10.00–16.00.')
			expect((await getSettings()).association.memberCount).toBe(2410)
		})
	})

	test(`saves a list of bank accounts from indexed rows, normalising each IBAN (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await prepare()
			await insertMissingPages(db)
			const result = await settingsAdmin.act(
				'save-bank',
				form({
					'accounts.0.bankName': 'Örnek Bankası',
					'accounts.0.branch': 'Harbiye Şubesi (örnek)',
					'accounts.0.accountHolder': 'Notre Dame de Sion Mezunları Derneği',
					'accounts.0.iban': 'TR00 0000 0000 0000 0000 0000 00',
					'accounts.0.remove': 'on',
					'accounts.1.bankName': 'Birinci Bankası',
					'accounts.1.branch': 'Şişli Şubesi',
					'accounts.1.accountHolder': 'Sion Mezunları Derneği',
					'accounts.1.iban': ' tr33 0006 1005 1978 6457 8413 26 ',
					'accounts.2.bankName': 'İkinci Bankası',
					'accounts.2.branch': '',
					'accounts.2.accountHolder': 'Sion Mezunları Derneği',
					'accounts.2.iban': OTHER_IBAN,
					'accounts.3.bankName': '',
					'accounts.3.branch': '',
					'accounts.3.accountHolder': '',
					'accounts.3.iban': '',
				}),
				ctx,
			)
			expect(result).toMatchObject({ ok: true })
			expect(JSON.parse((await storedKeys()).bank ?? '')).toEqual({
				accounts: [
					{ bankName: 'Birinci Bankası', branch: 'Şişli Şubesi', accountHolder: 'Sion Mezunları Derneği', iban: VALID_IBAN },
					{ bankName: 'İkinci Bankası', branch: '', accountHolder: 'Sion Mezunları Derneği', iban: OTHER_IBAN },
				],
			})
			expect((await settingsAdmin.load(ctx)).bank.accounts.map((a) => a.iban)).toEqual([
				'TR33 0006 1005 1978 6457 8413 26',
				'TR36 0001 0001 2345 6789 0123 45',
			])
			const dues = await duesLoader(args('/aidat') as never)
			expect(dues.bankAccounts.map((a) => a.bankName)).toEqual(['Birinci Bankası', 'İkinci Bankası'])
			const howToJoin = (await getPage('nasil-uye-olunur'))!.html
			expect(howToJoin).toContain(
				'Birinci Bankası – Şişli Şubesi; hesap sahibi: Sion Mezunları Derneği; IBAN: TR33 0006 1005 1978 6457 8413 26',
			)
			expect(howToJoin).toContain('İkinci Bankası; hesap sahibi: Sion Mezunları Derneği; IBAN: TR36 0001 0001 2345 6789 0123 45')
			expect(howToJoin).not.toContain('Örnek Bankası')
		})
	})

	test(`refuses a wrong IBAN at its own row with the Turkish message and keeps every typed value (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await prepare()
			const fields = {
				'accounts.0.bankName': 'Birinci Bankası',
				'accounts.0.branch': 'Şişli',
				'accounts.0.accountHolder': 'Dernek',
				'accounts.0.iban': 'TR34 0006 1005 1978 6457 8413 26',
				'accounts.1.bankName': 'İkinci Bankası',
				'accounts.1.branch': '',
				'accounts.1.accountHolder': '',
				'accounts.1.iban': 'DE89370400440532013000',
				'accounts.2.bankName': 'Üçüncü Bankası',
				'accounts.2.branch': '',
				'accounts.2.accountHolder': 'Dernek',
				'accounts.2.iban': VALID_IBAN,
			}
			const stored = (await storedKeys()).bank
			expect(await settingsAdmin.act('save-bank', form({ ...fields, intent: 'save-bank' }), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Kaydedilmedi: işaretli alanları düzeltin.',
				fieldErrors: {
					'accounts.0.iban': 'IBAN kontrol basamakları tutmuyor; lütfen numarayı kontrol edin.',
					'accounts.1.accountHolder': 'Hesap sahibini yazın.',
					'accounts.1.iban': 'Geçerli bir IBAN girin (TR ile başlayan 26 karakter).',
				},
				values: fields,
			})
			expect((await storedKeys()).bank).toBe(stored)
			expect(
				await settingsAdmin.act('save-bank', form({ 'accounts.0.bankName': 'Banka', 'accounts.0.accountHolder': 'Dernek' }), ctx),
			).toMatchObject({
				ok: false,
				fieldErrors: { 'accounts.0.iban': 'Geçerli bir IBAN girin (TR ile başlayan 26 karakter).' },
			})
		})
	})

	test(`saves the year's dues with the card factor stored as the service cut (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await prepare()
			await insertMissingPages(db)
			expect(
				await settingsAdmin.act(
					'save-dues',
					form({ year: String(NEXT_YEAR), entryFee: '0', annualDues: '1.250,50', payFactor: '1,1' }),
					ctx,
				),
			).toMatchObject({ ok: true })
			expect((await getSettings()).dues).toEqual({ year: NEXT_YEAR, entryFee: 0, annualDues: 1250.5, serviceCutPercent: 10 })
			expect((await settingsAdmin.load(ctx)).dues).toEqual({
				year: String(NEXT_YEAR),
				entryFee: '0',
				annualDues: '1.250,5',
				payFactor: '1,1',
			})
			const dues = await duesLoader(args('/aidat?tutar=100') as never)
			expect(dues.dues.serviceCutPercent).toBe(10)
			expect(dues.calculator.result).toBe(110)
			expect((await getPage('uyelik-aidati'))!.html).toContain(`${NEXT_YEAR} yılı için yıllık aidat <strong>1.250,50 TL</strong>`)

			const refused = await settingsAdmin.act(
				'save-dues',
				form({ year: '26', entryFee: '-5', annualDues: 'dört yüz', payFactor: '5' }),
				ctx,
			)
			expect(refused).toMatchObject({
				ok: false,
				fieldErrors: {
					year: 'Yılı dört haneli bir sayı olarak yazın (örneğin 2026).',
					entryFee: 'Lütfen geçerli bir tutar girin (örneğin 450 ya da 472,50).',
					annualDues: 'Lütfen geçerli bir tutar girin (örneğin 450 ya da 472,50).',
					payFactor: 'Kartla ödeme çarpanını 1 ile 1,5 arasında yazın (örneğin 1,05).',
				},
				values: { year: '26', entryFee: '-5', annualDues: 'dört yüz', payFactor: '5' },
			})
			expect((await getSettings()).dues.annualDues).toBe(1250.5)
		})
	})

	test(`saves links, social accounts and footer texts; an empty social account disappears from the pages (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await prepare()
			await insertMissingPages(db)
			expect(
				await settingsAdmin.act(
					'save-links',
					form({
						paymentPage: 'https://odeme.sion.org.tr/aidat',
						memberPlatform: 'https://uye.sion.org.tr/',
						membershipForm: 'https://uye.sion.org.tr/basvuru',
					}),
					ctx,
				),
			).toMatchObject({ ok: true })
			expect(
				await settingsAdmin.act(
					'save-social',
					form({
						instagram: 'https://www.instagram.com/sionmezunlari/',
						youtube: '',
						facebook: 'https://www.facebook.com/sionmezunlari',
						communityGroup: 'https://www.facebook.com/groups/sionmezunlari',
					}),
					ctx,
				),
			).toMatchObject({ ok: true })
			expect(
				await settingsAdmin.act('save-footer', form({ about: 'Mezunlarımızı buluşturuyoruz.', copyright: 'Sion Mezunları Derneği.' }), ctx),
			).toMatchObject({ ok: true })

			const dues = await duesLoader(args('/aidat') as never)
			expect(dues.links.paymentPage).toBe('https://odeme.sion.org.tr/aidat')
			const chrome = (await rootData()).chrome
			expect(chrome).toMatchObject({
				memberPlatformUrl: 'https://uye.sion.org.tr/',
				about: 'Mezunlarımızı buluşturuyoruz.',
				copyright: 'Sion Mezunları Derneği.',
				social: { instagram: 'https://www.instagram.com/sionmezunlari/', youtube: '', facebook: 'https://www.facebook.com/sionmezunlari' },
			})
			expect((await socialLoader()).social).toEqual({
				instagram: 'https://www.instagram.com/sionmezunlari/',
				youtube: '',
				facebook: 'https://www.facebook.com/sionmezunlari',
				communityGroup: 'https://www.facebook.com/groups/sionmezunlari',
			})
			expect((await getPage('nasil-uye-olunur'))!.html).toContain('https://uye.sion.org.tr/basvuru')

			const refused = await settingsAdmin.act(
				'save-links',
				form({ paymentPage: 'http://odeme.sion.org.tr', memberPlatform: 'javascript:alert(1)', membershipForm: '' }),
				ctx,
			)
			expect(refused).toMatchObject({
				ok: false,
				fieldErrors: {
					paymentPage: 'Geçerli bir adres girin (https:// ile başlamalı).',
					memberPlatform: 'Geçerli bir adres girin (https:// ile başlamalı).',
					membershipForm: 'Geçerli bir adres girin (https:// ile başlamalı).',
				},
				values: { paymentPage: 'http://odeme.sion.org.tr', memberPlatform: 'javascript:alert(1)', membershipForm: '' },
			})
			expect(
				await settingsAdmin.act(
					'save-social',
					form({ instagram: 'instagram.com/sion', youtube: '', facebook: '', communityGroup: '' }),
					ctx,
				),
			).toMatchObject({ ok: false, fieldErrors: { instagram: 'Geçerli bir adres girin (https:// ile başlamalı).' } })
			expect(await settingsAdmin.act('save-footer', form({ about: '', copyright: '  ' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { copyright: 'Telif satırını yazın.' },
			})
			expect((await getSettings()).links.paymentPage).toBe('https://odeme.sion.org.tr/aidat')
		})
	})

	test(`refuses a bad contact or association form field by field and stores nothing (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await prepare()
			const typed = { addressLines: ' \n ', phone: '12', email: 'bilgi@', officeHours: '', mapLinkUrl: 'www.harita.org', mapEmbedUrl: '' }
			expect(await settingsAdmin.act('save-contact', form(typed), ctx)).toEqual({
				ok: false,
				status: 400,
				message: 'Kaydedilmedi: işaretli alanları düzeltin.',
				fieldErrors: {
					addressLines: 'Adresi yazın (her satıra bir satır).',
					phone: 'Geçerli bir telefon numarası girin (örneğin +90 212 000 00 00).',
					email: 'Geçerli bir e-posta adresi girin.',
					mapLinkUrl: 'Geçerli bir adres girin (https:// ile başlamalı).',
				},
				values: typed,
			})
			expect(
				await settingsAdmin.act(
					'save-association',
					form({ name: '', shortName: 'NDS', motto: 'X', foundedYear: '87', memberCount: 'çok', memberCountAsOf: '2026-13' }),
					ctx,
				),
			).toMatchObject({
				ok: false,
				fieldErrors: {
					name: 'Derneğin adını yazın.',
					foundedYear: 'Yılı dört haneli bir sayı olarak yazın (örneğin 2026).',
					memberCount: 'Üye sayısını tam sayı olarak yazın.',
					memberCountAsOf: 'Üye sayısının tarihi için ay ve yılı seçin.',
				},
			})
			expect(await getSettings()).toEqual(DEFAULT_SETTINGS)
			expect(await settingsAdmin.act('save-everything', form({}), ctx)).toMatchObject({ ok: false, status: 400 })
		})
	})

	test(`switches the notice bar on and off; the root loader carries it while it lasts (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await prepare()
			expect((await rootData()).notice).toBeNull()
			const on = { enabled: 'on', text: 'Genel kurulumuz 14 Şubat’ta.', link: '/duyurular', until: `${NEXT_YEAR}-02-14T18:00` }
			expect(await settingsAdmin.act('save-notice', form(on), ctx)).toMatchObject({ ok: true })
			expect((await rootData()).notice).toEqual({ text: 'Genel kurulumuz 14 Şubat’ta.', href: '/duyurular', external: false })
			expect((await getSettings()).notice.until).toBe(`${NEXT_YEAR}-02-14T15:00:00.000Z`)
			expect((await settingsAdmin.load(ctx)).notice).toEqual({ ...on, enabled: true, state: 'shown' })

			expect(
				await settingsAdmin.act('save-notice', form({ text: 'Genel kurulumuz 14 Şubat’ta.', link: '', until: '' }), ctx),
			).toMatchObject({
				ok: true,
			})
			expect((await rootData()).notice).toBeNull()
			expect((await settingsAdmin.load(ctx)).notice.state).toBe('off')

			const refused = await settingsAdmin.act(
				'save-notice',
				form({ enabled: 'on', text: ' ', link: 'javascript:alert(1)', until: '2020-01-01T10:00' }),
				ctx,
			)
			expect(refused).toMatchObject({
				ok: false,
				fieldErrors: {
					text: 'Duyuru çubuğu açıkken metnini boş bırakmayın.',
					link: 'Bağlantı https:// ile başlayan bir adres ya da / ile başlayan bir site sayfası olmalı.',
				},
				values: { enabled: 'on', text: ' ', link: 'javascript:alert(1)', until: '2020-01-01T10:00' },
			})
			expect(
				await settingsAdmin.act('save-notice', form({ enabled: 'on', text: 'Eski duyuru', link: '', until: '2020-01-01T10:00' }), ctx),
			).toMatchObject({
				ok: false,
				fieldErrors: { until: 'Bitiş zamanı geçmiş; ileri bir zaman seçin ya da boş bırakın.' },
			})
			expect(await settingsAdmin.act('save-notice', form({ enabled: 'on', text: 'Duyuru', link: '', until: 'yarın' }), ctx)).toMatchObject({
				ok: false,
				fieldErrors: { until: 'Bitiş için geçerli bir tarih ve saat seçin.' },
			})
			expect((await rootData()).notice).toBeNull()
		})
	})
}
