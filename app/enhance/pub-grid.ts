/**
 * The home page's publications grid (spec §2, §9): every `data-interval` ms
 * the tiles change cover one after another (`data-stagger` ms apart), each
 * fading out and in over `data-fade` ms, taking the next cover from the pool
 * and giving its own back. A button pauses and resumes; under reduced
 * motion nothing moves and the button stays hidden.
 */
type Cover = { label: string; href: string; src: string; srcSet: string }

export function enhance(root: HTMLElement) {
	const tiles = [...root.querySelectorAll<HTMLElement>('[data-pub-tile]')]
	const toggle = root.parentElement?.querySelector<HTMLButtonElement>('[data-pub-toggle]') ?? null
	let pool: Array<Cover> = []
	try {
		pool = JSON.parse(root.dataset.pool ?? '[]') as Array<Cover>
	} catch {
		pool = []
	}
	if (tiles.length === 0 || pool.length === 0) return
	const interval = Number(root.dataset.interval) || 2800
	const fade = Number(root.dataset.fade) || 600
	const stagger = Number(root.dataset.stagger) || 140
	const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
	root.style.setProperty('--pub-fade', `${fade / 2}ms`)

	let paused = false
	let cycleTimer = 0
	const tileTimers: Array<number> = []

	function read(tile: HTMLElement): Cover | null {
		const link = tile.querySelector('a')
		const img = tile.querySelector('img')
		if (!link || !img) return null
		return {
			label: img.alt,
			href: link.getAttribute('href') ?? '',
			src: img.getAttribute('src') ?? '',
			srcSet: img.getAttribute('srcset') ?? '',
		}
	}

	function write(tile: HTMLElement, cover: Cover) {
		const link = tile.querySelector('a')
		const img = tile.querySelector('img')
		if (!link || !img) return
		link.setAttribute('href', cover.href)
		img.loading = 'eager'
		if (cover.srcSet) img.setAttribute('srcset', cover.srcSet)
		else img.removeAttribute('srcset')
		img.setAttribute('src', cover.src)
		img.alt = cover.label
	}

	function swap(tile: HTMLElement) {
		const incoming = pool.shift()
		const outgoing = read(tile)
		if (!incoming || !outgoing) return
		tile.dataset.fading = 'true'
		tileTimers.push(
			window.setTimeout(() => {
				write(tile, incoming)
				pool.push(outgoing)
				delete tile.dataset.fading
			}, fade / 2),
		)
	}

	function running() {
		return !paused && !reducedMotion.matches && document.visibilityState !== 'hidden'
	}

	function cycle() {
		tiles.forEach((tile, i) => tileTimers.push(window.setTimeout(() => swap(tile), i * stagger)))
		schedule()
	}

	function schedule() {
		window.clearTimeout(cycleTimer)
		if (running()) cycleTimer = window.setTimeout(cycle, interval)
	}

	function stop() {
		window.clearTimeout(cycleTimer)
	}

	function updateToggle() {
		if (!toggle) return
		toggle.hidden = reducedMotion.matches
		toggle.dataset.playing = String(!paused)
		const label = (paused ? toggle.dataset.labelPlay : toggle.dataset.labelPause) ?? ''
		toggle.setAttribute('aria-label', label)
		const text = toggle.querySelector('[data-pub-toggle-text]')
		if (text) text.textContent = label
	}

	toggle?.addEventListener('click', () => {
		paused = !paused
		updateToggle()
		if (paused) stop()
		else schedule()
	})
	reducedMotion.addEventListener('change', () => {
		updateToggle()
		if (running()) schedule()
		else stop()
	})
	document.addEventListener('visibilitychange', () => (running() ? schedule() : stop()))
	updateToggle()
	schedule()
}
