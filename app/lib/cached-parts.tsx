import { createContext, useContext, type ReactElement } from 'react'

/**
 * Where a page that never hydrates takes the HTML of its shared parts (the
 * header, the footer) from: app/lib/cached-parts.server.ts, given by
 * app/entry.server.tsx to those pages only. Elsewhere (hydrated pages, the
 * browser) there is none and the parts are rendered as usual.
 */
export type PartSink = {
	/** A placeholder for the element's HTML, which is rendered once per key. */
	place(key: string, element: ReactElement): string
}

export const PartSinkContext = createContext<PartSink | null>(null)

/**
 * A part of the page whose HTML depends on `cacheKey` alone (the same key
 * always gives the same markup: no hooks, no router links, no generated
 * ids), rendered once and reused by every page that shows it until the key
 * changes.
 */
export function CachedPart({ cacheKey, children }: { cacheKey: string; children: ReactElement }) {
	const sink = useContext(PartSinkContext)
	if (!sink) return children
	return <template data-part={sink.place(cacheKey, children)} />
}
