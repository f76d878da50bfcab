import { ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon } from '#app/components/ui/icons.tsx'
import { Logo } from '#app/components/ui/logo.tsx'
import type { NavTheme } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { MENU, type MenuSection } from './menu.ts'

export type HeaderProps = {
	theme: NavTheme
	pathname: string
	shortName: string
	memberPlatformUrl: string
}

/** The short name (settings) on two lines: its last word ("Derneği") small under the rest. */
function brandLines(shortName: string): { main: string; last: string | null } {
	const name = shortName.trim()
	const cut = name.lastIndexOf(' ')
	return cut > 0 ? { main: name.slice(0, cut), last: name.slice(cut + 1) } : { main: name, last: null }
}

/** `aria-current="page"` for the link to the page being shown. */
function current(to: string, pathname: string) {
	return to === pathname ? ('page' as const) : undefined
}

function isSectionActive(section: MenuSection, pathname: string) {
	if (section.to === '/') return pathname === '/'
	const root = `/${section.to.split('/')[1]}`
	return pathname === root || pathname.startsWith(`${root}/`)
}

/**
 * What the header's markup depends on: the pathname only through which
 * section is active and which link, if any, is the page itself; so every
 * announcement's page has the same header (app/lib/cached-parts.tsx).
 */
export function headerKey({ theme, pathname, shortName, memberPlatformUrl }: HeaderProps) {
	const links = MENU.flatMap((section) => [section, ...(section.children ?? [])])
	const active = MENU.flatMap((section, i) => (isSectionActive(section, pathname) ? [i] : []))
	const page = links.some((link) => current(link.to, pathname)) ? pathname : null
	return `header ${JSON.stringify([theme, shortName, memberPlatformUrl, active, page])}`
}

/**
 * Spec §2 "Layout". Server-rendered markup that works without JavaScript
 * (plain links: public pages are full page loads, see docs/decisions/001):
 * dropdowns open on hover and keyboard focus (CSS), the mobile menu and the
 * search bar are <details> elements, search is a plain GET form. The
 * enhancement script (app/enhance/header.ts) adds hide-on-scroll, Escape,
 * focus handling and scroll locking.
 */
export function Header({ theme, pathname, shortName, memberPlatformUrl }: HeaderProps) {
	const brand = brandLines(shortName)
	return (
		<header className="site-header" data-site-header="" data-theme={theme}>
			<div className="container site-header__inner">
				<a href="/" className="brand">
					<Logo className="brand__logo" />
					<span className="brand__name">
						{brand.main}
						{brand.last ? <small>{brand.last}</small> : null}
					</span>
				</a>

				<nav className="main-nav" aria-label={msg.layout.mainNav}>
					<ul className="main-nav__list">
						{MENU.map((section) => (
							<li
								key={section.label}
								className={`main-nav__item${isSectionActive(section, pathname) ? ' is-active' : ''}`}
								data-menu-item=""
							>
								<a href={section.to} className="main-nav__link" aria-current={current(section.to, pathname)}>
									{section.label}
									{section.children ? <ChevronDownIcon className="main-nav__caret" size={10} /> : null}
								</a>
								{section.children ? (
									<ul className="main-nav__dropdown">
										{section.children.map((child) => (
											<li key={child.to + child.label}>
												<a href={child.to} aria-current={current(child.to, pathname)}>
													{child.label}
												</a>
											</li>
										))}
									</ul>
								) : null}
							</li>
						))}
					</ul>
				</nav>

				<div className="site-header__actions">
					<details className="site-search" data-search="">
						<summary className="icon-button" aria-label={msg.layout.searchOpen}>
							<SearchIcon />
						</summary>
						<div className="site-search__bar" role="search">
							<form method="get" action="/arama" className="container site-search__form">
								<label htmlFor="site-search-q" className="sr-only">
									{msg.layout.searchOpen}
								</label>
								<input
									id="site-search-q"
									name="q"
									type="search"
									placeholder={msg.layout.searchPlaceholder}
									autoComplete="off"
									enterKeyHint="search"
								/>
								<button type="submit" className="button">
									{msg.layout.searchSubmit}
								</button>
								<button type="button" className="button button--ghost" data-search-close="" hidden>
									{msg.layout.searchClose}
								</button>
							</form>
						</div>
					</details>
					<a className="button member-button" href={memberPlatformUrl} target="_blank" rel="noopener noreferrer">
						<span className="member-button__long">{msg.layout.memberPlatform}</span>
						<span className="member-button__short">{msg.layout.memberPlatformShort}</span>
						<span className="sr-only"> {msg.layout.newTab}</span>
					</a>
					<details className="mobile-menu" data-mobile-menu="">
						<summary
							className="icon-button"
							aria-label={msg.layout.menuOpen}
							data-label-open={msg.layout.menuOpen}
							data-label-close={msg.layout.menuClose}
						>
							<MenuIcon className="mobile-menu__icon-open" />
							<CloseIcon className="mobile-menu__icon-close" />
						</summary>
						<div className="mobile-menu__panel">
							<nav aria-label={msg.layout.mainNav}>
								<ul className="mobile-menu__list">
									{MENU.map((section) =>
										section.children ? (
											<li key={section.label}>
												<details name="mobile-menu-section" data-mobile-section="">
													<summary>{section.label}</summary>
													<ul className="mobile-menu__sublist">
														{section.children.map((child) => (
															<li key={child.to + child.label}>
																<a href={child.to} aria-current={current(child.to, pathname)}>
																	{child.label}
																</a>
															</li>
														))}
													</ul>
												</details>
											</li>
										) : (
											<li key={section.label}>
												<a href={section.to} aria-current={current(section.to, pathname)}>
													{section.label}
												</a>
											</li>
										),
									)}
								</ul>
								<a className="button member-button mobile-menu__member" href={memberPlatformUrl} target="_blank" rel="noopener noreferrer">
									{msg.layout.memberPlatform}
									<span className="sr-only"> {msg.layout.newTab}</span>
								</a>
							</nav>
						</div>
					</details>
				</div>
			</div>
		</header>
	)
}
