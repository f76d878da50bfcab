import { expect, test } from 'vitest'
import { diffSummary, settingsDiffSummary, type FieldSpec } from './change-summary.server.ts'

const FIELDS: Array<FieldSpec> = [
	{ name: 'title', label: 'Başlık', format: 'text' },
	{ name: 'published_at', label: 'Durum', format: 'status' },
	{ name: 'body', label: 'Metin', format: 'long' },
	{ name: 'featured_home', label: 'Ana sayfada öne çıkan', format: 'bool' },
	{ name: 'cover_url', label: 'Kapak görseli', format: 'media' },
	{ name: 'lead', label: 'Giriş', format: 'text' },
]

const now = new Date('2026-11-25T10:00:00Z')

test('names each changed field in Turkish, quoting short texts and only saying that long ones changed', () => {
	expect(
		diffSummary(
			FIELDS,
			{ title: 'Eski', published_at: null, body: '<p>a</p>', featured_home: 0, cover_url: 'a.jpg', lead: 'x'.repeat(81) },
			{ title: 'Yeni', published_at: '2026-11-20T09:00:00.000Z', body: '<p>b</p>', featured_home: true, cover_url: 'b.jpg', lead: 'kısa' },
			now,
		),
	).toBe(
		'Başlık: „Eski” → „Yeni”; Durum: Taslak → Yayında; Metin değişti; Ana sayfada öne çıkan: Hayır → Evet; Kapak görseli değişti; Giriş değişti',
	)
})

test('reads booleans and instants whatever shape the driver gave, and says nothing when nothing changed', () => {
	const row = { title: 'Aynı', published_at: new Date('2026-11-20T09:00:00Z'), body: null, featured_home: 1, cover_url: null, lead: '' }
	expect(
		diffSummary(FIELDS, row, { ...row, published_at: '2026-11-20T09:00:00.000Z', featured_home: true, body: '', lead: null }, now),
	).toBe('')
	expect(diffSummary(FIELDS, { title: '' }, { title: 'Yeni' }, now)).toBe('Başlık: (boş) → „Yeni”')
	expect(diffSummary(FIELDS, { published_at: null }, { published_at: '2026-12-24T09:00:00.000Z' }, now)).toBe('Durum: Taslak → Zamanlandı')
	// Still published, on another day.
	expect(diffSummary(FIELDS, { published_at: '2026-11-01T09:00:00Z' }, { published_at: '2026-11-02T09:00:00Z' }, now)).toMatch(
		/^Yayın tarihi: .+ → .+$/,
	)
})

test('summarises a settings group field by field, a list item by its number', () => {
	const before = JSON.stringify({ copyright: 'Eski', about: 'Aynı', accounts: [{ iban: 'TR1', bankName: 'A' }], addressLines: ['a', 'b'] })
	const after = JSON.stringify({ copyright: 'Yeni', about: 'Aynı', accounts: [{ iban: 'TR2', bankName: 'A' }], addressLines: ['a', 'c'] })
	expect(settingsDiffSummary(before, after)).toBe(
		'Telif satırı: „Eski” → „Yeni”; Banka hesapları 1 · IBAN: „TR1” → „TR2”; Adres: „a, b” → „a, c”',
	)
	expect(settingsDiffSummary(before, before)).toBe('')
	expect(settingsDiffSummary(null, JSON.stringify({ enabled: true }))).toBe('Açık: (boş) → „Evet”')
})
