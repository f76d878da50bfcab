import { FEED_CONTENT_TYPES, writeFeed, type FeedFormat } from '#app/features/feeds/feed-formats.ts'
import { conditionalResponse } from '#app/features/feeds/feed-response.server.ts'
import { loadFeed } from '#app/features/feeds/feeds.server.ts'
import { FEED_FORMATS, FEED_KINDS, feedPath, type FeedKind } from '#app/features/feeds/feeds.shared.ts'
import type { Route } from './+types/feed.ts'

/** Which feed each address is: announcements, events or alumni news, as RSS, Atom or JSON Feed. */
const FEEDS = new Map<string, { kind: FeedKind; format: FeedFormat }>(
	FEED_KINDS.flatMap((kind) => FEED_FORMATS.map((format) => [feedPath(kind, format), { kind, format }] as const)),
)

/** The nine feeds (app/routes.ts mounts this module at each address). */
export async function loader({ request, url }: Route.LoaderArgs) {
	const path = url.pathname.replace(/\/+$/, '')
	const feed = FEEDS.get(path)
	if (!feed) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const now = new Date()
	const document = await loadFeed(feed.kind, request, now)
	return conditionalResponse(request, {
		key: path,
		contentType: FEED_CONTENT_TYPES[feed.format],
		render: (updated) => writeFeed({ ...document, updated }, feed.format),
		now,
	})
}
