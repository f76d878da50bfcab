import { expect, test } from 'vitest'
import { renderMarkdown } from './html.server.ts'
import { memoByText } from './text-memo.ts'

test('computes a text once while it is kept, and keeps the most recently used texts within its size', () => {
	const computed: Array<string> = []
	const upper = memoByText(
		(text) => {
			computed.push(text)
			return { text: text.toUpperCase() }
		},
		{ maxChars: 35, sizeOf: (value) => value.text.length },
	)
	const a = upper('aaaaa')
	expect(upper('aaaaa')).toBe(a)
	expect(computed).toEqual(['aaaaa'])
	upper('bbbbb')
	upper('ccccc')
	// Each text and its result count 10: a, b, c hold 30; a is used again, so d pushes out b, the least recently used.
	upper('aaaaa')
	upper('ddddd')
	expect(computed).toEqual(['aaaaa', 'bbbbb', 'ccccc', 'ddddd'])
	upper('aaaaa')
	upper('bbbbb')
	expect(computed).toEqual(['aaaaa', 'bbbbb', 'ccccc', 'ddddd', 'bbbbb'])
	// A text too big for the memo is computed every time, never kept.
	upper('x'.repeat(30))
	upper('x'.repeat(30))
	expect(computed.filter((text) => text.startsWith('x'))).toHaveLength(2)
})

test('a shared result cannot be changed by one caller under the others', () => {
	const first = renderMarkdown('## Amaç\n\nDerneğin amacı mezunları buluşturmaktır.\n\n## Üyelik\n\nHer mezun üye olabilir.')
	const again = renderMarkdown('## Amaç\n\nDerneğin amacı mezunları buluşturmaktır.\n\n## Üyelik\n\nHer mezun üye olabilir.')
	expect(again).toBe(first)
	expect(first.headings.map((heading) => heading.id)).toEqual(['amac', 'uyelik'])
	expect(() => (first.headings as Array<unknown>).push({ id: 'x' })).toThrow(TypeError)
	expect(() => Object.assign(first.headings[0]!, { id: 'x' })).toThrow(TypeError)
	expect(first.headings[0]?.id).toBe('amac')
})
