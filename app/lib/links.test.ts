import { expect, test } from 'vitest'
import { isExternalHref, mailtoHref, safeHref, telHref } from './links.ts'

test('treats only http and https addresses as external', () => {
	expect(isExternalHref('https://ornek.org')).toBe(true)
	expect(isExternalHref('HTTP://ornek.org')).toBe(true)
	expect(isExternalHref('/duyurular')).toBe(false)
	expect(isExternalHref('mailto:a@b.c')).toBe(false)
	expect(isExternalHref(null)).toBe(false)
})

test('keeps digits and plus only in tel links and checks mail addresses', () => {
	expect(telHref('+90 (212) 000-01 01')).toBe('tel:+902120000101')
	expect(telHref('yok')).toBeNull()
	expect(mailtoHref(' bilgi@ornek.org ')).toBe('mailto:bilgi@ornek.org')
	expect(mailtoHref('bilgi')).toBeNull()
})

test('refuses addresses a visitor should not follow', () => {
	expect(safeHref('javascript:alert(1)')).toBeNull()
	expect(safeHref('//evil.example')).toBeNull()
	expect(safeHref(' /aidat ')).toBe('/aidat')
	expect(safeHref('https://ornek.org')).toBe('https://ornek.org')
})
