/**
 * One feed, three formats: RSS 2.0 (with Atom's self link and Media RSS
 * images), Atom (RFC 4287) and JSON Feed 1.1. Safe for the browser and the
 * server (no I/O). Every address is absolute; HTML content arrives already
 * sanitised, with absolute addresses (see feeds.server.ts).
 */
import { memoByText } from '#app/lib/text-memo.ts'

export type FeedImage = { url: string; type: string | null; width: number | null; height: number | null }

export type FeedItem = {
	/** Stable, whatever the item's address becomes (a tag URI). */
	id: string
	url: string
	title: string
	/** Plain text. */
	summary: string | null
	contentHtml: string
	image: FeedImage | null
	published: string
	updated: string
}

export type FeedFormat = 'rss' | 'atom' | 'json'

export type FeedDocument = {
	id: string
	title: string
	description: string
	/** The page that lists the same items. */
	homeUrl: string
	/** This feed's address in each format. */
	urls: Record<FeedFormat, string>
	iconUrl: string
	faviconUrl: string
	authorName: string
	authorUrl: string
	/** When the feed last changed (ISO instant). */
	updated: string
	items: ReadonlyArray<FeedItem>
}

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
	rss: 'application/rss+xml; charset=utf-8',
	atom: 'application/atom+xml; charset=utf-8',
	json: 'application/feed+json; charset=utf-8',
}

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' }

/** Text for XML: the five special characters escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(value: string) {
	return (
		value
			// oxlint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry are what is removed here
			.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
			.replace(/[<>&'"]/g, (ch) => XML_ENTITIES[ch] ?? ch)
	)
}

/**
 * An item's HTML escaped for XML, kept per text: a feed writes the same
 * sanitised bodies (kept per body, so the same strings) on every request,
 * and escaping them again was a sixth of an uncached feed at ×100.
 */
const escapedHtml = memoByText(escapeXml, { maxChars: 4_000_000, sizeOf: (text) => text.length })

/** Each stored instant is written in the same few forms on every request: each form is kept per instant. */
const keptPerInstant = (format: (iso: string) => string) => memoByText(format, { maxChars: 200_000, sizeOf: (text) => text.length })

/** RFC 822 (as RFC 1123 writes it, which RSS 2.0 readers expect): `Sun, 28 Mar 2027 16:00:00 GMT`. */
export const rfc822 = keptPerInstant((iso) => new Date(iso).toUTCString())

/** RFC 3339 in UTC, to the second: `2027-03-28T16:00:00Z`. */
export const rfc3339 = keptPerInstant((iso) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z'))

const element = (name: string, value: string | null | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : '')

export function writeRss(feed: FeedDocument): string {
	const items = feed.items.map((item) =>
		[
			'<item>',
			element('title', item.title),
			element('link', item.url),
			`<guid isPermaLink="false">${escapeXml(item.id)}</guid>`,
			element('pubDate', rfc822(item.published)),
			element('description', item.summary),
			item.contentHtml ? `<content:encoded>${escapedHtml(item.contentHtml)}</content:encoded>` : '',
			item.image
				? `<media:content url="${escapeXml(item.image.url)}" medium="image"${item.image.type ? ` type="${escapeXml(item.image.type)}"` : ''}${
						item.image.width && item.image.height ? ` width="${item.image.width}" height="${item.image.height}"` : ''
					}/>`
				: '',
			'</item>',
		].join(''),
	)
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">',
		'<channel>',
		element('title', feed.title),
		element('link', feed.homeUrl),
		element('description', feed.description),
		'<language>tr</language>',
		element('lastBuildDate', rfc822(feed.updated)),
		`<atom:link href="${escapeXml(feed.urls.rss)}" rel="self" type="application/rss+xml"/>`,
		`<image><url>${escapeXml(feed.iconUrl)}</url>${element('title', feed.title)}${element('link', feed.homeUrl)}</image>`,
		...items,
		'</channel>',
		'</rss>',
		'',
	].join('\n')
}

export function writeAtom(feed: FeedDocument): string {
	const entries = feed.items.map((item) =>
		[
			'<entry>',
			element('id', item.id),
			`<title type="text">${escapeXml(item.title)}</title>`,
			`<link rel="alternate" type="text/html" href="${escapeXml(item.url)}"/>`,
			element('published', rfc3339(item.published)),
			element('updated', rfc3339(item.updated)),
			`<author><name>${escapeXml(feed.authorName)}</name><uri>${escapeXml(feed.authorUrl)}</uri></author>`,
			item.summary ? `<summary type="text">${escapeXml(item.summary)}</summary>` : '',
			item.contentHtml ? `<content type="html">${escapedHtml(item.contentHtml)}</content>` : '',
			item.image
				? `<link rel="enclosure" href="${escapeXml(item.image.url)}"${item.image.type ? ` type="${escapeXml(item.image.type)}"` : ''}/>`
				: '',
			'</entry>',
		].join(''),
	)
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="tr">',
		element('id', feed.id),
		`<title type="text">${escapeXml(feed.title)}</title>`,
		`<subtitle type="text">${escapeXml(feed.description)}</subtitle>`,
		element('updated', rfc3339(feed.updated)),
		`<link rel="self" type="application/atom+xml" href="${escapeXml(feed.urls.atom)}"/>`,
		`<link rel="alternate" type="text/html" href="${escapeXml(feed.homeUrl)}"/>`,
		`<author><name>${escapeXml(feed.authorName)}</name><uri>${escapeXml(feed.authorUrl)}</uri></author>`,
		element('icon', feed.faviconUrl),
		element('logo', feed.iconUrl),
		...entries,
		'</feed>',
		'',
	].join('\n')
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
export function writeJsonFeed(feed: FeedDocument): string {
	const author = { name: feed.authorName, url: feed.authorUrl }
	const document = {
		version: 'https://jsonfeed.org/version/1.1',
		title: feed.title,
		home_page_url: feed.homeUrl,
		feed_url: feed.urls.json,
		description: feed.description,
		icon: feed.iconUrl,
		favicon: feed.faviconUrl,
		language: 'tr',
		authors: [author],
		items: feed.items.map((item) => ({
			id: item.id,
			url: item.url,
			title: item.title,
			// 1.1 needs one of content_html and content_text.
			...(item.contentHtml ? { content_html: item.contentHtml } : { content_text: item.summary ?? item.title }),
			...(item.summary ? { summary: item.summary } : {}),
			...(item.image ? { image: item.image.url } : {}),
			date_published: rfc3339(item.published),
			date_modified: rfc3339(item.updated),
			authors: [author],
		})),
	}
	return `${JSON.stringify(document, null, 1)}\n`
}

export function writeFeed(feed: FeedDocument, format: FeedFormat) {
	switch (format) {
		case 'rss':
			return writeRss(feed)
		case 'atom':
			return writeAtom(feed)
		case 'json':
			return writeJsonFeed(feed)
	}
}
