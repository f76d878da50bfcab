import { expect, test } from 'vitest'
import { normaliseGallery, parseGallery } from './gallery.ts'

test('reads a gallery from an array, a JSON string or a comma-separated string', () => {
	expect(parseGallery(['a.jpg', ' b.jpg ', '', 'a.jpg'])).toEqual(['a.jpg', 'b.jpg'])
	expect(parseGallery('["a.jpg","b.jpg"]')).toEqual(['a.jpg', 'b.jpg'])
	expect(parseGallery('a.jpg, b.jpg ,c.jpg')).toEqual(['a.jpg', 'b.jpg', 'c.jpg'])
	expect(parseGallery('"a.jpg, b.jpg"')).toEqual(['a.jpg', 'b.jpg'])
	expect(parseGallery('[a.jpg, "b.jpg"]')).toEqual(['a.jpg', 'b.jpg'])
	expect(parseGallery([{ url: 'a.jpg' }, { src: 'b.jpg' }, 3, null])).toEqual(['a.jpg', 'b.jpg'])
	expect(parseGallery(null)).toEqual([])
	expect(parseGallery('')).toEqual([])
	expect(parseGallery(42)).toEqual([])
})

test('normalises the first non-empty gallery field to a JSON array string', () => {
	expect(normaliseGallery(null, '', 'a.jpg,b.jpg')).toBe('["a.jpg","b.jpg"]')
	expect(normaliseGallery('["x.jpg"]', 'a.jpg')).toBe('["x.jpg"]')
	expect(normaliseGallery(undefined, [])).toBeNull()
})
