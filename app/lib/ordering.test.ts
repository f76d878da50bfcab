import fc from 'fast-check'
import { expect, test } from 'vitest'
import { movedOrder, OrderMismatchError, postedDirection } from './ordering.ts'

test('moves a row one step up or down, and nowhere past either end', () => {
	expect(movedOrder([1, 2, 3], 2, 'up')).toEqual([2, 1, 3])
	expect(movedOrder([1, 2, 3], 2, 'down')).toEqual([1, 3, 2])
	expect(movedOrder([1, 2, 3], 1, 'up')).toEqual([1, 2, 3])
	expect(movedOrder([1, 2, 3], 3, 'down')).toEqual([1, 2, 3])
})

test('moves a row to the top or the bottom, the others keeping their order', () => {
	expect(movedOrder([1, 2, 3, 4], 3, 'top')).toEqual([3, 1, 2, 4])
	expect(movedOrder([1, 2, 3, 4], 2, 'bottom')).toEqual([1, 3, 4, 2])
	expect(movedOrder([1, 2, 3, 4], 1, 'top')).toEqual([1, 2, 3, 4])
	expect(movedOrder([1, 2, 3, 4], 4, 'bottom')).toEqual([1, 2, 3, 4])
	expect(movedOrder([7], 7, 'bottom')).toEqual([7])
})

test('top and bottom keep every row once, put the row at its end and leave the rest in order', () => {
	fc.assert(
		fc.property(
			fc.uniqueArray(fc.nat(1000), { minLength: 1, maxLength: 30 }),
			fc.nat(),
			fc.constantFrom('top' as const, 'bottom' as const),
			(ids, pick, direction) => {
				const id = ids[pick % ids.length] as number
				const moved = movedOrder(ids, id, direction)
				expect(moved.toSorted((a, b) => a - b)).toEqual(ids.toSorted((a, b) => a - b))
				expect(direction === 'top' ? moved[0] : moved.at(-1)).toBe(id)
				expect(moved.filter((other) => other !== id)).toEqual(ids.filter((other) => other !== id))
			},
		),
	)
})

test('refuses a row that is not in the list', () => {
	expect(() => movedOrder([1, 2], 9, 'top')).toThrow(OrderMismatchError)
})

test('reads the four posted directions and nothing else', () => {
	const form = (direction: string) => {
		const data = new FormData()
		data.set('direction', direction)
		return data
	}
	for (const direction of ['up', 'down', 'top', 'bottom']) expect(postedDirection(form(direction))).toBe(direction)
	expect(postedDirection(form('sideways'))).toBeNull()
	expect(postedDirection(form('TOP'))).toBeNull()
	expect(postedDirection(new FormData())).toBeNull()
})
