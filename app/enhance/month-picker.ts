/**
 * The calendar's month picker (spec §2 "Calendar"). Without JavaScript the
 * month label is a link that reloads the page with the picker open and the
 * year stepper is made of links. Here the picker becomes a modal dialog
 * (showModal): it opens on the shown month's year, the year stepper changes
 * the year in place, the 12 month links follow it, Tab stays inside, Escape
 * and 'İptal' close it and focus goes back to the month label. Choosing a
 * month is a link to `?ay=YYYY-MM`: month and year are set and the dialog
 * goes with the page.
 */
const pad = (n: number) => String(n).padStart(2, '0')

export function enhance(root: HTMLElement) {
	if (!(root instanceof HTMLDialogElement) || typeof root.showModal !== 'function') return
	const dialog: HTMLDialogElement = root
	const opener = document.querySelector<HTMLAnchorElement>(`[data-month-picker-open][aria-controls="${dialog.id}"]`)
	const label = dialog.querySelector<HTMLElement>('[data-year-label]')
	const steps = [...dialog.querySelectorAll<HTMLAnchorElement>('[data-year-step]')]
	const months = [...dialog.querySelectorAll<HTMLAnchorElement>('[data-month]')]
	const currentYear = Number(dialog.dataset.currentYear)
	const currentMonth = Number(dialog.dataset.currentMonth)
	let year = Number(dialog.dataset.year) || currentYear

	function render() {
		if (label) label.textContent = String(year)
		for (const link of months) {
			const month = Number(link.dataset.month)
			link.href = `?ay=${year}-${pad(month)}`
			if (year === currentYear && month === currentMonth) link.setAttribute('aria-current', 'date')
			else link.removeAttribute('aria-current')
		}
	}

	function open() {
		year = currentYear
		render()
		if (dialog.open) dialog.close()
		dialog.showModal()
		;(months.find((m) => m.hasAttribute('aria-current')) ?? months[0])?.focus()
	}

	for (const step of steps) {
		step.setAttribute('role', 'button')
		step.addEventListener('click', (event) => {
			event.preventDefault()
			year += Number(step.dataset.yearStep) || 0
			render()
		})
		step.addEventListener('keydown', (event) => {
			if (event.key !== ' ') return
			event.preventDefault()
			step.click()
		})
	}

	opener?.setAttribute('role', 'button')
	opener?.addEventListener('click', (event) => {
		event.preventDefault()
		open()
	})
	opener?.addEventListener('keydown', (event) => {
		if (event.key !== ' ') return
		event.preventDefault()
		open()
	})

	// Focus stays in the dialog: Tab from the last control goes to the first and back.
	dialog.addEventListener('keydown', (event) => {
		if (event.key !== 'Tab') return
		const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.offsetParent !== null)
		const first = focusable[0]
		const last = focusable.at(-1)
		if (!first || !last) return
		if (event.shiftKey && document.activeElement === first) {
			event.preventDefault()
			last.focus()
		} else if (!event.shiftKey && document.activeElement === last) {
			event.preventDefault()
			first.focus()
		}
	})
	dialog.addEventListener('close', () => opener?.focus())

	// Opened by the no-JavaScript link (?yil=…): reopen it as a modal dialog.
	if (dialog.open) {
		const shown = Number(dialog.dataset.year) || currentYear
		open()
		year = shown
		render()
	}
}
