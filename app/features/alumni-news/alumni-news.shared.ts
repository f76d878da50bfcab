/** Alumni news addresses, shared by the server module and the route components. */
export function alumniNewsPath(slug: string) {
	return `/mezunlarimiz/mezunlardan-haberler/${encodeURIComponent(slug)}`
}

/**
 * A news description (plain text typed into a text box) as the paragraphs a
 * visitor reads: a blank line starts a new paragraph, a single line break
 * stays a line break inside it. Windows/form line endings (`\r\n`) count the
 * same as `\n`; blank-looking lines with spaces count as blank.
 */
export function descriptionParagraphs(text: string | null | undefined): Array<Array<string>> {
	return (text ?? '')
		.replace(/\r\n?/g, '\n')
		.split(/\n[^\S\n]*\n\s*/)
		.map((paragraph) =>
			paragraph
				.split('\n')
				.map((line) => line.trim())
				.filter(Boolean),
		)
		.filter((lines) => lines.length > 0)
}
