import { expect, test } from 'vitest'
import { pageAddress } from './cached-pages.ts'

test('a page is cached at its address without the tracking parameters of shared and campaign links', () => {
	expect(pageAddress('/')).toBe('/')
	expect(pageAddress('/?fbclid=IwAR0abc')).toBe('/')
	expect(pageAddress('/duyurular?utm_source=whatsapp&utm_medium=social&sayfa=2')).toBe('/duyurular?sayfa=2')
	expect(pageAddress('/arama?q=mezun&gclid=x&UTM_Campaign=yaz')).toBe('/arama?q=mezun')
	expect(pageAddress('/arama?utm%5Fsource=x&q=%C3%B6d%C3%BCl')).toBe('/arama?q=%C3%B6d%C3%BCl')
	expect(pageAddress('/?')).toBe('/')
	// What a page may read stays as sent, order and encoding included.
	expect(pageAddress('/uyelik/uyelere-avantajlar?kategori=saglik&avantaj=3')).toBe('/uyelik/uyelere-avantajlar?kategori=saglik&avantaj=3')
	expect(pageAddress('/arama?q=utm_source')).toBe('/arama?q=utm_source')
	expect(pageAddress('/arama?q=%E0%A4')).toBe('/arama?q=%E0%A4')
	expect(pageAddress('/?%E0%A4=1&fbclid=1')).toBe('/?%E0%A4=1')
})
