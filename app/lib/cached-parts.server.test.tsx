import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ContentCard, type CardData } from '#app/components/content/content-card.tsx'
import { PublicationsGrid, type PublicationCover } from '#app/components/content/publications-grid.tsx'
import { CachedPart, PartSinkContext } from './cached-parts.tsx'
import type { ImageRef } from './media.ts'
import { createPartSink } from './cached-parts.server.ts'

let renders = 0

function Menu({ label }: { label: string }) {
	renders++
	return (
		<nav aria-label="Ana menü">
			<a href="/">{label}</a> <span>{label} & çevresi</span>
		</nav>
	)
}

function Page({ label, text }: { label: string; text: string }) {
	return (
		<body>
			<CachedPart cacheKey={`test menu ${label}`}>
				<Menu label={label} />
			</CachedPart>
			<main>{text}</main>
			<CachedPart cacheKey="test footer">
				<footer>Alt bilgi</footer>
			</CachedPart>
		</body>
	)
}

/** A page as entry.server renders one that never hydrates. */
function renderWithParts(page: React.ReactElement) {
	const sink = createPartSink()
	return sink.bytes(renderToString(<PartSinkContext value={sink}>{page}</PartSinkContext>)).toString()
}

test('puts each part in its place, rendered once per key', () => {
	renders = 0
	const first = renderWithParts(<Page label="Duyurular" text="Birinci sayfa" />)
	expect(renders).toBe(1)
	expect(first).not.toContain('data-part')
	// The same markup as rendering everything in place (React's text separators aside).
	expect(first.replaceAll('<!-- -->', '')).toBe(renderToStaticMarkup(<Page label="Duyurular" text="Birinci sayfa" />))
	// That comparison rendered the menu once more, outside any sink.
	renders = 1

	// Another page with the same key: the part is reused, the rest is its own.
	const second = renderWithParts(<Page label="Duyurular" text="İkinci sayfa" />)
	expect(renders).toBe(1)
	expect(second).toContain('<main>İkinci sayfa</main>')
	expect(second).toContain('<a href="/">Duyurular</a>')

	// A new key renders the part again.
	const other = renderWithParts(<Page label="Etkinlikler" text="Üçüncü sayfa" />)
	expect(renders).toBe(2)
	expect(other).toContain('<a href="/">Etkinlikler</a>')
	expect(other).not.toContain('Duyurular')
})

test('leaves text that looks like a placeholder alone', () => {
	const html = renderWithParts(
		<body>
			<div dangerouslySetInnerHTML={{ __html: '<template data-part="x:0"></template>' }} />
			<CachedPart cacheKey="test lookalike">
				<p>gerçek</p>
			</CachedPart>
		</body>,
	)
	expect(html).toBe('<body><div><template data-part="x:0"></template></div><p>gerçek</p></body>')
})

test('renders the parts in place where no sink is given (hydrated pages, the browser)', () => {
	renders = 0
	const html = renderToString(<Page label="Kurumsal" text="metin" />)
	expect(html).toContain('<a href="/">Kurumsal</a>')
	expect(html).not.toContain('<template')
	expect(renders).toBe(1)
})

test('keeps parts up to a budget of bytes, the least recently used leaving first', () => {
	renders = 0
	const long = 'ç'.repeat(1000)
	const page = (n: number) => <Page label={`${n} ${long}`} text="metin" />
	renderWithParts(page(0))
	expect(renders).toBe(1)
	// Over 2 000 parts of about 1 000 characters each are more than the budget holds: the first one has left.
	for (let n = 1; n <= 3000; n++) {
		renderWithParts(page(n))
		// Part 1 is used again all along, so it stays.
		renderWithParts(page(1))
	}
	const before = renders
	renderWithParts(page(1))
	renderWithParts(page(3000))
	expect(renders).toBe(before)
	renderWithParts(page(0))
	expect(renders).toBe(before + 1)

	// Small parts (content cards) are kept by the thousand: a count of parts is not the bound.
	const small = (n: number) => <Page label={`kart ${n}`} text="metin" />
	for (let n = 0; n < 1200; n++) renderWithParts(small(n))
	const afterSmall = renders
	for (let n = 0; n < 1200; n++) renderWithParts(small(n))
	expect(renders).toBe(afterSmall)
})

test('renders a content card again when anything it shows changes', () => {
	// Every field a card has (Required: a field added to CardData must be added here, and is then checked).
	const shownImage: ImageRef = { src: '/media/a.png', srcSet: '/media/a.w320.webp 320w', width: 1200, height: 675 }
	const card: Required<CardData> = {
		key: 'a1',
		title: 'Genel Kurul',
		excerpt: 'Toplantı şubatta.',
		href: '/duyurular/1',
		external: false,
		image: shownImage,
		meta: '1 Şubat 2027',
		dateTime: '2027-02-01T07:00:00.000Z',
	}
	const markup = (shown: CardData) => (
		<ul>
			<li>
				<ContentCard card={shown} headingLevel={2} />
			</li>
		</ul>
	)
	const list = (shown: CardData) => renderWithParts(markup(shown))
	// What rendering the card afresh, outside any cache, shows.
	const fresh = (shown: CardData) => renderToStaticMarkup(markup(shown))
	const first = list(card)
	expect(first).toContain('<h2 class="card__title">Genel Kurul</h2>')
	expect(first).toContain('Toplantı şubatta.')
	expect(list({ ...card })).toBe(first)
	const changed: Required<CardData> = {
		key: 'a2',
		title: 'Olağanüstü Genel Kurul',
		excerpt: 'Toplantı martta.',
		href: '/duyurular/genel-kurul',
		external: true,
		image: { src: '/media/b.png', srcSet: '/media/b.w320.webp 320w', width: 1200, height: 675 },
		meta: '2 Şubat 2027',
		dateTime: '2027-02-02T07:00:00.000Z',
	}
	for (const field of Object.keys(changed) as Array<keyof CardData>) {
		const edited = { ...card, [field]: changed[field] }
		// The card as it was is the one kept, then one thing about it changes.
		expect(list(card)).toBe(first)
		expect(list(edited), field).toBe(fresh(edited))
		// The key names the card and is not shown; everything else is.
		expect(list(edited) === first, field).toBe(field === 'key')
	}
	const images: Array<[string, ImageRef]> = [
		['src', { ...shownImage, src: '/media/c.png' }],
		['srcSet', { ...shownImage, srcSet: '/media/c.w320.webp 320w' }],
		['width', { ...shownImage, width: 640 }],
		['height', { ...shownImage, height: 640 }],
	]
	for (const [part, image] of images) {
		const edited = { ...card, image }
		expect(list(card)).toBe(first)
		expect(list(edited), part).toBe(fresh(edited))
	}
	// The same card as a level-3 heading elsewhere (the events page, the carousels) is its own part.
	expect(renderWithParts(<ContentCard card={card} headingLevel={3} />)).toContain('<h3 class="card__title">Genel Kurul</h3>')
})

test('renders the publications grid again when any cover it shows changes, or their number', () => {
	const cover = (n: number): Required<PublicationCover> => ({
		key: `b${n}`,
		label: `Ocak ${2000 + n}`,
		href: `/media/bulletins/${n}.pdf`,
		image: { src: `/media/covers/${n}.png`, srcSet: `/media/covers/${n}.w210.webp 210w`, width: 105, height: 165 },
	})
	// Enough covers for the nine tiles and a rotation pool.
	const covers = Array.from({ length: 12 }, (_, n) => cover(n))
	const grid = (shown: Array<PublicationCover>) => renderWithParts(<PublicationsGrid covers={shown} />)
	const fresh = (shown: Array<PublicationCover>) => renderToStaticMarkup(<PublicationsGrid covers={shown} />)
	const first = grid(covers)
	expect(first).toBe(fresh(covers))
	expect(first).toContain('Ocak 2011')
	expect(grid(covers.map((c) => ({ ...c })))).toBe(first)
	const edits: Array<[string, (c: PublicationCover) => PublicationCover]> = [
		['label', (c) => ({ ...c, label: 'Şubat 1999' })],
		['href', (c) => ({ ...c, href: '/media/bulletins/yeni.pdf' })],
		['image.src', (c) => ({ ...c, image: { ...c.image, src: '/media/covers/yeni.png' } })],
		['image.srcSet', (c) => ({ ...c, image: { ...c.image, srcSet: '/media/covers/yeni.w210.webp 210w' } })],
	]
	// A tile's cover and one of the pool's.
	for (const at of [2, 10])
		for (const [field, edit] of edits) {
			const edited = covers.map((c, i) => (i === at ? edit(c) : c))
			expect(grid(covers)).toBe(first)
			expect(grid(edited), `${field} of cover ${at}`).toBe(fresh(edited))
			expect(grid(edited), `${field} of cover ${at}`).not.toBe(first)
		}
	expect(grid(covers.slice(0, 11))).toBe(fresh(covers.slice(0, 11)))
	expect(grid([...covers, cover(12)])).toBe(fresh([...covers, cover(12)]))
})

test('a long page (encoded whole, its own memory given back once the parts are in) reads the same as rendered in place', () => {
	const text = 'Öğrencilerimiz İstanbul’da, Ilgaz’da ve Iğdır’da buluştu. '.repeat(1500)
	const html = renderWithParts(<Page label="Duyurular" text={text} />)
	expect(html.length).toBeGreaterThan(80_000)
	expect(html.replaceAll('<!-- -->', '')).toBe(renderToStaticMarkup(<Page label="Duyurular" text={text} />))
})
