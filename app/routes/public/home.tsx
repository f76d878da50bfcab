import { Link } from 'react-router'
import { HeroCarousel, type HeroSlide } from '#app/components/hero-carousel.tsx'
import { DEFAULT_HERO_IMAGES } from '#app/lib/default-images.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import type { Route } from './+types/home.ts'

export function meta(args: Route.MetaArgs) {
	return seo(args, {
		title: args.loaderData?.siteName ?? 'NDS Mezunları Derneği',
		description: 'Notre Dame de Sion mezunlarını bir araya getiren derneğin duyuruları, etkinlikleri, bülten arşivi, üyelik ve aidat bilgileri.',
	})
}

export async function loader() {
	const settings = await getSettings()
	return {
		siteName: settings.association.shortName,
		association: settings.association,
	}
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
	const { association } = loaderData
	const slides: Array<HeroSlide> = [
		{ id: 'motto', title: msg.hero.motto, subtitle: `${association.foundedYear}’den beri mezunlarımızı bir araya getiriyoruz.`, image: DEFAULT_HERO_IMAGES[0]! },
		{ id: 'name', title: association.name, subtitle: 'Eski ve yeni kuşakları buluşturan, okul kimliğimizi yaşatan dernek.', image: DEFAULT_HERO_IMAGES[1]! },
		{ id: 'membership', title: 'Derneğimize üye olun', subtitle: 'Burslara, etkinliklere ve dayanışmaya siz de katılın.', href: '/uyelik/nasil-uye-olunur', image: DEFAULT_HERO_IMAGES[2]! },
	]
	return (
		<>
			<h1 className="sr-only">{association.name}</h1>
			<HeroCarousel slides={slides} />
			<section className="section">
				<div className="container container--narrow">
					<span className="eyebrow">Derneğimiz</span>
					<h2>Okulumuzun mezunlarını {association.foundedYear}’den beri bir araya getiriyoruz</h2>
					<p>
						{association.name}, okulumuzun eski ve yeni kuşaklarını buluşturmak, ortak okul kimliğimizi yaşatmak ve kültürel, sanatsal ve sosyal
						çalışmalar yürütmek amacıyla {association.foundedYear} yılında kuruldu.
					</p>
					<p>
						<Link className="button" to="/kurumsal/hakkimizda">
							Hakkımızda
						</Link>
					</p>
				</div>
			</section>
		</>
	)
}
