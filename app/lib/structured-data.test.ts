import { expect, test } from 'vitest'
import { MENU } from '#app/components/layout/menu.ts'
import { breadcrumbList, istanbulIso, newsArticleLd, postalAddress } from './structured-data.ts'

const ORIGIN = 'https://mezun.example.org'

const names = (path: string, title = 'Sayfa') =>
	((breadcrumbList(ORIGIN, path, title, MENU)?.itemListElement ?? []) as Array<{ name: string; item: string; position: number }>).map(
		(crumb) => `${crumb.position} ${crumb.name} ${crumb.item.replace(ORIGIN, '')}`,
	)

test('places pages in the menu as breadcrumbs with absolute addresses, none for the home page', () => {
	expect(breadcrumbList(ORIGIN, '/', 'NDS', MENU)).toBeNull()
	expect(names('/duyurular/etkinlikler/bahar-konseri', 'Bahar Konseri')).toEqual([
		'1 Ana Sayfa /',
		'2 Duyurular /duyurular',
		'3 Etkinlikler /duyurular/etkinlikler',
		'4 Bahar Konseri /duyurular/etkinlikler/bahar-konseri',
	])
	expect(names('/duyurular/12', 'Genel Kurul')).toEqual(['1 Ana Sayfa /', '2 Duyurular /duyurular', '3 Genel Kurul /duyurular/12'])
	expect(names('/kurumsal/tarihce')).toEqual(['1 Ana Sayfa /', '2 Kurumsal /kurumsal/hakkimizda', '3 Tarihçe /kurumsal/tarihce'])
	expect(names('/kurumsal/hakkimizda')).toEqual(['1 Ana Sayfa /', '2 Hakkımızda /kurumsal/hakkimizda'])
	expect(names('/mezunlarimiz/mezunlardan-haberler/odul', 'Ödül')).toEqual([
		'1 Ana Sayfa /',
		'2 Mezunlardan Haberler /mezunlarimiz/mezunlardan-haberler',
		'3 Ödül /mezunlarimiz/mezunlardan-haberler/odul',
	])
	expect(names('/aidat')).toEqual(['1 Ana Sayfa /', '2 Aidat Ödeme /aidat'])
	expect(names('/gizlilik-sozlesmesi', 'Gizlilik Sözleşmesi')).toEqual(['1 Ana Sayfa /', '2 Gizlilik Sözleşmesi /gizlilik-sozlesmesi'])
})

test('writes instants with the Istanbul offset of their day, and postal addresses from the address lines', () => {
	expect(istanbulIso('2027-03-28T16:00:00.000Z')).toBe('2027-03-28T19:00:00+03:00')
	expect(istanbulIso('2027-10-31T16:00:00.000Z')).toBe('2027-10-31T19:00:00+03:00')
	expect(istanbulIso('2010-01-15T16:00:00.000Z')).toBe('2010-01-15T18:00:00+02:00')
	expect(postalAddress(['Cumhuriyet Caddesi No: 5', 'Harbiye, Şişli', '34367 İstanbul'])).toEqual({
		'@type': 'PostalAddress',
		streetAddress: 'Cumhuriyet Caddesi No: 5, Harbiye, Şişli',
		addressLocality: 'İstanbul',
		postalCode: '34367',
		addressCountry: 'TR',
	})
})

test('cuts a NewsArticle headline to 110 characters and falls back to the site image', () => {
	const args = { matches: [{ id: 'root', loaderData: { seo: { origin: ORIGIN } } }] }
	const [descriptor] = newsArticleLd(args, {
		title: 'Ç'.repeat(130),
		description: null,
		published: '2026-11-20T07:00:00.000Z',
		modified: null,
		image: null,
		path: '/duyurular/4',
	})
	const data = (descriptor as { 'script:ld+json': Record<string, unknown> })['script:ld+json']
	expect((data.headline as string).length).toBeLessThanOrEqual(110)
	expect(data).toMatchObject({
		'@type': 'NewsArticle',
		image: [`${ORIGIN}/og-image.jpg`],
		datePublished: '2026-11-20T10:00:00+03:00',
		dateModified: '2026-11-20T10:00:00+03:00',
		mainEntityOfPage: { '@type': 'WebPage', '@id': `${ORIGIN}/duyurular/4` },
	})
})
