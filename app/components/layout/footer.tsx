import { FacebookIcon, InstagramIcon, YoutubeIcon } from '#app/components/ui/icons.tsx'
import { Logo } from '#app/components/ui/logo.tsx'
import { MastercardLogo, VisaLogo } from '#app/components/ui/payment-logos.tsx'
import { msg } from '#app/lib/messages.ts'
import { FOOTER_LINKS } from './menu.ts'

export type FooterProps = {
	siteName: string
	motto: string
	/** A sentence or two about the association (settings; empty: none). */
	about: string
	/** Shown after `© {year}` (settings). */
	copyright: string
	year: number
	addressLines: Array<string>
	/** Empty addresses are accounts the association does not have: left out. */
	social: { instagram: string; youtube: string; facebook: string }
}

export function Footer({ siteName, motto, about, copyright, year, addressLines, social }: FooterProps) {
	const socialLinks = [
		{ label: 'Instagram', href: social.instagram, Icon: InstagramIcon },
		{ label: 'YouTube', href: social.youtube, Icon: YoutubeIcon },
		{ label: 'Facebook', href: social.facebook, Icon: FacebookIcon },
	].filter((link) => link.href)
	return (
		<footer className="site-footer">
			<div className="container site-footer__grid">
				<div className="site-footer__brand">
					<a href="/" className="brand">
						<Logo className="brand__logo" />
						<span className="brand__name">{siteName}</span>
					</a>
					<p className="site-footer__motto">{motto}</p>
					{about ? <p className="site-footer__about">{about}</p> : null}
					<address style={{ fontStyle: 'normal' }}>
						{addressLines.map((line) => (
							<span key={line} style={{ display: 'block' }}>
								{line}
							</span>
						))}
					</address>
				</div>
				<nav aria-labelledby="footer-links-title">
					<h2 id="footer-links-title">{msg.layout.footerLinks}</h2>
					<ul className="site-footer__links">
						{FOOTER_LINKS.map((link) => (
							<li key={link.to}>
								<a href={link.to}>{link.label}</a>
							</li>
						))}
					</ul>
				</nav>
				{socialLinks.length > 0 ? (
					<div>
						<h2 id="footer-social-title">{msg.layout.socialLinks}</h2>
						<ul className="social-links" aria-labelledby="footer-social-title">
							{socialLinks.map(({ label, href, Icon }) => (
								<li key={label}>
									<a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label} ${msg.layout.newTab}`}>
										<Icon />
									</a>
								</li>
							))}
						</ul>
					</div>
				) : null}
			</div>
			<div className="container site-footer__bottom">
				<p>
					© {year} {copyright}
				</p>
				<ul className="site-footer__legal">
					<li>
						<a href="/gizlilik-sozlesmesi">{msg.layout.privacy}</a>
					</li>
					<li>
						<a href="/iptal-iade-sartlari">{msg.layout.refund}</a>
					</li>
				</ul>
				<div className="payment-logos" role="group" aria-label={msg.layout.paymentMethods}>
					<VisaLogo />
					<MastercardLogo />
				</div>
			</div>
		</footer>
	)
}
