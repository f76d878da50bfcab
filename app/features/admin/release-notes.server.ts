import fs from 'node:fs/promises'
import path from 'node:path'
import { appRoot } from '#app/lib/app-root.server.ts'

/** One release in the admin's "Yenilikler": a name (`v0.4.0`, `Yeni yönetim paneli`), its day and its points. */
export type ReleaseNote = { name: string; date: string | null; items: Array<string> }

/**
 * Reads content/yenilikler.md, the volunteers' release notes in Turkish
 * (not the developers' English CHANGELOG): `## <name> — <YYYY-MM-DD>`
 * headings with `- ` bullets, newest first. A bullet may go on over indented
 * lines; text outside a release (the file's introduction) is skipped, and so
 * is a release without points.
 */
export function parseReleaseNotes(markdown: string): Array<ReleaseNote> {
	const notes: Array<ReleaseNote> = []
	let current: ReleaseNote | null = null
	let item: string | null = null
	const flush = () => {
		if (current && item?.trim()) current.items.push(item.replace(/`/g, '').trim())
		item = null
	}
	for (const line of markdown.split(/\r?\n/)) {
		const heading = /^##\s+(.+?)\s*$/.exec(line)
		if (heading?.[1]) {
			flush()
			const match = /^(.*?)\s+[—–-]\s+(\d{4}-\d{2}-\d{2})$/.exec(heading[1])
			current = { name: (match?.[1] ?? heading[1]).trim(), date: match?.[2] ?? null, items: [] }
			notes.push(current)
			continue
		}
		if (/^#\s/.test(line)) {
			flush()
			current = null
			continue
		}
		const bullet = /^[-*]\s+(.*)$/.exec(line)
		if (bullet && current) {
			flush()
			item = bullet[1] ?? ''
			continue
		}
		if (item !== null && /^\s+\S/.test(line)) item = `${item} ${line.trim()}`
		else flush()
	}
	flush()
	return notes.filter((note) => note.items.length > 0)
}

let cached: { mtimeMs: number; notes: Array<ReleaseNote> } | undefined

/** The release notes of content/yenilikler.md (read again when the file changes); none when it cannot be read. */
export async function readReleaseNotes(file = path.join(appRoot(), 'content', 'yenilikler.md')): Promise<Array<ReleaseNote>> {
	try {
		const stat = await fs.stat(file)
		if (!cached || cached.mtimeMs !== stat.mtimeMs)
			cached = { mtimeMs: stat.mtimeMs, notes: parseReleaseNotes(await fs.readFile(file, 'utf8')) }
		return cached.notes
	} catch {
		return []
	}
}
