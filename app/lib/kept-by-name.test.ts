import { expect, test } from 'vitest'
import { keptByName } from './kept-by-name.ts'

test('keeps a value while the inputs it was made from are the same, and makes it again when one is not', () => {
	let made = 0
	const kept = keptByName<string>({ maxBytes: 1000, sizeOf: (_name, value) => value.length })
	const card = (title: string, image: object | null) => kept.get('kart 1', [title, image], () => `${title} ${++made}`)
	const image = { src: '/media/a.png' }
	expect(card('Genel Kurul', image)).toBe('Genel Kurul 1')
	expect(card('Genel Kurul', image)).toBe('Genel Kurul 1')
	// Compared with ===: an equal copy of an object input is another input.
	expect(card('Genel Kurul', { ...image })).toBe('Genel Kurul 2')
	expect(card('Olağanüstü Genel Kurul', { ...image })).toBe('Olağanüstü Genel Kurul 3')
	// Another number of inputs is a change too; no inputs at all: the name alone decides.
	expect(kept.get('kart 1', ['Olağanüstü Genel Kurul'], () => 'tek')).toBe('tek')
	expect(kept.get('alt bilgi', undefined, () => 'ilk')).toBe('ilk')
	expect(kept.get('alt bilgi', undefined, () => 'ikinci')).toBe('ilk')
})

test('keeps at most its budget, the least recently used leaving first', () => {
	let made = 0
	const kept = keptByName<string>({ maxBytes: 30, sizeOf: (name, value) => name.length + value.length })
	const get = (name: string) => kept.get(name, [], () => `${name}-${++made}`)
	// Each is 2 + 4 = 6 bytes: five fit.
	for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) get(name)
	expect(get('a1')).toBe('a1-1')
	// A sixth pushes out the least recently used, a2 (a1 was just used).
	get('a6')
	expect(get('a1')).toBe('a1-1')
	expect(get('a3')).toBe('a3-3')
	expect(get('a2')).toBe('a2-7')
	// A value made again for changed inputs is counted once, not twice.
	for (let n = 0; n < 10; n++) kept.get('a3', [n], () => 'a3-x')
	expect(get('a1')).toBe('a1-1')
})
