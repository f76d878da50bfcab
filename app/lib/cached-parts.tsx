import { createContext, useContext, type ReactElement } from 'react'

/**
 * Where a page that never hydrates takes the HTML of its shared parts (the
 * header, the footer) from: app/lib/cached-parts.server.ts, given by
 * app/entry.server.tsx to those pages only. Elsewhere (hydrated pages, the
 * browser) there is none and the parts are rendered as usual.
 */
export type PartSink = {
	/** A placeholder for the element's HTML, which is rendered once per key (and `same` values, when given). */
	place(key: string, element: ReactElement, same?: ReadonlyArray<unknown>): string
}

export const PartSinkContext = createContext<PartSink | null>(null)

/**
 * A part of the page whose HTML depends on `cacheKey` alone (the same key
 * always gives the same markup: no hooks, no router links, no generated
 * ids), rendered once and reused by every page that shows it until the key
 * changes. With `same`, the key names the part (a card by its item) and the
 * markup depends on the key and those values: it is rendered again when any
 * of them is not the same (===) as when it was rendered, which costs less to
 * check than writing every value into the key.
 */
export function CachedPart({ cacheKey, same, children }: { cacheKey: string; same?: ReadonlyArray<unknown>; children: ReactElement }) {
	const sink = useContext(PartSinkContext)
	if (!sink) return children
	return <template data-part={sink.place(cacheKey, children, same)} />
}
