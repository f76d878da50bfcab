import { expect, test } from 'vitest'
import { createMemberPerk } from '#tests/factories/member-perks.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { listMemberPerks, listPerkCategories } from './member-perks.server.ts'

for (const dialect of dialectsUnderTest()) {
	test(`sorts perks by idx with a missing idx as 999999, then newest first, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			const noIdxOld = await createMemberPerk({ idx: null, created_at: '2026-01-01T00:00:00.000Z' })
			const noIdxNew = await createMemberPerk({ idx: null, created_at: '2026-02-01T00:00:00.000Z' })
			const big = await createMemberPerk({ idx: 1_000_000 })
			const exactDefault = await createMemberPerk({ idx: 999_999, created_at: '2026-01-15T00:00:00.000Z' })
			const two = await createMemberPerk({ idx: 2 })
			const oneOld = await createMemberPerk({ idx: 1, created_at: '2026-01-01T00:00:00.000Z' })
			const oneNew = await createMemberPerk({ idx: 1, created_at: '2026-03-01T00:00:00.000Z' })
			const perks = await listMemberPerks()
			expect(perks.map((p) => p.id)).toEqual([oneNew.id, oneOld.id, two.id, noIdxNew.id, exactDefault.id, noIdxOld.id, big.id])
		})
	})

	test(`shows a missing category as Diğer, lists categories in Turkish order with Diğer last on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createMemberPerk({ category: null })
			await createMemberPerk({ category: '  ' })
			await createMemberPerk({ category: 'Yeme-İçme' })
			await createMemberPerk({ category: 'Çiçek' })
			await createMemberPerk({ category: 'Sağlık' })
			await createMemberPerk({ category: 'Sağlık' })
			const perks = await listMemberPerks()
			expect(perks.filter((p) => p.category === 'Diğer')).toHaveLength(2)
			expect(listPerkCategories(perks)).toEqual([
				{ key: 'cicek', label: 'Çiçek', count: 1 },
				{ key: 'saglik', label: 'Sağlık', count: 2 },
				{ key: 'yeme-icme', label: 'Yeme-İçme', count: 1 },
				{ key: 'diger', label: 'Diğer', count: 2 },
			])
		})
	})

	test(`offers every contact a perk has: phone (digits and plus), e-mail, web site, address, on ${dialect}`, async () => {
		await withDatabase(dialect, async () => {
			await createMemberPerk({
				idx: 1,
				contact_phone: '+90 (212) 000 01 01',
				contact_email: 'a@ornek.org',
				contact_web: 'https://www.ornek.org/',
				contact_address: ' Moda Cad. 1, Kadıköy ',
			})
			await createMemberPerk({ idx: 2, contact_phone: null, contact_email: 'bilgi@ornek.org', contact_web: 'ornek.com.tr' })
			await createMemberPerk({ idx: 3, contact_phone: '  ', contact_email: null, logo_url: 'perks/l-400x400.png' })
			await createMemberPerk({ idx: 4, contact_address: 'Bağdat Cad. 5', contact_web: 'javascript:alert(1)' })
			const perks = await listMemberPerks()
			expect(perks.map((p) => p.contacts)).toEqual([
				[
					{ kind: 'phone', text: '+90 (212) 000 01 01', href: 'tel:+902120000101' },
					{ kind: 'email', text: 'a@ornek.org', href: 'mailto:a@ornek.org' },
					{ kind: 'web', text: 'www.ornek.org', href: 'https://www.ornek.org/' },
					{ kind: 'address', text: 'Moda Cad. 1, Kadıköy', href: null },
				],
				[
					{ kind: 'email', text: 'bilgi@ornek.org', href: 'mailto:bilgi@ornek.org' },
					{ kind: 'web', text: 'ornek.com.tr', href: 'https://ornek.com.tr' },
				],
				[],
				[{ kind: 'address', text: 'Bağdat Cad. 5', href: null }],
			])
			expect(perks[2]?.logo?.src).toBe('/media/perks/l-400x400.png')
		})
	})
}
