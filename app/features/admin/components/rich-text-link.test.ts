import { describe, expect, it } from 'vitest'
import { normaliseLinkHref } from './rich-text-link.ts'

describe('normaliseLinkHref', () => {
	it.each([
		['www.ornek.com', 'https://www.ornek.com'],
		['ornek.com', 'https://ornek.com'],
		['  ornek.com.tr/iletisim?x=1  ', 'https://ornek.com.tr/iletisim?x=1'],
		['https://ornek.com/a', 'https://ornek.com/a'],
		['http://ornek.com', 'http://ornek.com'],
		['mailto:bilgi@ornek.com', 'mailto:bilgi@ornek.com'],
		['MAILTO:bilgi@ornek.com?subject=Merhaba', 'mailto:bilgi@ornek.com?subject=Merhaba'],
		['bilgi@ornek.com', 'mailto:bilgi@ornek.com'],
		['tel:+90 212 555 00 00', 'tel:+902125550000'],
		['tel:0212-555-0000', 'tel:02125550000'],
		['+90 (212) 555 00 00', 'tel:+902125550000'],
		['/duyurular', '/duyurular'],
		['#iletisim', '#iletisim'],
	])('%s → %s', (input, expected) => {
		expect(normaliseLinkHref(input)).toBe(expected)
	})

	it.each([
		'',
		'   ',
		'javascript:alert(1)',
		'JavaScript:alert(1)',
		'data:text/html,x',
		'//evil.com',
		'merhaba dünya',
		'ornek',
		'mailto:',
		'mailto:kimse',
		'tel:abc',
		'https://',
		'https://ornek com',
		'vbscript:x',
	])('refuses %j', (input) => {
		expect(normaliseLinkHref(input)).toBeNull()
	})

	it('keeps {{…}} placeholders only where the form allows them', () => {
		expect(normaliseLinkHref('{{contact.email}}', { placeholders: true })).toBe('{{contact.email}}')
		expect(normaliseLinkHref('mailto:{{contact.email}}', { placeholders: true })).toBe('mailto:{{contact.email}}')
		expect(normaliseLinkHref('{{contact.email}}')).toBeNull()
	})

	it('every address it gives starts with a scheme or path the sanitiser keeps', () => {
		for (const input of ['www.a.com', 'a.co', 'x@y.org', '+90 532 000 00 00', 'tel:123', '/a', 'https://a.b']) {
			expect(normaliseLinkHref(input)).toMatch(/^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i)
		}
	})
})
