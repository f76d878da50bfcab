import { expect, test } from 'vitest'
import { renderMarkdown } from './html.server.ts'
import { memoByText } from './text-memo.ts'

test('computes a text once while it is kept, and keeps the texts used recently within its size', () => {
	const computed: Array<string> = []
	const upper = memoByText(
		(text) => {
			computed.push(text)
			return { text: text.toUpperCase() }
		},
		{ maxChars: 40, sizeOf: (value) => value.text.length },
	)
	const a = upper('aaaaa')
	expect(upper('aaaaa')).toBe(a)
	expect(computed).toEqual(['aaaaa'])
	// Each text and its result count 10; a generation holds 20. a, b, c fill the first one.
	upper('bbbbb')
	upper('ccccc')
	// a is used again, d and e come: the generation of a, b and c gives way, and only a, used since, is still kept.
	expect(upper('aaaaa')).toBe(a)
	upper('ddddd')
	upper('eeeee')
	expect(computed).toEqual(['aaaaa', 'bbbbb', 'ccccc', 'ddddd', 'eeeee'])
	expect(upper('aaaaa')).toBe(a)
	upper('bbbbb')
	upper('ccccc')
	expect(computed).toEqual(['aaaaa', 'bbbbb', 'ccccc', 'ddddd', 'eeeee', 'bbbbb', 'ccccc'])
	// What is kept never passes the size: of a, b, c, d and e (50 characters), one at least was dropped.
	const before = computed.length
	for (const text of ['aaaaa', 'bbbbb', 'ccccc', 'ddddd', 'eeeee']) upper(text)
	expect(computed.length).toBeGreaterThan(before)
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
