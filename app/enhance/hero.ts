/**
 * The hero carousel (spec §2 "Layout", §9): previous/next, dots, arrow keys,
 * a new slide every `data-interval` ms that wraps, pauses while hovered or
 * focused, does not move under reduced motion unless the user presses play.
 */
export function enhance(root: HTMLElement) {
	const slides = [...root.querySelectorAll<HTMLElement>('[data-hero-slide]')]
	const controls = root.querySelector<HTMLElement>('[data-hero-controls]')
	if (slides.length < 2 || !controls) return
	const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-hero-dot]')]
	const toggle = root.querySelector<HTMLButtonElement>('[data-hero-toggle]')
	const live = root.querySelector<HTMLElement>('[data-hero-live]')
	const interval = Number(root.dataset.interval) || 6000
	const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')

	let index = 0
	let preference: 'auto' | 'playing' | 'paused' = 'auto'
	let hovered = false
	let focused = false
	let timer = 0

	const playing = () => preference === 'playing' || (preference === 'auto' && !reducedMotion.matches)

	function show(next: number) {
		index = ((next % slides.length) + slides.length) % slides.length
		slides.forEach((slide, i) => {
			const active = i === index
			slide.dataset.active = String(active)
			slide.toggleAttribute('inert', !active)
			if (active) slide.removeAttribute('aria-hidden')
			else slide.setAttribute('aria-hidden', 'true')
			if (active) {
				const img = slide.querySelector('img')
				if (img?.loading === 'lazy') img.loading = 'eager'
			}
		})
		dots.forEach((dot, i) => {
			if (i === index) dot.setAttribute('aria-current', 'true')
			else dot.removeAttribute('aria-current')
		})
		schedule()
	}

	function schedule() {
		window.clearTimeout(timer)
		const moving = playing() && !hovered && !focused
		live?.setAttribute('aria-live', moving ? 'off' : 'polite')
		if (toggle) {
			toggle.dataset.playing = String(playing())
			toggle.setAttribute('aria-label', (playing() ? toggle.dataset.labelPause : toggle.dataset.labelPlay) ?? '')
		}
		if (moving) timer = window.setTimeout(() => show(index + 1), interval)
	}

	controls.hidden = false
	root.querySelector('[data-hero-prev]')?.addEventListener('click', () => show(index - 1))
	root.querySelector('[data-hero-next]')?.addEventListener('click', () => show(index + 1))
	dots.forEach((dot, i) => dot.addEventListener('click', () => show(i)))
	toggle?.addEventListener('click', () => {
		preference = playing() ? 'paused' : 'playing'
		schedule()
	})
	// Arrow keys act when focus is in the carousel, or on the page itself
	// while the carousel is on screen (never while typing in a field).
	document.addEventListener('keydown', (event) => {
		if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
		if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
		const target = event.target as Node | null
		const onPage = target === document.body || target === document.documentElement
		if (!(target && root.contains(target)) && !(onPage && isOnScreen(root))) return
		event.preventDefault()
		show(event.key === 'ArrowLeft' ? index - 1 : index + 1)
	})
	root.addEventListener('mouseenter', () => {
		hovered = true
		schedule()
	})
	root.addEventListener('mouseleave', () => {
		hovered = false
		schedule()
	})
	root.addEventListener('focusin', () => {
		focused = true
		schedule()
	})
	root.addEventListener('focusout', (event) => {
		if (!root.contains(event.relatedTarget as Node | null)) {
			focused = false
			schedule()
		}
	})
	reducedMotion.addEventListener('change', schedule)
	document.addEventListener('visibilitychange', schedule)
	// Pointer or focus already on the carousel before this script arrived.
	hovered = root.matches(':hover')
	focused = root.contains(document.activeElement)
	schedule()
}

function isOnScreen(element: HTMLElement) {
	const rect = element.getBoundingClientRect()
	return rect.bottom > 0 && rect.top < window.innerHeight
}
