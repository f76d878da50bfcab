import { expect, test } from 'vitest'
import { readContentVersion } from '#app/lib/content-version.server.ts'
import { db } from '#app/lib/db.server.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { DEFAULT_SETTINGS } from './settings.defaults.ts'
import { getSettings, insertMissingSettings, updateSettings } from './settings.server.ts'

const store = (key: string, value: string) =>
	db
		.insertInto('settings')
		.values({ key, value, updated_at: new Date().toISOString() })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value }))
		.execute()

for (const dialect of dialectsUnderTest()) {
	test(`reads a bank account stored in the older one-account shape as a list of one (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await store(
				'bank',
				JSON.stringify({ bankName: 'Eski Banka', branch: 'Merkez', accountHolder: 'Dernek', iban: 'TR33 0006 1005 1978 6457 8413 26' }),
			)
			expect((await getSettings()).bank).toEqual({
				accounts: [{ bankName: 'Eski Banka', branch: 'Merkez', accountHolder: 'Dernek', iban: 'TR330006100519786457841326' }],
			})
		})
	})

	test(`falls back to the default of a damaged or missing key and keeps the others (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingSettings()
			await store('notice', '{"enabled":"evet"}')
			await store('footer', 'not json')
			await store('social', JSON.stringify({ ...DEFAULT_SETTINGS.social, youtube: '' }))
			const settings = await getSettings()
			expect(settings.notice).toEqual(DEFAULT_SETTINGS.notice)
			expect(settings.footer).toEqual(DEFAULT_SETTINGS.footer)
			expect(settings.social.youtube).toBe('')
		})
	})

	test(`stores several settings in one content write, or none when one is invalid (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			await insertMissingSettings()
			const before = Number(await readContentVersion())
			await updateSettings({ footer: { about: 'Hakkımızda', copyright: 'Dernek.' }, dues: { ...DEFAULT_SETTINGS.dues, year: 2026 } })
			expect(Number(await readContentVersion())).toBe(before + 1)
			expect((await getSettings()).footer.about).toBe('Hakkımızda')
			await expect(
				updateSettings({ footer: { about: 'Başka', copyright: 'Dernek.' }, links: { ...DEFAULT_SETTINGS.links, paymentPage: 'yok' } }),
			).rejects.toThrow(/Invalid URL/)
			expect((await getSettings()).footer.about).toBe('Hakkımızda')
			expect(Number(await readContentVersion())).toBe(before + 1)
		})
	})
}
