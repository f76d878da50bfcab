import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '#app/components/ui/icons.tsx'
import { isExternalHref } from '#app/lib/links.ts'
import type { ImageRef } from '#app/lib/media.ts'
import { msg } from '#app/lib/messages.ts'

export type HeroSlide = {
	id: string
	title: string
	subtitle?: string | null
	href?: string | null
	/** With a link: shown as a button under the text, and the title stays plain. */
	linkLabel?: string | null
	image: ImageRef
}

function SlideLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
	return isExternalHref(href) ? (
		<a className={className} href={href} target="_blank" rel="noopener noreferrer">
			{children}
		</a>
	) : (
		<Link className={className} to={href}>
			{children}
		</Link>
	)
}

/** Spec §9: a new slide every 6000 ms. */
export const HERO_INTERVAL_MS = 6000

/**
 * Spec §2 "Layout": slides with image, title and optional subtitle. The
 * server renders the first slide; app/enhance/hero.ts adds previous/next,
 * dots, arrow keys, the 6 s rotation (paused on hover and focus, off under
 * reduced motion) and the pause/play control (WCAG 2.2.2).
 */
export function HeroCarousel({ slides, label = msg.hero.carousel }: { slides: Array<HeroSlide>; label?: string }) {
	const count = slides.length
	if (count === 0) return null
	return (
		<section
			className="hero"
			aria-roledescription="carousel"
			aria-label={label}
			data-hero=""
			data-interval={HERO_INTERVAL_MS}
			tabIndex={-1}
		>
			<div className="hero__slides" aria-live="off" data-hero-live="">
				{slides.map((slide, i) => {
					const active = i === 0
					return (
						<div
							key={slide.id}
							className="hero__slide"
							role="group"
							aria-roledescription="slide"
							aria-label={msg.hero.slideLabel(i + 1, count)}
							data-hero-slide=""
							data-active={active ? 'true' : 'false'}
							aria-hidden={active ? undefined : true}
							inert={!active}
						>
							<img
								className="hero__image"
								src={slide.image.src}
								srcSet={slide.image.srcSet}
								sizes="100vw"
								width={slide.image.width}
								height={slide.image.height}
								alt=""
								loading={active ? 'eager' : 'lazy'}
								fetchPriority={active ? 'high' : undefined}
								decoding={active ? 'sync' : 'async'}
							/>
							<div className="container hero__content">
								<h2 className="hero__title">
									{slide.href && !slide.linkLabel ? <SlideLink href={slide.href}>{slide.title}</SlideLink> : slide.title}
								</h2>
								{slide.subtitle ? <p className="hero__subtitle">{slide.subtitle}</p> : null}
								{slide.href && slide.linkLabel ? (
									<p className="hero__action">
										<SlideLink className="button button--gold" href={slide.href}>
											{slide.linkLabel}
										</SlideLink>
									</p>
								) : null}
							</div>
						</div>
					)
				})}
			</div>
			{count > 1 ? (
				<div className="hero__controls" data-hero-controls="" hidden>
					<button type="button" className="hero__arrow" aria-label={msg.hero.previous} data-hero-prev="">
						<ChevronLeftIcon />
					</button>
					<ul className="hero__dots">
						{slides.map((slide, i) => (
							<li key={slide.id}>
								<button
									type="button"
									className="hero__dot"
									aria-label={msg.hero.goTo(i + 1)}
									aria-current={i === 0 ? 'true' : undefined}
									data-hero-dot={i}
								/>
							</li>
						))}
					</ul>
					<button type="button" className="hero__arrow" aria-label={msg.hero.next} data-hero-next="">
						<ChevronRightIcon />
					</button>
					<button
						type="button"
						className="hero__pause"
						aria-label={msg.hero.pause}
						data-hero-toggle=""
						data-label-pause={msg.hero.pause}
						data-label-play={msg.hero.play}
					>
						<PauseIcon className="hero__icon-pause" />
						<PlayIcon className="hero__icon-play" />
					</button>
				</div>
			) : null}
		</section>
	)
}
