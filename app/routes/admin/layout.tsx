import { useId, useState } from 'react'
import { data, Form, NavLink, Outlet, useLocation } from 'react-router'
import { readReleaseNotes } from '#app/features/admin/release-notes.server.ts'
import { countUnreadContactMessages } from '#app/features/contact/contact.server.ts'
import { AdminSearchContext, ADMIN_SECTIONS, mayOpen, SECTION_GROUPS } from '#app/features/admin/sections.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { avatarColour, displayName, initialOf } from '#app/features/users/display-name.ts'
import { CloseIcon, MenuIcon } from '#app/components/ui/icons.tsx'
import { Logo } from '#app/components/ui/logo.tsx'
import { getAdminUser, requireAdmin } from '#app/lib/auth-guard.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { formatDate } from '#app/lib/tr.ts'
import type { Route } from './+types/layout.ts'
import '#app/styles/admin.css'

export const handle: SiteHandle = { navTheme: 'light', hideNavbar: true, hideFooter: true, hydrate: true }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: msg.admin.panelTitle, description: msg.admin.panelDescription, noindex: true })
}

/** The admin search over every section (app/routes/admin/search.tsx). */
const SEARCH_PATH = '/admin/ara'

export const middleware: Array<Route.MiddlewareFunction> = [requireAdmin]

/** Unread contact form messages for the sidebar (yöneticiler only, like the section); a failed count shows none rather than no admin. */
async function unreadMessagesFor(role: string): Promise<number> {
	if (role !== 'admin') return 0
	try {
		return await countUnreadContactMessages()
	} catch (error) {
		logger.warn({ err: error }, 'counting unread contact messages failed')
		return 0
	}
}

export async function loader({ context }: Route.LoaderArgs) {
	const user = getAdminUser(context)
	return data(
		{
			user: { email: user.email, name: displayName({ fullName: user.fullName, email: user.email }), role: user.role },
			releaseNotes: await readReleaseNotes(),
			brand: (await getSettings()).association.shortName,
			unreadMessages: await unreadMessagesFor(user.role),
		},
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

export default function AdminLayoutRoute({ loaderData }: Route.ComponentProps) {
	const { user, releaseNotes, brand, unreadMessages } = loaderData
	const location = useLocation()
	// The filter text and the open menu belong to the address they were made
	// on: a new tab starts with an empty filter and a closed menu.
	// On the search page the box shows what was searched.
	const searched = location.pathname === SEARCH_PATH ? (new URLSearchParams(location.search).get('q') ?? '') : ''
	const [filter, setFilter] = useState({ at: location.key, text: searched })
	const query = filter.at === location.key ? filter.text : searched
	const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null)
	const menuOpen = menuOpenAt === location.key
	const setQuery = (text: string) => setFilter({ at: location.key, text })
	const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? location.key : null)
	const searchId = useId()
	const searchHintId = useId()

	return (
		<div className="admin" data-menu-open={menuOpen ? 'true' : undefined}>
			<aside className="admin-sidebar" id="admin-sidebar" aria-label={msg.admin.menu}>
				<div className="admin-sidebar__brand">
					<Logo className="admin-sidebar__logo" />
					<span>
						{brand}
						<small>{msg.admin.panelTitle}</small>
					</span>
				</div>
				<nav aria-label={msg.admin.sectionsNav} className="admin-nav">
					{SECTION_GROUPS.map((group) => {
						const sections = ADMIN_SECTIONS.filter((section) => section.group === group.id && mayOpen(user.role, section.access))
						if (sections.length === 0) return null
						return (
							<div key={group.id} className="admin-nav__group">
								<h2 className="admin-nav__heading" id={`admin-nav-${group.id}`}>
									{group.label}
								</h2>
								<ul className="admin-tabs" aria-labelledby={`admin-nav-${group.id}`}>
									{sections.map((section) => (
										<li key={section.slug}>
											<NavLink to={`/admin/${section.slug}`} className="admin-tabs__link">
												{section.label}
												{section.slug === 'mesajlar' && unreadMessages > 0 ? (
													<span className="admin-tabs__badge">
														<span aria-hidden="true">{unreadMessages}</span>
														<span className="sr-only">{` (${msg.contactAdmin.unreadCount(unreadMessages)})`}</span>
													</span>
												) : null}
											</NavLink>
										</li>
									))}
								</ul>
							</div>
						)
					})}
				</nav>
				<div className="admin-tip">
					<strong>{msg.admin.tipTitle}</strong>
					<p>{msg.admin.tip}</p>
				</div>
				{releaseNotes.length > 0 ? (
					<details className="admin-release-notes">
						<summary>{msg.admin.releaseNotes}</summary>
						{releaseNotes.map((note) => (
							<section key={`${note.name} ${note.date}`}>
								<h2>
									{note.name}
									{note.date ? <small> · {formatDate(note.date)}</small> : null}
								</h2>
								<ul>
									{note.items.map((item) => (
										<li key={item}>{item}</li>
									))}
								</ul>
							</section>
						))}
					</details>
				) : null}
			</aside>

			<div className="admin-main">
				<header className="admin-topbar">
					<button
						type="button"
						className="icon-button admin-topbar__menu"
						aria-controls="admin-sidebar"
						aria-expanded={menuOpen}
						aria-label={menuOpen ? msg.layout.menuClose : msg.layout.menuOpen}
						onClick={() => setMenuOpen(!menuOpen)}
					>
						{menuOpen ? <CloseIcon /> : <MenuIcon />}
					</button>
					{/* Typing filters the open section's list; Enter (a plain GET form) searches every section at /admin/ara. */}
					<Form method="get" action={SEARCH_PATH} className="admin-search" role="search">
						<label htmlFor={searchId} className="sr-only">
							{msg.admin.search}
						</label>
						<input
							id={searchId}
							type="search"
							name="q"
							placeholder={msg.admin.searchPlaceholder}
							aria-describedby={searchHintId}
							value={query}
							onChange={(event) => setQuery(event.target.value)}
							autoComplete="off"
						/>
						<span id={searchHintId} className="sr-only">
							{msg.admin.searchHint}
						</span>
					</Form>
					<div className="admin-user">
						<span className="admin-avatar" style={{ backgroundColor: avatarColour(user.name) }} aria-hidden="true">
							{initialOf(user.name)}
						</span>
						<span className="admin-user__welcome">
							{msg.admin.welcome} <strong>{user.name}</strong>
						</span>
					</div>
					<a href="/" className="button button--ghost admin-topbar__home">
						{msg.layout.backToSite}
					</a>
					<Form method="post" action="/cikis" replace>
						<button type="submit" className="button admin-topbar__signout">
							{msg.auth.signOut}
						</button>
					</Form>
				</header>
				<div className="admin-content">
					<AdminSearchContext.Provider value={query}>
						<Outlet />
					</AdminSearchContext.Provider>
				</div>
			</div>
		</div>
	)
}
