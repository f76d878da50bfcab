import { ContentImage } from '#app/components/content/content-image.tsx'
import { Pagination } from '#app/components/content/pagination.tsx'
import { SmartLink } from '#app/components/content/smart-link.tsx'
import { PageHero } from '#app/components/page-hero.tsx'
import {
	listMemberPerksPage,
	listPerkCategoryCounts,
	pageOfPerk,
	type MemberPerk,
	type PerkCategory,
} from '#app/features/member-perks/member-perks.server.ts'
import { CATEGORY_PARAM, PERK_PARAM } from '#app/features/member-perks/member-perks.shared.ts'
import { CachedPart } from '#app/lib/cached-parts.tsx'
import { DEFAULT_HERO_IMAGES } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { parsePageParam, PAGE_PARAM } from '#app/lib/pagination.ts'
import { safeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/member-perks.ts'
import '#app/styles/content.css'

export function meta(args: Route.MetaArgs) {
	const selected = args.loaderData?.selected
	const title = selected ? `${msg.nav.perks} – ${selected.label}` : msg.nav.perks
	const page = args.loaderData?.page?.page ?? 1
	return seo(args, {
		title: page > 1 ? msg.common.pagedTitle(title, page) : title,
		description: 'Mezunlarımızın işletmelerinden dernek üyelerine özel indirimler ve avantajlar: yeme-içme, sağlık, kültür-sanat, eğitim ve daha fazlası.',
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const key = url.searchParams.get(CATEGORY_PARAM)
	const perk = url.searchParams.get(PERK_PARAM)
	const list = await safeRead(
		async () => {
			const categories = await listPerkCategoryCounts()
			const selected = categories.find((c) => c.key === key) ?? null
			// A link to one perk (site search) opens the page that shows it; an explicit page wins.
			const page =
				url.searchParams.has(PAGE_PARAM) || !perk || !/^\d{1,9}$/.test(perk)
					? parsePageParam(url.searchParams.get(PAGE_PARAM))
					: ((await pageOfPerk(Number(perk), selected)) ?? 1)
			return { categories, selected, ...(await listMemberPerksPage({ categories, category: selected, page })) }
		},
		msg.perks.readError,
		'member perks',
	)
	const data = list.ok ? list.data : null
	return {
		error: list.ok ? null : list.error,
		categories: (data?.categories ?? []).map(({ key, label, count }) => ({ key, label, count })),
		selected: data?.selected ? { key: data.selected.key, label: data.selected.label } : null,
		perks: data?.items ?? [],
		page: data?.page ?? null,
		// The other pages' links leave the perk out: page 1 is the list's first page, not the perk's.
		search: withoutParam(url.searchParams, PERK_PARAM),
	}
}

function withoutParam(params: URLSearchParams, name: string) {
	const kept = new URLSearchParams(params)
	kept.delete(name)
	return kept.size > 0 ? `?${kept}` : ''
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function MemberPerksRoute({ loaderData }: Route.ComponentProps) {
	const { error, categories, selected, perks, page, search } = loaderData
	return (
		<>
			<PageHero title={msg.perks.title} lead="Mezunlarımızın işletmelerinde dernek üyelerimize özel indirimler." image={DEFAULT_HERO_IMAGES[1]} />
			<section className="section">
				<div className="container">
					{categories.length > 0 ? (
						// The chips (a chip a category, 83 at ×100 content) depend on the categories and which one is chosen.
						<CachedPart cacheKey={`perk-chips ${selected?.key ?? ''}`} same={categories.flatMap((c) => [c.key, c.label, c.count])}>
							<CategoryChips categories={categories} selectedKey={selected?.key ?? null} />
						</CachedPart>
					) : null}
					{error ? (
						<p className="error-text" role="alert">
							{error}
						</p>
					) : perks.length === 0 ? (
						<p className="empty-state">{msg.perks.empty}</p>
					) : (
						<>
						<ul className="perk-grid">
							{perks.map((perk) => (
								// A perk's markup is its data's alone: made once per process and reused by every page showing it
								// until what it shows changes (24 a page, with their contacts, were most of an uncached render).
								<CachedPart key={perk.id} cacheKey={`perk ${perk.id}`} same={perkShown(perk)}>
									<PerkItem perk={perk} />
								</CachedPart>
							))}
						</ul>
						{page ? <Pagination page={page} search={search} /> : null}
						</>
					)}
				</div>
			</section>
		</>
	)
}

/** What a perk's markup shows, for its kept part (app/lib/cached-parts.tsx). */
function perkShown(perk: MemberPerk) {
	return [
		perk.businessName,
		perk.category,
		perk.discount,
		perk.discountCode,
		perk.alumnusName,
		perk.logo?.src,
		perk.logo?.srcSet,
		perk.logo?.width,
		perk.logo?.height,
		...perk.contacts.flatMap((contact) => [contact.kind, contact.text, contact.href]),
	]
}

function PerkItem({ perk }: { perk: MemberPerk }) {
	return (
		<li id={`avantaj-${perk.id}`} className="perk">
			<div className="perk__logo">
				<ContentImage image={perk.logo} alt="" sizes="96px" width={96} height={96} />
			</div>
			<div className="perk__body">
				<p className="perk__category">{perk.category}</p>
				<h2 className="perk__name">{perk.businessName}</h2>
				{perk.discount ? <p className="perk__discount">{perk.discount}</p> : null}
				<dl className="perk__facts">
					{perk.discountCode ? (
						<div>
							<dt>{msg.perks.code}</dt>
							<dd>
								<code>{perk.discountCode}</code>
							</dd>
						</div>
					) : null}
					{perk.alumnusName ? (
						<div>
							<dt>{msg.perks.alumnus}</dt>
							<dd>{perk.alumnusName}</dd>
						</div>
					) : null}
				</dl>
				{perk.contacts.length > 0 ? (
					<details className="perk__contact">
						<summary>
							{msg.perks.contact}
							<span className="sr-only">: {perk.businessName}</span>
						</summary>
						<ul className="perk__contacts">
							{perk.contacts.map((contact) => (
								<li key={contact.kind} data-contact={contact.kind}>
									<span className="perk__contact-kind">{msg.perks.contactKinds[contact.kind]}</span>
									{contact.kind === 'address' ? (
										<address>{contact.text}</address>
									) : contact.href ? (
										<SmartLink href={contact.href}>{contact.text}</SmartLink>
									) : (
										<span>{contact.text}</span>
									)}
								</li>
							))}
						</ul>
					</details>
				) : null}
			</div>
		</li>
	)
}

function CategoryChips({ categories, selectedKey }: { categories: Array<Pick<PerkCategory, 'key' | 'label' | 'count'>>; selectedKey: string | null }) {
	return (
		<nav className="chips" aria-label={msg.perks.categories}>
			<ul>
				<li>
					<a className="chip" href="/uyelik/uyelere-avantajlar" aria-current={selectedKey ? undefined : 'page'}>
						{msg.perks.all}
					</a>
				</li>
				{categories.map((c) => (
					<li key={c.key}>
						<a className="chip" href={`?${CATEGORY_PARAM}=${encodeURIComponent(c.key)}`} aria-current={selectedKey === c.key ? 'page' : undefined}>
							{c.label}
							<span className="chip__count" aria-hidden="true">
								{c.count}
							</span>
						</a>
					</li>
				))}
			</ul>
		</nav>
	)
}
