import type { ReactNode } from 'react'
import {
	data,
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useLocation,
	useMatches,
	useRouteError,
	useRouteLoaderData,
	Link,
} from 'react-router'
import type { Route } from './+types/root.ts'
import { Footer, type FooterProps } from '#app/components/layout/footer.tsx'
import { Header, headerKey, type HeaderProps } from '#app/components/layout/header.tsx'
import { MENU } from '#app/components/layout/menu.ts'
import { NoticeBar } from '#app/components/layout/notice-bar.tsx'
import sourceSansLatin from '#app/assets/fonts/source-sans-3-latin.woff2?url'
import playfairLatin from '#app/assets/fonts/playfair-display-latin.woff2?url'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { activeNotice } from '#app/features/settings/notice.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { feedLinks } from '#app/features/feeds/feeds.shared.ts'
import { enhanceScriptUrl } from '#app/lib/enhance.server.ts'
import { siteOrigin } from '#app/lib/origin.server.ts'
import { CachedPart } from '#app/lib/cached-parts.tsx'
import { resolveHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import type { OrganizationFacts } from '#app/lib/structured-data.ts'
import { istanbulParts } from '#app/lib/tr.ts'
import './styles/app.css'

export function links(): Route.LinkDescriptors {
	return [
		{ rel: 'preload', href: sourceSansLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
		{ rel: 'preload', href: playfairLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
		{ rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
		{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
		{ rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
		...feedLinks(),
	]
}

export async function loader({ request, context }: Route.LoaderArgs) {
	const settings = await getSettings()
	return data({
		chrome: {
			siteName: settings.association.name,
			shortName: settings.association.shortName,
			motto: settings.association.motto,
			about: settings.footer.about,
			copyright: settings.footer.copyright,
			memberPlatformUrl: settings.links.memberPlatform,
			addressLines: settings.contact.addressLines,
			social: {
				instagram: settings.social.instagram,
				youtube: settings.social.youtube,
				facebook: settings.social.facebook,
			},
			year: istanbulParts().year,
		},
		notice: activeNotice(settings.notice),
		seo: { origin: siteOrigin(request), siteName: settings.association.shortName },
		organization: {
			name: settings.association.name,
			shortName: settings.association.shortName,
			foundedYear: settings.association.foundedYear,
			email: settings.contact.email || null,
			telephone: settings.contact.phone || null,
			addressLines: settings.contact.addressLines,
			sameAs: Object.values(settings.social).filter((link) => link.trim() !== ''),
		} satisfies OrganizationFacts,
		// For every page's BreadcrumbList (app/lib/structured-data.ts, a layer below the components).
		menu: MENU,
		requestId: context.get(requestInfoContext).requestId,
		enhanceSrc: enhanceScriptUrl(),
	})
}

type RootData = Awaited<ReturnType<typeof loader>>['data']

const FALLBACK_CHROME: RootData['chrome'] = {
	siteName: DEFAULT_SETTINGS.association.name,
	shortName: DEFAULT_SETTINGS.association.shortName,
	motto: DEFAULT_SETTINGS.association.motto,
	about: DEFAULT_SETTINGS.footer.about,
	copyright: DEFAULT_SETTINGS.footer.copyright,
	memberPlatformUrl: DEFAULT_SETTINGS.links.memberPlatform,
	addressLines: DEFAULT_SETTINGS.contact.addressLines,
	social: DEFAULT_SETTINGS.social,
	year: new Date().getFullYear(),
}

export function Layout({ children }: { children: ReactNode }) {
	const rootData = useRouteLoaderData<RootData>('root')
	const chrome = rootData?.chrome ?? FALLBACK_CHROME
	const handle = resolveHandle(useMatches())
	const { pathname } = useLocation()
	const offset = !handle.hideNavbar && handle.navTheme !== 'auto'
	const headerProps: HeaderProps = {
		theme: handle.navTheme,
		pathname,
		shortName: chrome.shortName,
		memberPlatformUrl: chrome.memberPlatformUrl,
	}
	const footerProps: FooterProps = {
		siteName: chrome.siteName,
		motto: chrome.motto,
		about: chrome.about,
		copyright: chrome.copyright,
		year: chrome.year,
		addressLines: chrome.addressLines,
		social: chrome.social,
	}
	return (
		<html lang="tr" dir="ltr">
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content="#13294b" />
				<Meta />
				<Links />
			</head>
			<body>
				<a className="skip-link" href="#icerik">
					{msg.layout.skipToContent}
				</a>
				{handle.hideNavbar || !rootData?.notice ? null : <NoticeBar {...rootData.notice} />}
				{handle.hideNavbar ? null : (
					<CachedPart cacheKey={headerKey(headerProps)}>
						<Header {...headerProps} />
					</CachedPart>
				)}
				<main id="icerik" className="site-main" data-offset={offset ? 'true' : undefined} tabIndex={-1}>
					{children}
				</main>
				{handle.hideFooter ? null : (
					<CachedPart cacheKey={`footer ${JSON.stringify(footerProps)}`}>
						<Footer {...footerProps} />
					</CachedPart>
				)}
				{handle.hydrate ? (
					<>
						<ScrollRestoration />
						<Scripts />
					</>
				) : rootData?.enhanceSrc ? (
					<script type="module" src={rootData.enhanceSrc} async />
				) : null}
			</body>
		</html>
	)
}

export default function App() {
	return <Outlet />
}

/**
 * One boundary for the whole site, inside the layout: a missing page gets a
 * friendly 404, anything else a Turkish apology with the request id (never a
 * stack trace).
 */
export function ErrorBoundary() {
	const error = useRouteError()
	const rootData = useRouteLoaderData<RootData>('root')
	const notFound = isRouteErrorResponse(error) && error.status === 404
	// A loader's own 4xx message is for the visitor; the router's internal ones ("No route matches…") are not.
	const internal = isRouteErrorResponse(error) && (error as { internal?: boolean }).internal === true
	// A refusal's text: a plain string, or the `message` of one also sent as JSON (form-data.server.ts).
	const refusal: unknown = isRouteErrorResponse(error) && !internal && error.status < 500 ? error.data : null
	const text = typeof refusal === 'string' ? refusal : (refusal as { message?: unknown } | null)?.message
	const message = typeof text === 'string' ? text : null
	return (
		<section className="container container--narrow" style={{ padding: 'calc(var(--header-h) + 48px) var(--gutter) 64px' }}>
			<h1>{notFound ? msg.common.notFoundTitle : msg.common.errorTitle}</h1>
			<p>{message ?? (notFound ? msg.common.notFoundText : msg.common.errorText)}</p>
			{!notFound && rootData?.requestId ? (
				<p className="notice">
					{msg.common.requestId}: <code>{rootData.requestId}</code>
				</p>
			) : null}
			<p>
				<Link className="button" to="/">
					{msg.common.backHome}
				</Link>
			</p>
		</section>
	)
}
