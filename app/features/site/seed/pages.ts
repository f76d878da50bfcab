import fs from 'node:fs'
import path from 'node:path'
import type { DB } from '#app/lib/db.server.ts'
import { nowIso } from '#app/lib/db-utils.server.ts'
import { appRoot } from '#app/lib/app-root.server.ts'

export type PageSource = { slug: string; title: string; description: string; body: string }

/**
 * Reads `content/pages/<slug>.md`: a front matter block with `title` and
 * `description`, then Markdown.
 */
export function readPageSources(dir = path.join(appRoot(), 'content', 'pages')): Array<PageSource> {
	if (!fs.existsSync(dir)) return []
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.md'))
		.toSorted()
		.map((file) => parsePageSource(path.basename(file, '.md'), fs.readFileSync(path.join(dir, file), 'utf8')))
}

export function parsePageSource(slug: string, text: string): PageSource {
	const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text.replace(/\r\n/g, '\n'))
	const meta: Record<string, string> = {}
	let body = text
	if (match) {
		for (const line of (match[1] ?? '').split('\n')) {
			const kv = /^(\w+):\s*(.*)$/.exec(line)
			if (kv?.[1]) meta[kv[1]] = (kv[2] ?? '').replace(/^['"]|['"]$/g, '')
		}
		body = match[2] ?? ''
	}
	return { slug, title: meta.title ?? slug, description: meta.description ?? '', body: body.trim() + '\n' }
}

/** Adds pages that are not stored yet; pages an admin has edited are kept. */
export async function insertMissingPages(db: DB, sources = readPageSources()) {
	for (const page of sources) {
		await db
			.insertInto('pages')
			.values({ slug: page.slug, title: page.title, description: page.description, body: page.body, updated_at: nowIso() })
			.onConflict((oc) => oc.column('slug').doNothing())
			.execute()
	}
	return sources.length
}
