import { data, Link } from 'react-router'
import { type AdminSearchHit, searchAdmin } from '#app/features/admin/admin-search.server.ts'
import { msg } from '#app/lib/messages.ts'
import type { Route } from './+types/search.ts'

/**
 * `/admin/ara?q=`: the admin's search over every section's list (the top
 * bar's search box sends here on Enter; a plain GET form, so it works without
 * JavaScript). Each hit opens its record's edit dialog in its section.
 */
export async function loader({ url }: Route.LoaderArgs) {
	return data(await searchAdmin(url.searchParams.get('q') ?? ''), { headers: { 'Cache-Control': 'no-store' } })
}

export default function AdminSearchRoute({ loaderData: result }: Route.ComponentProps) {
	const groups = new Map<string, Array<AdminSearchHit>>()
	if (result.status === 'done') for (const hit of result.hits) groups.set(hit.sectionLabel, [...(groups.get(hit.sectionLabel) ?? []), hit])
	return (
		<section className="admin-panel admin-search-results" aria-labelledby="admin-panel-title">
			<h1 id="admin-panel-title">{msg.admin.searchTitle}</h1>
			<p role="status">
				{result.status === 'empty'
					? msg.admin.searchEmpty
					: result.status === 'too-short'
						? msg.admin.searchTooShort
						: result.hits.length === 0
							? msg.admin.searchNoHits(result.query)
							: msg.admin.searchCount(result.query, result.hits.length)}
			</p>
			{result.status === 'done' && result.more ? <p>{msg.admin.searchMore(result.hits.length)}</p> : null}
			{[...groups].map(([label, hits]) => (
				<section key={label} className="admin-search-results__group">
					<h2>{label}</h2>
					<ul>
						{hits.map((hit) => (
							<li key={hit.href}>
								<Link to={hit.href}>{hit.title}</Link>
								{hit.detail ? <span className="admin-search-results__detail"> · {hit.detail}</span> : null}
							</li>
						))}
					</ul>
				</section>
			))}
		</section>
	)
}
