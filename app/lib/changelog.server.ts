import fs from 'node:fs/promises'
import path from 'node:path'
import { appRoot } from './app-root.server.ts'

export type ReleaseNote = { version: string; date: string | null; items: Array<string> }

/**
 * The admin screen's release notes (spec §2), read from CHANGELOG.md:
 * `## 0.2.0 — 2026-11-23` headings with `- ` bullets, newest first.
 */
export function parseChangelog(markdown: string): Array<ReleaseNote> {
	const notes: Array<ReleaseNote> = []
	let current: ReleaseNote | null = null
	let item: string | null = null
	const flush = () => {
		if (current && item) current.items.push(item.replace(/`/g, ''))
		item = null
	}
	for (const line of markdown.split(/\r?\n/)) {
		const heading = /^##\s+(.+?)\s*$/.exec(line)
		if (heading?.[1]) {
			flush()
			const [version, date] = heading[1].split(/\s+[—–-]\s+/)
			current = { version: (version ?? heading[1]).trim(), date: date?.trim() ?? null, items: [] }
			notes.push(current)
			continue
		}
		const bullet = /^[-*]\s+(.*)$/.exec(line)
		if (bullet && current) {
			flush()
			item = bullet[1] ?? ''
			continue
		}
		if (item !== null && /^\s+\S/.test(line)) item = `${item} ${line.trim()}`
		else if (!line.trim()) flush()
	}
	flush()
	return notes.filter((n) => n.items.length > 0)
}

let cached: { mtimeMs: number; notes: Array<ReleaseNote> } | undefined

export async function readReleaseNotes(limit = 3): Promise<Array<ReleaseNote>> {
	const file = path.join(appRoot(), 'CHANGELOG.md')
	try {
		const stat = await fs.stat(file)
		if (!cached || cached.mtimeMs !== stat.mtimeMs)
			cached = { mtimeMs: stat.mtimeMs, notes: parseChangelog(await fs.readFile(file, 'utf8')) }
		return cached.notes.slice(0, limit)
	} catch {
		return []
	}
}
