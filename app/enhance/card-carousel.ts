/**
 * The card carousels of the home page (spec §2 "Carousels", §9): an endless
 * loop with cloned cards at both ends. Moving past the last card slides onto
 * the clone of the first, then jumps back to the real first card with the
 * transition off — the same picture, so nothing visibly jumps. 1 card is
 * visible below 640 px, 2 below 1024 px, else 3; previous/next buttons,
 * arrow keys while focus is inside, touch swipe. Focusing a card that is
 * out of view brings it into view.
 *
 * Starting costs the page no layout of its own: the card size comes from
 * the frame's inline style, the number of cards from media queries, and the
 * track's first place is set without reading it back (reading computed
 * styles, the window's width or a size would lay the page out there and
 * then: on a phone that was one of the longest tasks of the home page).
 */
const CLONES = 3
const SWIPE_PX = 40

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

	// The component sets both on the frame's style attribute (CARD_WIDTH, CARD_GAP).
	const cardWidth = Number.parseFloat(root.style.getPropertyValue('--card-w')) || 270
	const gap = Number.parseFloat(root.style.getPropertyValue('--card-gap')) || 25
	const step = cardWidth + gap
	const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)')
	const twoOrMore = matchMedia('(min-width: 640px)')
	const three = matchMedia('(min-width: 1024px)')
	const visibleNow = () => (three.matches ? 3 : twoOrMore.matches ? 2 : 1)

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
	let visible = visibleNow()
	let moving = false
	let settleTimer: ReturnType<typeof setTimeout> | undefined

	root.dataset.enhanced = 'true'
	prev.hidden = false
	next.hidden = false

	const realIndex = () => (((position - CLONES) % count) + count) % count

	/**
	 * Moves the track to `position`. Without animation the transition is off and the move is flushed, so
	 * a later animated move starts from here; `flush: false` (at start) leaves the transition off until
	 * the first move instead, which turns it back on in the same change as its new place.
	 */
	function place(animate: boolean, flush = true) {
		track!.style.transition = animate && !reducedMotion.matches ? '' : 'none'
		track!.style.transform = `translateX(${-position * step}px)`
		if ((!animate || reducedMotion.matches) && flush) {
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
		clearTimeout(settleTimer)
		moving = false
		if (position >= CLONES + count || position < CLONES) {
			position = CLONES + realIndex()
			place(false)
		}
	}

	function layout(flush = true) {
		visible = visibleNow()
		const fits = count <= visible
		root.dataset.static = String(fits)
		viewport!.style.width = `${Math.min(visible, count) * cardWidth + (Math.min(visible, count) - 1) * gap}px`
		prev!.hidden = fits
		next!.hidden = fits
		if (fits) position = CLONES
		place(false, flush)
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
		else settleTimer = setTimeout(settle, duration + 60)
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

	const relayout = () => {
		if (visibleNow() !== visible) layout()
	}
	twoOrMore.addEventListener('change', relayout)
	three.addEventListener('change', relayout)
	layout(false)
}
