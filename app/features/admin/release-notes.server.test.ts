import { expect, test } from 'vitest'
import { parseReleaseNotes, readReleaseNotes } from './release-notes.server.ts'

test('reads releases, days and points from the notes, skipping the introduction and empty releases', () => {
	const notes = parseReleaseNotes(`# Yenilikler

Giriş metni, bir sürüm değil.
- Bu da değil.

## Yeni yönetim paneli — 2026-11-25

- Ayarlar'da \`Önceki hale döndür\`.
- Sıralı listeler klavyeyle
  de taşınabilir.

## Boş — 2026-11-24

## v0.4.0 - 2025-10-26
* Duyurular sürükleyerek sıralanır.
`)
	expect(notes).toEqual([
		{
			name: 'Yeni yönetim paneli',
			date: '2026-11-25',
			items: ["Ayarlar'da Önceki hale döndür.", 'Sıralı listeler klavyeyle de taşınabilir.'],
		},
		{ name: 'v0.4.0', date: '2025-10-26', items: ['Duyurular sürükleyerek sıralanır.'] },
	])
})

test("the product's notes are Turkish, newest first, and end with the spec's v0.4.0 and v0.3.0", async () => {
	const notes = await readReleaseNotes()
	expect(notes.length).toBeGreaterThanOrEqual(3)
	const dates = notes.map((note) => note.date)
	expect(dates.every((date) => date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true)
	expect(dates.toSorted().toReversed()).toEqual(dates)
	expect(notes.slice(-2).map((note) => [note.name, note.date])).toEqual([
		['v0.4.0', '2025-10-26'],
		['v0.3.0', '2025-10-24'],
	])
	expect(notes.at(-2)?.items.join(' ')).toMatch(/sürükle/)
	expect(notes.at(-2)?.items.join(' ')).toMatch(/kapak görseli/)
	expect(notes.at(-1)?.items.join(' ')).toMatch(/Sosyal medya/)
	// Turkish, for volunteers: no English changelog words.
	const text = notes.flatMap((note) => note.items).join(' ')
	expect(text).not.toMatch(/\b(the|and|admin area|announcements|drag-and-drop)\b/i)
	expect(text).toMatch(/[çğıöşüİ]/)
})

test('has no notes when the file cannot be read', async () => {
	expect(await readReleaseNotes('/nonexistent/yenilikler.md')).toEqual([])
})
