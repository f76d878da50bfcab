import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
	addDays,
	compareTr,
	foldTr,
	formatDate,
	formatDateTime,
	formatLira,
	includesTr,
	isoToIstanbulLocal,
	istanbulLocalToIso,
	istanbulMonth,
	istanbulToday,
	MONTH_NAMES,
	monthName,
	trLower,
	trUpper,
} from './tr.ts'

test('upper-cases headings with Turkish dotted and dotless i', () => {
	expect(trUpper('tarihçe')).toBe('TARİHÇE')
	expect(trUpper('dernek tüzüğü')).toBe('DERNEK TÜZÜĞÜ')
	expect(trUpper('ılık')).toBe('ILIK')
	expect(trLower('İSTANBUL')).toBe('istanbul')
	expect(trLower('ISPARTA')).toBe('ısparta')
	// What ICU's Turkish casing gives, for any text (the functions do it without ICU).
	const letters = fc.constantFrom(...'aıiIİçÇğĞöÖşŞüÜsSzZ ßﬁΣσς.\u0307'.split(''))
	const texts = fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: letters }), fc.string({ unit: 'binary' }))
	fc.assert(
		fc.property(texts, (text) => trUpper(text) === text.toLocaleUpperCase('tr-TR') && trLower(text) === text.toLocaleLowerCase('tr-TR')),
		{
			numRuns: 2000,
		},
	)
})

test('folds case and diacritics so Istanbul, İSTANBUL and istanbul match', () => {
	expect(foldTr('İSTANBUL')).toBe('istanbul')
	expect(foldTr('Istanbul')).toBe('istanbul')
	expect(foldTr('istanbul')).toBe('istanbul')
	expect(foldTr('Şişli')).toBe('sisli')
	expect(foldTr('ÇAĞLAYAN Gölü')).toBe('caglayan golu')
	expect(foldTr('Kâzım')).toBe('kazim')
	expect(includesTr('Dr. Işıl Öztürk', 'isil oz')).toBe(true)
	expect(includesTr('Ayşe Yılmaz', 'ahmet')).toBe(false)
})

test('sorts with the Turkish alphabet', () => {
	const names = ['Zeynep', 'Çiğdem', 'Ceren', 'Ünal', 'Uğur', 'İpek', 'Işıl', 'Şule', 'Selin', 'Ömer', 'Oya']
	expect(names.toSorted(compareTr)).toEqual(['Ceren', 'Çiğdem', 'Işıl', 'İpek', 'Oya', 'Ömer', 'Selin', 'Şule', 'Uğur', 'Ünal', 'Zeynep'])
})

test('names the months in Turkish', () => {
	expect(MONTH_NAMES).toEqual([
		'Ocak',
		'Şubat',
		'Mart',
		'Nisan',
		'Mayıs',
		'Haziran',
		'Temmuz',
		'Ağustos',
		'Eylül',
		'Ekim',
		'Kasım',
		'Aralık',
	])
	expect(monthName(8)).toBe('Ağustos')
	expect(monthName(13)).toBe('')
})

test('sees 1 January in Istanbul when a UTC server is at 22:30 on 31 December', () => {
	const utcEvening = new Date('2026-12-31T22:30:00Z')
	expect(istanbulToday(utcEvening)).toBe('2027-01-01')
	expect(istanbulMonth(utcEvening)).toBe('2027-01')
	expect(istanbulToday(new Date('2026-12-31T20:59:00Z'))).toBe('2026-12-31')
})

test('reads datetime-local values as Istanbul wall-clock time', () => {
	expect(istanbulLocalToIso('2026-03-01T19:00')).toBe('2026-03-01T16:00:00.000Z')
	expect(istanbulLocalToIso('2026-01-01')).toBe('2025-12-31T21:00:00.000Z')
	expect(istanbulLocalToIso('2026-02-30T10:00')).toBeNull()
	expect(istanbulLocalToIso('yarın')).toBeNull()
	expect(isoToIstanbulLocal('2026-03-01T16:00:00.000Z')).toBe('2026-03-01T19:00')
	expect(isoToIstanbulLocal(null)).toBe('')
})

test('formats dates, times and amounts in tr-TR', () => {
	expect(formatDate('2026-11-22')).toBe('22 Kasım 2026')
	expect(formatDate('2026-12-31T22:30:00Z')).toBe('1 Ocak 2027')
	expect(formatDateTime('2026-03-01T16:00:00.000Z')).toBe('1 Mart 2026 Pazar 19:00')
	expect(formatLira(450)).toBe('450 TL')
	expect(formatLira(472.5)).toBe('472,50 TL')
	expect(formatLira(1234.5)).toBe('1.234,50 TL')
})

test('adds days across month and year ends', () => {
	expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
	expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
	expect(addDays('1900-02-28', 1)).toBe('1900-03-01')
	expect(addDays('2000-02-28', 1)).toBe('2000-02-29')
	expect(addDays('2027-02-30', 0)).toBe('2027-03-02')
	expect(() => addDays('tarih', 1)).toThrow(RangeError)
})

test('adds days as Date.UTC counts them, for any date and any number of days', () => {
	const byDate = (isoDate: string, days: number) => {
		const [y, m, d] = isoDate.split('-').map(Number)
		return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10)
	}
	const pad = (n: number, width: number) => String(n).padStart(width, '0')
	fc.assert(
		fc.property(
			fc.integer({ min: 1000, max: 9999 }),
			fc.integer({ min: 1, max: 12 }),
			fc.integer({ min: 0, max: 99 }),
			fc.oneof(fc.integer({ min: -400, max: 400 }), fc.integer({ min: -3_000_000, max: 3_000_000 })),
			(year, month, day, days) => {
				const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
				expect(addDays(date, days)).toBe(byDate(date, days))
			},
		),
		{ numRuns: 5000 },
	)
})
