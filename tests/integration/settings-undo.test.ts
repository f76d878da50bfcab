import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import type { AdminContext } from '#app/features/admin/admin-tab.server.ts'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { settingsAdmin } from '#app/features/settings/settings.admin.server.ts'
import { SETTINGS_REVISIONS_KEPT } from '#app/features/settings/settings.write.server.ts'
import { getSettings, insertMissingSettings, updateSetting } from '#app/features/settings/settings.server.ts'
import { signedInAdmin as signedInAdminOf } from '#tests/factories/admin.ts'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { formatDateTime } from '#app/lib/tr.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { loader as contactLoader } from '#app/routes/public/pages/contact.tsx'
import { insertMissingPages } from '#app/features/site/seed/pages.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'

const form = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [key, value] of Object.entries(fields)) data.set(key, value)
	return data
}

const signedInAdmin = (fullName: string) => signedInAdminOf('ayarlar', fullName)

const contactForm = (phone: string) =>
	form({
		addressLines: DEFAULT_SETTINGS.contact.addressLines.join('\n'),
		phone,
		email: DEFAULT_SETTINGS.contact.email,
		officeHours: DEFAULT_SETTINGS.contact.officeHours,
		mapLinkUrl: DEFAULT_SETTINGS.contact.mapLinkUrl,
		mapEmbedUrl: DEFAULT_SETTINGS.contact.mapEmbedUrl,
	})

const footerForm = (about: string) => form({ about, copyright: DEFAULT_SETTINGS.footer.copyright })
const undo = (group: string, ctx: AdminContext) => settingsAdmin.act('undo', form({ intent: 'undo', group }), ctx)

const revisions = (key: string) =>
	db.selectFrom('settings_revisions').select(['value', 'saved_at', 'saved_by_user_id']).where('key', '=', key).orderBy('id').execute()

const rootAbout = async () => {
	const url = new URL('/', 'http://127.0.0.1:3000')
	const result = await rootLoader({ request: new Request(url), url, params: {}, context: new RouterContextProvider() } as never)
	return result.data.chrome.about
}

for (const dialect of dialectsUnderTest()) {
	test(`a save keeps the value it replaces; undo brings it back on the public page (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingSettings()
			await insertMissingPages(db)
			const ctx = await signedInAdmin('Ayşe Yılmaz')
			expect((await settingsAdmin.load(ctx)).lastChanged).toEqual({})
			// Saving the defaults as they are is no change: nothing to undo.
			expect(await settingsAdmin.act('save-contact', contactForm(DEFAULT_SETTINGS.contact.phone), ctx)).toMatchObject({ ok: true })
			expect(await revisions('contact')).toEqual([])

			expect(await settingsAdmin.act('save-contact', contactForm('+90 212 555 12 34'), ctx)).toMatchObject({ ok: true })
			expect((await contactLoader()).contact.phone).toBe('+90 212 555 12 34')
			const kept = await revisions('contact')
			expect(kept).toHaveLength(1)
			expect(JSON.parse(kept[0]!.value)).toEqual(DEFAULT_SETTINGS.contact)
			expect(kept[0]!.saved_by_user_id).toBeNull()
			const stored = await db
				.selectFrom('settings')
				.select(['updated_at', 'updated_by_user_id'])
				.where('key', '=', 'contact')
				.executeTakeFirstOrThrow()
			expect(stored.updated_by_user_id).toBe(ctx.user.id)
			expect((await settingsAdmin.load(ctx)).lastChanged).toEqual({ contact: formatDateTime(new Date(stored.updated_at)) })

			// The same values again change nothing and keep no copy.
			expect(await settingsAdmin.act('save-contact', contactForm('+90 212 555 12 34'), ctx)).toMatchObject({ ok: true })
			expect(await revisions('contact')).toHaveLength(1)

			const before = Number(await readContentVersion())
			expect(await undo('contact', ctx)).toEqual({
				ok: true,
				message: 'Ayarlar kaydedildi.',
				location: '/admin/ayarlar?kaydedildi=iletisim#iletisim',
			})
			expect(Number(await readContentVersion())).toBe(before + 1)
			expect((await contactLoader()).contact.phone).toBe(DEFAULT_SETTINGS.contact.phone)
			expect((await getSettings()).contact).toEqual(DEFAULT_SETTINGS.contact)
			expect(await revisions('contact')).toEqual([])
			const data = await settingsAdmin.load(ctx)
			expect(data.lastChanged).toEqual({})
			expect(data.contact.phone).toBe(DEFAULT_SETTINGS.contact.phone)
		})
	})

	test(`undo twice goes back two saves, then refuses in Turkish (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingSettings()
			const first = await signedInAdmin('Ayşe Yılmaz')
			const second = await signedInAdmin('Zeynep Kaya')
			expect(await settingsAdmin.act('save-footer', footerForm('Birinci tanıtım.'), first)).toMatchObject({ ok: true })
			expect(await settingsAdmin.act('save-footer', footerForm('İkinci tanıtım.'), second)).toMatchObject({ ok: true })
			expect(await rootAbout()).toBe('İkinci tanıtım.')
			// The copy of the first save names who saved it.
			expect((await revisions('footer')).map((row) => [JSON.parse(row.value).about, row.saved_by_user_id])).toEqual([
				[DEFAULT_SETTINGS.footer.about, null],
				['Birinci tanıtım.', first.user.id],
			])
			expect(Object.keys((await settingsAdmin.load(first)).lastChanged)).toEqual(['footer'])

			expect(await undo('footer', first)).toMatchObject({ ok: true, location: '/admin/ayarlar?kaydedildi=alt-bilgi#alt-bilgi' })
			expect(await rootAbout()).toBe('Birinci tanıtım.')
			expect((await settingsAdmin.load(first)).footer.about).toBe('Birinci tanıtım.')
			expect(await undo('footer', first)).toMatchObject({ ok: true })
			expect(await rootAbout()).toBe(DEFAULT_SETTINGS.footer.about)
			expect((await settingsAdmin.load(first)).lastChanged).toEqual({})

			const before = await getSettings()
			expect(await undo('footer', first)).toEqual({
				ok: false,
				status: 409,
				message: 'Bu bölümde geri alınacak bir değişiklik yok.',
				values: { group: 'footer', intent: 'undo' },
			})
			expect(await getSettings()).toEqual(before)
			// Another group's undo is its own: nothing was saved there.
			expect(await undo('bank', first)).toMatchObject({ ok: false, status: 409, values: { group: 'bank' } })
			expect(await undo('homeSections', first)).toMatchObject({ ok: false, status: 400 })
		})
	})

	test(`keeps the newest ${SETTINGS_REVISIONS_KEPT} earlier values per setting (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingSettings()
			const ctx = await signedInAdmin('Ayşe Yılmaz')
			await updateSetting('contact', { ...DEFAULT_SETTINGS.contact, phone: '+90 212 111 11 11' })
			for (let n = 1; n <= SETTINGS_REVISIONS_KEPT + 5; n++) {
				await updateSetting('footer', { ...DEFAULT_SETTINGS.footer, about: `Tanıtım ${n}.` }, ctx.user.id)
			}
			const kept = await revisions('footer')
			expect(kept).toHaveLength(SETTINGS_REVISIONS_KEPT)
			expect(JSON.parse(kept[0]!.value).about).toBe('Tanıtım 5.')
			expect(JSON.parse(kept.at(-1)!.value).about).toBe(`Tanıtım ${SETTINGS_REVISIONS_KEPT + 4}.`)
			expect(await revisions('contact')).toHaveLength(1)

			expect(await undo('footer', ctx)).toMatchObject({ ok: true })
			expect(await rootAbout()).toBe(`Tanıtım ${SETTINGS_REVISIONS_KEPT + 4}.`)
			for (let n = 1; n < SETTINGS_REVISIONS_KEPT; n++) expect(await undo('footer', ctx)).toMatchObject({ ok: true })
			expect(await rootAbout()).toBe('Tanıtım 5.')
			expect(await undo('footer', ctx)).toMatchObject({ ok: false, status: 409 })
		})
	})
}
