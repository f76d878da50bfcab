/**
 * HTML pasted from Word or Google Docs, tidied before Tiptap reads it: Word's
 * list paragraphs (`MsoListParagraph…`, `mso-list:`) become real lists
 * without their typed bullets, `h1` becomes the editor's `h2` and `h4`–`h6`
 * its `h3`, Office tags (`o:p`), comments, styles, classes and images that are
 * not web addresses go. Tiptap's schema then keeps only paragraphs, headings,
 * lists, bold, italic, links and quotes; the server sanitises again.
 * Runs in the browser only (it uses DOMParser).
 */
export function cleanPastedHtml(html: string): string {
	const doc = new DOMParser().parseFromString(html, 'text/html')
	const body = doc.body
	for (const node of body.querySelectorAll('style, script, meta, link, title, xml')) node.remove()
	removeComments(body)
	convertWordLists(doc)
	for (const img of body.querySelectorAll('img')) {
		if (!/^(https:\/\/|\/(?!\/))/i.test(img.getAttribute('src') ?? '')) img.remove()
	}
	renameAll(doc, 'h1', 'h2')
	for (const tag of ['h4', 'h5', 'h6']) renameAll(doc, tag, 'h3')
	for (const el of body.querySelectorAll('*')) {
		if (el.tagName.includes(':')) {
			el.replaceWith(...el.childNodes)
			continue
		}
		el.removeAttribute('class')
		el.removeAttribute('id')
		// Bold and italic written as styles (Google Docs) stay readable to Tiptap; the rest of the style goes.
		const style = (el as HTMLElement).style
		const weight = style?.fontWeight ?? ''
		const fontStyle = style?.fontStyle ?? ''
		el.removeAttribute('style')
		if (weight) (el as HTMLElement).style.fontWeight = weight
		if (fontStyle) (el as HTMLElement).style.fontStyle = fontStyle
	}
	return body.innerHTML
}

function removeComments(root: Node) {
	const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_COMMENT)
	const comments: Array<Node> = []
	while (walker.nextNode()) comments.push(walker.currentNode)
	for (const comment of comments) comment.parentNode?.removeChild(comment)
}

function renameAll(doc: Document, from: string, to: string) {
	for (const el of doc.body.querySelectorAll(from)) {
		const next = doc.createElement(to)
		next.append(...el.childNodes)
		el.replaceWith(next)
	}
}

function isWordListItem(el: Element): boolean {
	return (
		el.tagName === 'P' &&
		(/\bMsoListParagraph/i.test(el.getAttribute('class') ?? '') || /mso-list\s*:/i.test(el.getAttribute('style') ?? ''))
	)
}

/** Word writes each list item as a paragraph starting with its bullet or number in a `mso-list:Ignore` span. */
function convertWordLists(doc: Document) {
	const items = [...doc.body.querySelectorAll('p')].filter(isWordListItem)
	let list: HTMLElement | null = null
	let previous: Element | null = null
	for (const p of items) {
		const marker = takeMarker(p)
		const ordered = /^[(]?(\d+|[a-zıivx]{1,4})[.)]/i.test(marker) && !/^[·•o§▪\-–]/.test(marker)
		const wanted = ordered ? 'OL' : 'UL'
		if (!list || previous?.nextElementSibling !== p || list.tagName !== wanted) {
			list = doc.createElement(wanted.toLowerCase())
			p.before(list)
		}
		const li = doc.createElement('li')
		li.append(...p.childNodes)
		list.append(li)
		p.remove()
		previous = list
	}
}

function takeMarker(p: Element): string {
	const ignored = [...p.querySelectorAll('span')].find((span) => /mso-list\s*:\s*ignore/i.test(span.getAttribute('style') ?? ''))
	if (ignored) {
		const text = ignored.textContent?.trim() ?? ''
		// The marker sits in the outermost span wrapping it (font Symbol) when Word adds one.
		let outer: Element = ignored
		while (outer.parentElement && outer.parentElement !== p && outer.parentElement.textContent?.trim() === text) outer = outer.parentElement
		outer.remove()
		return text
	}
	// Without the Ignore span: a leading bullet or number typed as text.
	const first = p.firstChild
	const match = first?.textContent?.match(/^\s*([·•o§▪\-–]|\(?(\d+|[a-z]{1,4})[.)])\s+/i)
	if (first && match) {
		if (first.nodeType === Node.TEXT_NODE) first.textContent = first.textContent!.slice(match[0].length)
		else first.textContent = first.textContent!.slice(match[0].length)
		return match[1] ?? ''
	}
	return ''
}
