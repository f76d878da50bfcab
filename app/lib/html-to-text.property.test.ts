import fc from 'fast-check'
import { expect, test } from 'vitest'
import { excerpt, htmlToText } from './html.server.ts'

/** Text as a reader sees it: white space collapsed. */
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

// Words, punctuation and spaces in any order: the pieces excerpts are made of.
const piece = fc.oneof(
	fc.constantFrom('Toplantımız', 'İstanbul', 'ŞUBAT', 'çağrı', 'ödül', '2027', 'a', 'Ğ'),
	fc.constantFrom(',', '.', ';', ':', '!', '?', '…', ')', '(', '"', "'", '-', '–'),
	fc.constantFrom(' ', '  ', '\n', '\t'),
)
const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''))
const inlineTag = fc.constantFrom('strong', 'em', 'b', 'i', 'u', 's', 'sub', 'sup', 'mark', 'small', 'code', 'abbr', 'cite', 'q', 'span')
const blockTag = fc.constantFrom('p', 'li', 'h2', 'h3', 'h4', 'blockquote', 'td', 'th', 'figcaption', 'pre')

type Inline = { kind: 'text'; text: string } | { kind: 'tag'; tag: string; link: boolean; children: Array<Inline> }

// Inline markup of any depth: text, formatting tags and links nested in each other.
const { inline } = fc.letrec<{ inline: Inline; node: Inline }>((tie) => ({
	node: fc.oneof(
		{ depthSize: 'small', withCrossShrink: true },
		text.map((t): Inline => ({ kind: 'text', text: t })),
		fc.record({
			kind: fc.constant('tag' as const),
			tag: inlineTag,
			link: fc.boolean(),
			children: fc.array(tie('node'), { maxLength: 3 }),
		}),
	),
	inline: fc.array(tie('node'), { maxLength: 4 }).map((children): Inline => ({ kind: 'tag', tag: 'span', link: false, children })),
}))

function toHtml(node: Inline): string {
	if (node.kind === 'text') return node.text
	const inner = node.children.map(toHtml).join('')
	const tagged = node.tag === 'span' ? inner : `<${node.tag}>${inner}</${node.tag}>`
	return node.link ? `<a href="/duyurular">${tagged}</a>` : tagged
}

function toPlain(node: Inline): string {
	return node.kind === 'text' ? node.text : node.children.map(toPlain).join('')
}

test('inline tags add no space: punctuation stays next to the word before it', () => {
	expect(htmlToText('<p><strong>Toplantımız</strong>, 2027 yılında</p>')).toBe('Toplantımız, 2027 yılında')
	expect(htmlToText('<p><a href="/x">Başvuru</a>. <em>Son</em>: yarın</p>')).toBe('Başvuru. Son: yarın')
	expect(htmlToText('H<sub>2</sub>O ve m<sup>2</sup>')).toBe('H2O ve m2')
	fc.assert(
		fc.property(inline, (tree) => {
			expect(htmlToText(`<p>${toHtml(tree)}</p>`)).toBe(collapse(toPlain(tree)))
		}),
		{ numRuns: 500 },
	)
})

test('block tags and line breaks separate the text on either side', () => {
	expect(htmlToText('<p>Bir</p><p>iki</p><ul><li>üç</li><li>dört</li></ul>')).toBe('Bir iki üç dört')
	expect(htmlToText('satır<br>satır<br/>son')).toBe('satır satır son')
	fc.assert(
		fc.property(fc.array(fc.tuple(blockTag, inline), { maxLength: 5 }), (blocks) => {
			const html = blocks.map(([tag, tree]) => `<${tag}>${toHtml(tree)}</${tag}>`).join('')
			const expected = blocks
				.map(([, tree]) => collapse(toPlain(tree)))
				.filter(Boolean)
				.join(' ')
			expect(htmlToText(html)).toBe(expected)
		}),
		{ numRuns: 300 },
	)
})

test('an excerpt is the collapsed text cut at its length, however long the text and however its spaces fall', () => {
	// The rule of spec §9, written plainly: excerpt() reads only the start of a long text.
	const cut = (whole: string, max: number) => {
		const clean = collapse(whole)
		return clean.length <= max ? clean : `${clean.slice(0, max).trimEnd()}…`
	}
	const spaces = fc.constantFrom(' ', '   ', '\n\n', '\t ', ' '.repeat(300))
	const long = fc.array(fc.oneof(piece, spaces), { maxLength: 400 }).map((pieces) => pieces.join(''))
	fc.assert(
		fc.property(long, fc.constantFrom(1, 20, 120, 180, 300), (whole, max) => {
			expect(excerpt(whole, max)).toBe(cut(whole, max))
		}),
		{ numRuns: 1000 },
	)
})
