import { expect, test } from 'vitest'
import { descriptionParagraphs } from './alumni-news.shared.ts'

test('blank lines separate paragraphs, whatever the line endings', () => {
	expect(descriptionParagraphs('Birinci paragraf.\r\n\r\nİkinci paragraf.')).toEqual([['Birinci paragraf.'], ['İkinci paragraf.']])
	expect(descriptionParagraphs('Bir.\n\nİki.\n \n\nÜç.')).toEqual([['Bir.'], ['İki.'], ['Üç.']])
})

test('a single line break stays a line break inside its paragraph', () => {
	expect(descriptionParagraphs('Adres:\r\nMaçka Cad. 1\r\n\r\nSon.')).toEqual([['Adres:', 'Maçka Cad. 1'], ['Son.']])
})

test('nothing to show gives no paragraphs', () => {
	expect(descriptionParagraphs(null)).toEqual([])
	expect(descriptionParagraphs(' \n\n ')).toEqual([])
})
