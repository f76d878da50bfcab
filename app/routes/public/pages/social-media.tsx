import { PageHero } from '#app/components/page-hero.tsx'
import { FacebookIcon, InstagramIcon, UsersIcon, YoutubeIcon } from '#app/components/ui/icons.tsx'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requireSectionedPage } from '#app/features/pages/pages.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { defaultHero } from '#app/lib/default-images.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/social-media.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.socialMediaPage, description: args.loaderData?.page.description ?? '' })
}

export async function loader() {
	const [page, settings] = await Promise.all([requireSectionedPage('nds-sosyal-medya'), getSettings()])
	return { page, social: settings.social }
}

export const handle: SiteHandle = { navTheme: 'auto' }

export default function SocialMediaRoute({ loaderData: { page, social } }: Route.ComponentProps) {
	// Spec §2: photo-sharing, video and community-group accounts (those the association has: settings).
	const accounts = [
		{ href: social.instagram, name: 'Instagram', text: 'Etkinliklerimizden fotoğraflar ve duyurular', Icon: InstagramIcon },
		{ href: social.youtube, name: 'YouTube', text: 'Söyleşi, tören ve konser kayıtlarımız', Icon: YoutubeIcon },
		{ href: social.communityGroup, name: 'Facebook mezun grubu', text: 'Mezunlarımızın buluşup haberleştiği topluluk', Icon: FacebookIcon },
	].filter((account) => account.href)
	return (
		<>
			<PageHero title={page.title} image={defaultHero(0)} />
			<div className="container container--narrow section">
				<Prose html={page.introHtml} />
				<ul className="social-cards">
					{accounts.map(({ href, name, text, Icon }) => (
						<li key={name}>
							<a className="social-card" href={href} target="_blank" rel="noopener noreferrer">
								<Icon className="social-card__icon" size={32} />
								<span className="social-card__name">{name}</span>
								<span className="social-card__text">{text}</span>
								<span className="sr-only"> {msg.layout.newTab}</span>
							</a>
						</li>
					))}
				</ul>
				{page.sections.map((section) => (
					<section key={section.id} className="notice disclaimer" aria-labelledby={section.id}>
						<h2 id={section.id}>
							<UsersIcon className="disclaimer__icon" size={24} />
							{section.title}
						</h2>
						<div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} />
					</section>
				))}
			</div>
		</>
	)
}
