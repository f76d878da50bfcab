/** Spec §4: the header hides after scrolling down more than 80 px and comes back on scrolling up. */
const HIDE_AFTER_PX = 80

export function enhanceHeader() {
	const header = document.querySelector<HTMLElement>('[data-site-header]')
	if (!header) return

	let last = window.scrollY
	let frame = 0
	window.addEventListener(
		'scroll',
		() => {
			if (frame) return
			frame = requestAnimationFrame(() => {
				frame = 0
				const y = window.scrollY
				if (y > last && y > HIDE_AFTER_PX && !header.querySelector('details[open]')) header.dataset.hidden = 'true'
				else if (y < last) delete header.dataset.hidden
				last = y
			})
		},
		{ passive: true },
	)

	// Desktop dropdowns: Escape closes the open one until the pointer or focus leaves.
	for (const item of header.querySelectorAll<HTMLElement>('[data-menu-item]')) {
		item.addEventListener('keydown', (event) => {
			if (event.key !== 'Escape' || !item.querySelector('.main-nav__dropdown')) return
			item.dataset.dismissed = 'true'
			item.querySelector<HTMLElement>('.main-nav__link')?.focus()
		})
		const reset = () => delete item.dataset.dismissed
		item.addEventListener('mouseleave', reset)
		item.addEventListener('focusout', (event) => {
			if (!item.contains(event.relatedTarget as Node | null)) reset()
		})
	}

	enhanceSearch(header)
	enhanceMobileMenu(header)
}

function closeDetails(details: HTMLDetailsElement, returnFocus: boolean) {
	if (!details.open) return
	details.open = false
	if (returnFocus) details.querySelector('summary')?.focus()
}

/** Spec §2: trimmed non-empty text goes to /arama?q=…, empty just closes, Escape closes. */
function enhanceSearch(header: HTMLElement) {
	const details = header.querySelector<HTMLDetailsElement>('[data-search]')
	const form = details?.querySelector('form')
	const input = form?.querySelector<HTMLInputElement>('input[name="q"]')
	if (!details || !form || !input) return
	const closeButton = details.querySelector<HTMLButtonElement>('[data-search-close]')
	if (closeButton) {
		closeButton.hidden = false
		closeButton.addEventListener('click', () => closeDetails(details, true))
	}
	details.addEventListener('toggle', () => {
		if (details.open) {
			closeOthers(header, details)
			input.focus()
		}
	})
	details.addEventListener('keydown', (event) => {
		if (event.key === 'Escape') {
			event.preventDefault()
			closeDetails(details, true)
		}
	})
	// Opened before this script arrived: as on opening, the others close and the field takes focus.
	if (details.open && !form.contains(document.activeElement)) {
		closeOthers(header, details)
		input.focus()
	}
	form.addEventListener('submit', (event) => {
		const q = input.value.trim()
		if (!q) {
			event.preventDefault()
			closeDetails(details, true)
			return
		}
		input.value = q
	})
}

/** Spec §2: one section open at a time, a chosen link closes the menu, page scroll locked while open. */
function enhanceMobileMenu(header: HTMLElement) {
	const menu = header.querySelector<HTMLDetailsElement>('[data-mobile-menu]')
	if (!menu) return
	const summary = menu.querySelector<HTMLElement>('summary')
	const sync = () => {
		document.documentElement.classList.toggle('scroll-locked', menu.open)
		if (summary) summary.setAttribute('aria-label', (menu.open ? summary.dataset.labelClose : summary.dataset.labelOpen) ?? '')
		if (menu.open) {
			closeOthers(header, menu)
			delete header.dataset.hidden
		}
	}
	menu.addEventListener('toggle', sync)
	menu.addEventListener('keydown', (event) => {
		if (event.key === 'Escape') closeDetails(menu, true)
	})
	const sections = menu.querySelectorAll<HTMLDetailsElement>('[data-mobile-section]')
	for (const section of sections) {
		// `name` groups already allow one open section; this covers browsers without it.
		section.addEventListener('toggle', () => {
			if (!section.open) return
			for (const other of sections) if (other !== section) other.open = false
		})
	}
	for (const link of menu.querySelectorAll('a')) {
		link.addEventListener('click', () => {
			menu.open = false
		})
	}
	// Opened before this script arrived.
	if (menu.open) sync()
	// A page restored from the back-forward cache must not come back locked.
	window.addEventListener('pageshow', () => {
		menu.open = false
		sync()
	})
}

function closeOthers(header: HTMLElement, keep: HTMLDetailsElement) {
	for (const other of header.querySelectorAll<HTMLDetailsElement>('[data-search], [data-mobile-menu]')) {
		if (other !== keep) other.open = false
	}
}
