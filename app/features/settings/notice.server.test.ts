import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { NoticeBar } from '#app/components/layout/notice-bar.tsx'
import { nextTimedChange } from '#app/lib/content-version.server.ts'
import { istanbulLocalToIso } from '#app/lib/tr.ts'
import { dialectsUnderTest } from '#tests/setup/db.ts'
import { withDatabase } from '#tests/setup/with-database.ts'
import { activeNotice } from './notice.server.ts'
import { updateSetting } from './settings.server.ts'

const NOW = new Date('2026-06-01T09:00:00.000Z')
const notice = (overrides: Partial<Parameters<typeof activeNotice>[0]> = {}) => ({
	enabled: true,
	text: 'Genel kurulumuz 14 Şubat’ta.',
	link: '',
	until: null,
	...overrides,
})

test('shows a notice that is on, has a text and has not reached its end', () => {
	expect(activeNotice(notice(), NOW)).toEqual({ text: 'Genel kurulumuz 14 Şubat’ta.', href: null, external: false })
	expect(activeNotice(notice({ until: '2026-06-01T09:00:01.000Z' }), NOW)).not.toBeNull()
	expect(activeNotice(notice({ text: '  Metin  ' }), NOW)?.text).toBe('Metin')
})

test('hides a notice that is off, empty, or past its end (also an end that is not a time)', () => {
	expect(activeNotice(notice({ enabled: false }), NOW)).toBeNull()
	expect(activeNotice(notice({ text: '   ' }), NOW)).toBeNull()
	expect(activeNotice(notice({ until: '2026-06-01T09:00:00.000Z' }), NOW)).toBeNull()
	expect(activeNotice(notice({ until: '2026-05-01T00:00:00.000Z' }), NOW)).toBeNull()
	expect(activeNotice(notice({ until: 'yarın' }), NOW)).toBeNull()
})

test('links a notice only to a site path or a web address, opening the latter in a new tab', () => {
	expect(activeNotice(notice({ link: '/aidat' }), NOW)).toMatchObject({ href: '/aidat', external: false })
	expect(activeNotice(notice({ link: 'https://odeme.example.org/' }), NOW)).toMatchObject({
		href: 'https://odeme.example.org/',
		external: true,
	})
	expect(activeNotice(notice({ link: 'javascript:alert(1)' }), NOW)).toMatchObject({ href: null })
	expect(activeNotice(notice({ link: '//evil.example' }), NOW)).toMatchObject({ href: null })
})

test('renders the notice as a labelled region with no script', () => {
	const html = renderToStaticMarkup(createElement(NoticeBar, { text: 'Ofisimiz 1 Mayıs’ta kapalıdır.', href: null, external: false }))
	expect(html).toBe(
		'<section class="notice-bar" aria-label="Site duyurusu"><p class="container notice-bar__text">Ofisimiz 1 Mayıs’ta kapalıdır.</p></section>',
	)
	const linked = renderToStaticMarkup(createElement(NoticeBar, { text: 'Aidat', href: 'https://odeme.example.org/', external: true }))
	expect(linked).toContain(
		'<a href="https://odeme.example.org/" target="_blank" rel="noopener noreferrer">Aidat<span class="sr-only"> (yeni sekmede açılır)</span></a>',
	)
	expect(linked).not.toContain('<script')
})

for (const dialect of dialectsUnderTest()) {
	test(`ends cached pages when the notice ends, not later (${dialect})`, async () => {
		await withDatabase(dialect, async () => {
			const midnight = new Date(istanbulLocalToIso('2026-06-02') as string).getTime()
			expect(await nextTimedChange(NOW)).toBe(midnight)
			await updateSetting('notice', notice({ until: '2026-06-01T10:30:00.000Z' }))
			expect(await nextTimedChange(NOW)).toBe(new Date('2026-06-01T10:30:00.000Z').getTime())
			expect(await nextTimedChange(new Date('2026-06-01T10:30:00.000Z'))).toBe(midnight)
			await updateSetting('notice', notice({ enabled: false, until: '2026-06-01T10:30:00.000Z' }))
			expect(await nextTimedChange(NOW)).toBe(midnight)
		})
	})
}
