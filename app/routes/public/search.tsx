import { Fragment } from 'react'
import { Pagination } from '#app/components/content/pagination.tsx'
import { SmartLink } from '#app/components/content/smart-link.tsx'
import { PageHero } from '#app/components/page-hero.tsx'
import { SearchIcon } from '#app/components/ui/icons.tsx'
import type { Segment } from '#app/features/search/fold.ts'
import { searchSite } from '#app/features/search/search.server.ts'
import { MAX_QUERY_LENGTH } from '#app/features/search/search.shared.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { parsePageParam, PAGE_PARAM } from '#app/lib/pagination.ts'
import { safeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { Route } from './+types/search.ts'
import '#app/styles/content.css'

export function meta(args: Route.MetaArgs) {
	const query = args.loaderData?.result?.query
	return seo(args, {
		title: query ? `“${query}” için arama sonuçları` : msg.nav.search,
		description: 'Duyurularda, etkinliklerde, bülten arşivinde, mezun haberlerinde, üye avantajlarında ve sayfalarda arayın.',
		// Result pages are not for search engines.
		noindex: Boolean(query),
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH)
	// Spec §5: trimmed; an empty query does not search (the form is shown).
	if (!query) return { result: null, error: null, search: url.search }
	const read = await safeRead(
		() => searchSite({ query, page: parsePageParam(url.searchParams.get(PAGE_PARAM)) }),
		msg.search.readError,
		'site search',
	)
	return read.ok ? { result: read.data, error: null, search: url.search } : { result: null, error: read.error, search: url.search }
}

export const handle: SiteHandle = { navTheme: 'auto' }

const BROWSE = [
	{ href: '/duyurular', label: msg.nav.announcements },
	{ href: '/duyurular/etkinlikler', label: msg.nav.events },
	{ href: '/duyurular/takvim', label: msg.nav.calendar },
	{ href: '/duyurular/bulten-arsivi', label: msg.nav.bulletins },
	{ href: '/mezunlarimiz/mezunlardan-haberler', label: msg.nav.alumniNews },
	{ href: '/uyelik/uyelere-avantajlar', label: msg.nav.perks },
]

function Highlighted({ segments }: { segments: Array<Segment> }) {
	return (
		<>
			{segments.map((segment, i) => (
				<Fragment key={i}>{segment.mark ? <mark>{segment.text}</mark> : segment.text}</Fragment>
			))}
		</>
	)
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
	const { result, error, search } = loaderData
	return (
		<>
			<PageHero title={msg.search.title}>
				<form method="get" action="/arama" role="search" className="search-form">
					<label htmlFor="arama-q" className="sr-only">
						{msg.search.label}
					</label>
					<input
						id="arama-q"
						type="search"
						name="q"
						defaultValue={result?.query ?? ''}
						placeholder={msg.layout.searchPlaceholder}
						maxLength={MAX_QUERY_LENGTH}
						autoComplete="off"
						enterKeyHint="search"
					/>
					<button type="submit" className="button button--gold">
						<SearchIcon size={18} />
						{msg.layout.searchSubmit}
					</button>
				</form>
			</PageHero>
			<section className="section search-results" aria-labelledby="arama-sonuc">
				<div className="container container--narrow">
					{error ? (
						<p id="arama-sonuc" className="error-text" role="alert">
							{error}
						</p>
					) : !result ? (
						<>
							<h2 id="arama-sonuc" className="search-results__summary">
								{msg.search.prompt}
							</h2>
							<BrowseLinks />
						</>
					) : result.tooShort ? (
						<>
							<h2 id="arama-sonuc" className="search-results__summary">
								{msg.search.tooShort}
							</h2>
							<BrowseLinks />
						</>
					) : result.total === 0 ? (
						<>
							<h2 id="arama-sonuc" className="search-results__summary">
								{msg.search.noResults}
							</h2>
							<p>{msg.search.suggestions}</p>
							<ul className="search-tips">
								{result.suggestions.map((s) => (
									<li key={s.word}>
										<a href={`/arama?q=${encodeURIComponent(s.word)}`}>{msg.search.tipWord(s.word, s.count)}</a>
									</li>
								))}
								<li>{msg.search.tipSpelling}</li>
								<li>
									{msg.search.tipBrowse} <BrowseLinks inline />
								</li>
							</ul>
						</>
					) : (
						<>
							<h2 id="arama-sonuc" className="search-results__summary" aria-live="polite">
								{msg.search.resultCount(result.total, result.query)}
							</h2>
							<ol className="search-results__list" start={(result.page.page - 1) * result.page.perPage + 1}>
								{result.hits.map((hit, i) => (
									<li key={`${hit.url}-${i}`} className="search-hit">
										<p className="search-hit__meta">
											<span className="search-hit__kind">{hit.kindLabel}</span>
											{hit.date ? <time dateTime={hit.date}>{formatDate(hit.date)}</time> : null}
										</p>
										<h3 className="search-hit__title">
											<SmartLink href={hit.url} external={hit.external}>
												<Highlighted segments={hit.title} />
											</SmartLink>
										</h3>
										{hit.snippet.length > 0 ? (
											<p className="search-hit__snippet">
												<Highlighted segments={hit.snippet} />
											</p>
										) : null}
									</li>
								))}
							</ol>
							<Pagination page={result.page} search={search} />
						</>
					)}
				</div>
			</section>
		</>
	)
}

function BrowseLinks({ inline = false }: { inline?: boolean }) {
	return (
		<ul className={inline ? 'search-browse search-browse--inline' : 'search-browse'}>
			{BROWSE.map((link) => (
				<li key={link.href}>
					<a href={link.href}>{link.label}</a>
				</li>
			))}
		</ul>
	)
}
