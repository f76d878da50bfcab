/**
 * The card carousels of the home page (spec §2 "Carousels", §9): an endless
 * loop with cloned cards at both ends. Moving past the last card slides onto
 * the clone of the first, then jumps back to the real first card with the
 * transition off — the same picture, so nothing visibly jumps. 1 card is
 * visible below 640 px, 2 below 1024 px, else 3; previous/next buttons,
 * arrow keys while focus is inside, touch swipe. Focusing a card that is
 * out of view brings it into view.
 */
const CLONES = 3
const SWIPE_PX = 40

function visibleFor(width: number) {
	return width < 640 ? 1 : width < 1024 ? 2 : 3
}

export function enhance(root: HTMLElement) {
	const viewport = root.querySelector<HTMLElement>('[data-carousel-viewport]')
	const track = root.querySelector<HTMLElement>('[data-carousel-track]')
	const prev = root.querySelector<HTMLButtonElement>('[data-carousel-prev]')
	const next = root.querySelector<HTMLButtonElement>('[data-carousel-next]')
	const status = root.querySelector<HTMLElement>('[data-carousel-status]')
	if (!viewport || !track || !prev || !next) return
	const items = [...track.querySelectorAll<HTMLElement>(':scope > [data-carousel-item]')]
	const count = items.length
	if (count === 0) return

	const styles = getComputedStyle(root)
	const cardWidth = Number.parseFloat(styles.getPropertyValue('--card-w')) || 270
	const gap = Number.parseFloat(styles.getPropertyValue('--card-gap')) || 25
	const step = cardWidth + gap
	const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')

	function clone(source: HTMLElement) {
		const copy = source.cloneNode(true) as HTMLElement
		copy.dataset.clone = ''
		copy.removeAttribute('data-carousel-item')
		copy.setAttribute('aria-hidden', 'true')
		copy.inert = true
		for (const el of copy.querySelectorAll('[id]')) el.removeAttribute('id')
		return copy
	}
	const at = (k: number) => items[((k % count) + count) % count] as HTMLElement
	for (let k = 0; k < CLONES; k++) track.prepend(clone(at(count - 1 - k)))
	for (let k = 0; k < CLONES; k++) track.append(clone(at(k)))

	/** Position in the track, clones included: CLONES is the first real card. */
	let position = CLONES
	let visible = visibleFor(window.innerWidth)
	let moving = false
	let settleTimer = 0

	root.dataset.enhanced = 'true'
	prev.hidden = false
	next.hidden = false

	const realIndex = () => (((position - CLONES) % count) + count) % count

	function place(animate: boolean) {
		track!.style.transition = animate && !reducedMotion.matches ? '' : 'none'
		track!.style.transform = `translateX(${-position * step}px)`
		if (!animate || reducedMotion.matches) {
			// Flush so a later animated move starts from here.
			void track!.offsetWidth
			track!.style.transition = ''
		}
	}

	function report() {
		const first = realIndex()
		root.dataset.index = String(first)
		root.dataset.visible = String(Math.min(visible, count))
		const last = (first + Math.min(visible, count) - 1) % count
		if (status) status.textContent = visible >= count ? '' : `${first + 1}${last !== first ? `–${last + 1}` : ''} / ${count}`
	}

	/** After a move onto clones, the same picture from the real cards, without animation. */
	function settle() {
		window.clearTimeout(settleTimer)
		moving = false
		if (position >= CLONES + count || position < CLONES) {
			position = CLONES + realIndex()
			place(false)
		}
	}

	function layout() {
		visible = visibleFor(window.innerWidth)
		const fits = count <= visible
		root.dataset.static = String(fits)
		viewport!.style.width = `${Math.min(visible, count) * cardWidth + (Math.min(visible, count) - 1) * gap}px`
		prev!.hidden = fits
		next!.hidden = fits
		if (fits) position = CLONES
		place(false)
		report()
	}

	function move(delta: number) {
		if (count <= visible) return
		if (moving) settle()
		position += delta
		moving = true
		place(true)
		report()
		const duration = reducedMotion.matches ? 0 : Number.parseFloat(getComputedStyle(track!).transitionDuration) * 1000 || 0
		if (duration === 0) settle()
		else settleTimer = window.setTimeout(settle, duration + 60)
	}

	track.addEventListener('transitionend', (event) => {
		if (event.target === track && event.propertyName === 'transform') settle()
	})
	prev.addEventListener('click', () => move(-1))
	next.addEventListener('click', () => move(1))
	root.addEventListener('keydown', (event) => {
		if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
		if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
		event.preventDefault()
		const onCard = track!.contains(event.target as Node)
		move(event.key === 'ArrowLeft' ? -1 : 1)
		// Focus must not stay on a card that slid out of view: it follows to the first card shown.
		if (onCard) items[realIndex()]?.querySelector<HTMLElement>('a[href]')?.focus({ preventScroll: true })
	})

	// A card reached with Tab comes into view (the viewport must not scroll by itself).
	viewport.addEventListener('scroll', () => {
		viewport.scrollLeft = 0
	})
	track.addEventListener('focusin', (event) => {
		const item = (event.target as HTMLElement).closest<HTMLElement>('[data-carousel-item]')
		if (!item || count <= visible) return
		const index = items.indexOf(item)
		const first = realIndex()
		const offset = (index - first + count) % count
		if (offset < visible) return
		settle()
		position = CLONES + (offset === count - 1 || index < first ? index : index - visible + 1)
		place(false)
		report()
	})

	let startX: number | null = null
	let startY = 0
	viewport.addEventListener('pointerdown', (event) => {
		if (event.pointerType === 'mouse') return
		startX = event.clientX
		startY = event.clientY
	})
	viewport.addEventListener('pointerup', (event) => {
		if (startX === null) return
		const dx = event.clientX - startX
		const dy = event.clientY - startY
		startX = null
		if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) move(dx < 0 ? 1 : -1)
	})
	viewport.addEventListener('pointercancel', () => {
		startX = null
	})

	let resizeFrame = 0
	window.addEventListener('resize', () => {
		cancelAnimationFrame(resizeFrame)
		resizeFrame = requestAnimationFrame(() => {
			if (visibleFor(window.innerWidth) !== visible) layout()
		})
	})
	layout()
}
