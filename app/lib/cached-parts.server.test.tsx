import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { CachedPart, PartSinkContext } from './cached-parts.tsx'
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
	return sink.fill(renderToString(<PartSinkContext value={sink}>{page}</PartSinkContext>))
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
