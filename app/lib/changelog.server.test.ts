import { expect, test } from 'vitest'
import { parseChangelog } from './changelog.server.ts'

test('reads versions, dates and bullets from the changelog, newest first', () => {
	const notes = parseChangelog(`# Changelog

Intro text.

## Unreleased

## 0.2.0 — 2026-11-23

- Admins sign in at \`/giris\`.
- Drag-and-drop ordering of
  announcements.

## 0.1.0 - 2026-11-22

* The site shell.
`)
	expect(notes).toEqual([
		{ version: '0.2.0', date: '2026-11-23', items: ['Admins sign in at /giris.', 'Drag-and-drop ordering of announcements.'] },
		{ version: '0.1.0', date: '2026-11-22', items: ['The site shell.'] },
	])
})
