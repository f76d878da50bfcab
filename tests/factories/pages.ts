import { db } from '#app/lib/db.server.ts'

let counter = 0

/** Inserts a static page (Markdown body; override anything) and returns the stored row. */
export async function createPage(
	overrides: Partial<{ slug: string; title: string; description: string | null; body: string; updated_at: string }> = {},
) {
	counter++
	return db
		.insertInto('pages')
		.values({
			slug: `sayfa-${counter}`,
			title: `Sayfa ${counter}`,
			description: null,
			body: `# Sayfa ${counter}\n\nMetin.\n`,
			updated_at: '2026-01-01T09:00:00.000Z',
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
