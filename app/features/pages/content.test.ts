import { expect, test } from 'vitest'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { renderMarkdown } from '#app/lib/html.server.ts'
import { readPageSources } from '#app/features/site/seed/pages.ts'
import { PAGE_PATHS } from './page-paths.ts'
import { fillPlaceholders, pageVariables } from './pages.server.ts'

const sources = new Map(readPageSources().map((page) => [page.slug, page]))

function text(slug: string) {
	const page = sources.get(slug)
	if (!page) throw new Error(`content/pages/${slug}.md is missing`)
	return fillPlaceholders(page.body, pageVariables(DEFAULT_SETTINGS))
}

test('has one Markdown source with a unique title and description for every page', () => {
	expect([...sources.keys()].toSorted()).toEqual(Object.keys(PAGE_PATHS).toSorted())
	const titles = [...sources.values()].map((page) => page.title)
	const descriptions = [...sources.values()].map((page) => page.description)
	expect(new Set(titles).size).toBe(titles.length)
	expect(new Set(descriptions).size).toBe(descriptions.length)
	for (const page of sources.values()) expect(page.description.length, page.slug).toBeLessThanOrEqual(200)
})

test('uses only placeholders that settings can fill', () => {
	for (const slug of sources.keys()) expect(text(slug), slug).not.toMatch(/\{\{/)
})

test('gives the bylaws 21 articles and one provisional article, each a linkable heading', () => {
	const { headings } = renderMarkdown(text('dernek-tuzugu'))
	const articles = headings.filter((h) => h.level === 2).map((h) => h.text)
	expect(articles).toHaveLength(22)
	articles.slice(0, 21).forEach((title, i) => expect(title).toMatch(new RegExp(`^Madde ${i + 1} – `)))
	expect(articles[21]).toMatch(/^Geçici Madde 1 – /)
	expect(headings[0]!.id).toBe('madde-1-dernegin-adi-ve-merkezi')
})

test('states every bylaw rule of the specification', () => {
	const bylaws = text('dernek-tuzugu')
	for (const rule of [
		/en geç otuz gün içinde\*\* üyeliğe kabul/,
		/yazılı uyarıya rağmen altı ay süreyle ödememek/,
		/Olağan genel kurul iki yılda bir, şubat ayında/,
		/beşte birinin yazılı isteği üzerine otuz gün içinde/,
		/en az on beş gün önceden/,
		/yedi günden az, altmış günden fazla olamaz/,
		/Tüzük değişikliği ve derneğin feshi kararları, ancak toplantıya katılan üyelerin üçte iki çoğunluğu/,
		/yedi asıl ve yedi yedek üye/,
		/üç asıl ve üç yedek üye/,
		/Onursal üyeler genel kurulda oy kullanamaz/,
		/beş yıl süreyle saklanır/,
		/ilk dört ay içinde/,
	]) {
		expect(bylaws).toMatch(rule)
	}
})

test('tells the association’s facts on the about and history pages', () => {
	const about = text('hakkimizda')
	expect(about).toContain('1987 yılında')
	expect(about).toContain('Ekim 2025 itibarıyla **2.325 üyemiz**')
	for (const fact of ['25., 40. ve 50.', '10., 20., 30. ve 60.', 'beş mezunumuzu', '17. kez']) expect(about).toContain(fact)
	const history = text('tarihce')
	for (const fact of [
		'38. yılını',
		'1987',
		'2006',
		'160. yıl',
		'2008–2022',
		'Haziran 2022',
		'2025',
		'17. kez',
		'25., 40. ve 50.',
		'10., 20., 30. ve 60.',
	]) {
		expect(history, fact).toContain(fact)
	}
})

test('covers the KVKK notice, privacy agreement and refund terms the specification asks for', () => {
	const kvkk = text('kvkk')
	for (const part of [
		'6698 sayılı',
		'Veri Sorumlusu',
		'İşlenme Amaçları',
		'Hukuki Sebepleri',
		'Aktarılması',
		'Toplanma Yöntemi',
		'11. maddesi',
		'Başvuru',
	]) {
		expect(kvkk, part).toContain(part)
	}
	const privacy = renderMarkdown(text('gizlilik-sozlesmesi')).headings.map((h) => h.text)
	expect(privacy).toEqual([
		'Toplanan Bilgiler',
		'Site Ziyaret Bilgileri ve Çerezler',
		'Kişisel Verilerin Kullanımı',
		'Diğer Açıklamalar',
		'Uluslararası Veri Akışı',
		'Güvenlik',
		'Üçüncü Taraf Siteler',
		'İletişim',
	])
	const refund = text('iptal-iade-sartlari')
	expect(refund).toMatch(/\*\*yazılı talebi\*\* üzerine iade edilir/)
	expect(refund).toContain('en geç 15 iş günü içinde')
	expect(refund).toContain('Ödenen üyelik aidatları iade edilmez')
	expect(refund).toContain('kural olarak iade edilmez')
	expect(refund).toContain('yalnızca provizyon (ödeme onayı) aşamasındayken')
})
