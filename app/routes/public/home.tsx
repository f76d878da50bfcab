import { CardCarousel, type CarouselState } from '#app/components/content/card-carousel.tsx'
import type { CardData } from '#app/components/content/content-card.tsx'
import { PublicationsGrid } from '#app/components/content/publications-grid.tsx'
import { HeroCarousel } from '#app/components/hero-carousel.tsx'
import { listHomeAnnouncements } from '#app/features/announcements/announcements.server.ts'
import { listBulletinCovers } from '#app/features/bulletins/bulletins.server.ts'
import { listUpcomingCalendarEntries } from '#app/features/calendar/calendar.server.ts'
import { listHomeEvents } from '#app/features/events/events.server.ts'
import { listFeaturedSlides } from '#app/features/home/featured.server.ts'
import { listHeroSlides, pickHeroSlides } from '#app/features/home/hero-slides.server.ts'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { msg } from '#app/lib/messages.ts'
import { safeRead, type SafeRead } from '#app/lib/safe-read.server.ts'
import { seo } from '#app/lib/seo.ts'
import { organizationLd } from '#app/lib/structured-data.ts'
import { formatDate, formatTime } from '#app/lib/tr.ts'
import type { Route } from './+types/home.ts'
import '#app/styles/content.css'

export function meta(args: Route.MetaArgs) {
	return [
		...seo(args, {
			title: args.loaderData?.siteName ?? DEFAULT_SETTINGS.association.shortName,
			description:
				'Notre Dame de Sion mezunlarını bir araya getiren derneğin duyuruları, etkinlikleri, ajandası, bülten arşivi, üyelik ve aidat bilgileri.',
		}),
		...organizationLd(args),
	]
}

/** A hidden section (null) stays hidden. */
function toCarousel<T>(read: SafeRead<Array<T>> | null, toCard: (item: T) => CardData): CarouselState | null {
	if (!read) return null
	return read.ok ? { ok: true, cards: read.data.map(toCard) } : { ok: false, error: read.error }
}

export async function loader() {
	const now = new Date()
	const settings = await getSettings()
	// A section the admin hid ("Ana sayfa") is not read at all: null.
	const show = settings.homeSections
	const [featured, defaults, agenda, announcements, events, covers] = await Promise.all([
		safeRead(() => listFeaturedSlides({ now }), '', 'featured'),
		safeRead(() => listHeroSlides(), '', 'hero slides'),
		show.agenda ? safeRead(() => listUpcomingCalendarEntries({ now }), msg.agenda.readError, 'agenda') : null,
		show.announcements ? safeRead(() => listHomeAnnouncements({ now }), msg.announcements.readError, 'announcements') : null,
		show.events ? safeRead(() => listHomeEvents(), msg.events.readError, 'events') : null,
		show.publications ? safeRead(() => listBulletinCovers(), '', 'bulletin covers') : null,
	])
	return {
		siteName: settings.association.shortName,
		association: settings.association,
		intro: show.intro,
		slides: pickHeroSlides(featured.ok ? featured.data : [], defaults.ok ? defaults.data : []),
		agenda,
		announcements: toCarousel(announcements, (a) => ({
			key: `a${a.id}`,
			title: a.title,
			excerpt: a.excerpt,
			href: a.href,
			external: a.external,
			image: a.image,
			meta: a.publishedAt ? formatDate(a.publishedAt) : null,
			dateTime: a.publishedAt,
		})),
		events: toCarousel(events, (e) => ({
			key: `e${e.id}`,
			title: e.title,
			excerpt: e.excerpt,
			href: e.href,
			image: e.image,
			meta: e.startsAt ? `${formatDate(e.startsAt)} · ${formatTime(e.startsAt)}` : null,
			dateTime: e.startsAt,
		})),
		covers: covers?.ok ? covers.data.map((c) => ({ key: String(c.id), label: c.label, href: c.href, image: c.image })) : [],
	}
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
	const { association, intro, slides, agenda, announcements, events, covers } = loaderData
	return (
		<>
			<h1 className="sr-only">{association.name}</h1>
			<HeroCarousel slides={slides} />

			{agenda ? (
				<section className="agenda" aria-labelledby="ajanda-baslik">
					<div className="container agenda__inner">
						<h2 id="ajanda-baslik" className="agenda__title">
							{msg.agenda.title}
						</h2>
						{!agenda.ok ? (
							<p className="error-text agenda__empty" role="alert">
								{agenda.error}
							</p>
						) : agenda.data.length === 0 ? (
							<p className="agenda__empty">{msg.agenda.empty}</p>
						) : (
							<ol className="agenda__list">
								{agenda.data.map((item) => (
									<li key={item.key} className="agenda__item">
										<time className="agenda__date" dateTime={item.date}>
											<span className="agenda__day">{item.day}</span>
											<span className="agenda__month">{item.monthLabel}</span>
										</time>
										{item.href ? (
											<a className="agenda__text" href={item.href}>
												{item.title}
											</a>
										) : (
											<span className="agenda__text">{item.title}</span>
										)}
									</li>
								))}
							</ol>
						)}
						<a className="agenda__link" href="/duyurular/takvim">
							{msg.agenda.viewCalendar}
						</a>
					</div>
				</section>
			) : null}

			{announcements ? (
				<CardCarousel
					id="duyurular"
					title={msg.nav.announcements}
					state={announcements}
					emptyMessage={msg.announcements.empty}
					cardHeight={460}
					previousLabel={msg.announcements.previous}
					nextLabel={msg.announcements.next}
					seeAll={{ href: '/duyurular', label: msg.announcements.seeAll }}
				/>
			) : null}

			{intro ? (
				<section className="section section--soft home-intro" aria-labelledby="dernegimiz-baslik">
					<div className="container container--narrow">
						<span className="eyebrow">Derneğimiz</span>
						<h2 id="dernegimiz-baslik">Okulumuzun mezunlarını {association.foundedYear}’den beri bir araya getiriyoruz</h2>
						<p>
							{association.name}, okulumuzun eski ve yeni kuşaklarını buluşturmak, ortak okul kimliğimizi yaşatmak ve kültürel, sanatsal ve sosyal
							çalışmalar yürütmek amacıyla {association.foundedYear} yılında kuruldu.
						</p>
						<p>
							<a className="button" href="/kurumsal/hakkimizda">
								{msg.nav.about}
							</a>
						</p>
					</div>
				</section>
			) : null}

			{events ? (
				<CardCarousel
					id="etkinlikler"
					title={msg.nav.events}
					state={events}
					emptyMessage={msg.events.upcomingEmpty}
					cardHeight={480}
					previousLabel={msg.events.previous}
					nextLabel={msg.events.next}
					seeAll={{ href: '/duyurular/etkinlikler', label: msg.events.seeAll }}
				/>
			) : null}

			{covers.length > 0 ? (
				<section className="section section--soft home-publications" aria-labelledby="yayinlar-baslik">
					<div className="container publications__layout">
						<div className="publications__text">
							<span className="eyebrow">Bülten</span>
							<h2 id="yayinlar-baslik">{msg.bulletins.publications}</h2>
							<p>Derneğimizin aylık bültenlerinde duyurular, etkinlik notları, mezunlarımızdan haberler ve söyleşiler yer alıyor.</p>
							<p>
								<a className="button button--ghost" href="/duyurular/bulten-arsivi">
									{msg.bulletins.archiveLink}
								</a>
							</p>
						</div>
						<PublicationsGrid covers={covers} />
					</div>
				</section>
			) : null}
		</>
	)
}
