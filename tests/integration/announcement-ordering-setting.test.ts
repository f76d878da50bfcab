import { expect, test } from 'vitest'
import { announcementsAdmin } from '#app/features/announcements/announcements.admin.server.ts'
import { listPublishedAnnouncements } from '#app/features/announcements/announcements.server.ts'
import { settingsAdmin } from '#app/features/settings/settings.admin.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { formData, signedInAdmin as signedInAdminOf } from '#tests/factories/admin.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'

const signedInAdmin = () => signedInAdminOf('ayarlar')

for (const dialect of dialectsUnderTest()) {
	test(`Ayarlar › Sıralama decides whether a new announcement goes first or last on /duyurular (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const ctx = await signedInAdmin()
			const publish = async (title: string) =>
				expect(await announcementsAdmin.act('save', formData({ title, date: '2026-02-01', status: 'published' }), ctx)).toMatchObject({
					ok: true,
				})
			const shown = async () => (await listPublishedAnnouncements()).items.map((item) => item.title)

			expect((await settingsAdmin.load(ctx)).ordering).toEqual({ newAnnouncementsFirst: true })
			await publish('Eski')
			await publish('Yeni')
			expect(await shown()).toEqual(['Yeni', 'Eski'])

			// The box left unchecked: the spec's order, each new one after the others.
			expect(await settingsAdmin.act('save-ordering', formData({ group: 'ordering' }), ctx)).toMatchObject({
				ok: true,
				location: '/admin/ayarlar?kaydedildi=siralama#siralama',
			})
			expect((await getSettings()).ordering).toEqual({ newAnnouncementsFirst: false })
			expect((await settingsAdmin.load(ctx)).ordering).toEqual({ newAnnouncementsFirst: false })
			await publish('Sonra gelen')
			expect(await shown()).toEqual(['Yeni', 'Eski', 'Sonra gelen'])

			expect(await settingsAdmin.act('save-ordering', formData({ group: 'ordering', newAnnouncementsFirst: 'on' }), ctx)).toMatchObject({
				ok: true,
			})
			await publish('En yeni')
			expect(await shown()).toEqual(['En yeni', 'Yeni', 'Eski', 'Sonra gelen'])

			// Like every group, the change can be undone.
			expect(await settingsAdmin.act('undo', formData({ group: 'ordering' }), ctx)).toMatchObject({ ok: true })
			expect((await getSettings()).ordering).toEqual({ newAnnouncementsFirst: false })
		})
	})
}
