import { expect, test } from 'vitest'
import { parseKeySize, toImageRef, variantWidthsFor } from './media.ts'

const url = (key: string) => `/media/${key}`

test('builds srcset from the size carried in a stored key', () => {
	expect(toImageRef('events/1700-ab12-1600x900.jpg', url)).toEqual({
		src: '/media/events/1700-ab12-1600x900.jpg',
		srcSet:
			'/media/events/1700-ab12-1600x900.w320.webp 320w, /media/events/1700-ab12-1600x900.w640.webp 640w, /media/events/1700-ab12-1600x900.w1024.webp 1024w, /media/events/1700-ab12-1600x900.w1600.webp 1600w',
		width: 1600,
		height: 900,
	})
})

test('makes one variant for small originals', () => {
	expect(variantWidthsFor(330)).toEqual([330])
	expect(variantWidthsFor(700)).toEqual([320, 700])
	expect(variantWidthsFor(3000)).toEqual([320, 640, 1024, 1600])
	expect(parseKeySize('perks/x-400x400.png')).toEqual({ width: 400, height: 400 })
})

test('passes addresses through and refuses anything else', () => {
	expect(toImageRef('https://example.org/a.jpg', url)).toEqual({ src: 'https://example.org/a.jpg' })
	expect(toImageRef('/assets/a.webp', url)).toEqual({ src: '/assets/a.webp' })
	expect(toImageRef('javascript:alert(1)', url)).toBeNull()
	expect(toImageRef('//evil.example/a.jpg', url)).toBeNull()
	expect(toImageRef('../etc/passwd', url)).toBeNull()
	expect(toImageRef('', url)).toBeNull()
	expect(toImageRef(null, url)).toBeNull()
})
