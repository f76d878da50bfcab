import { matchesAward } from '#app/features/awards/awards.shared.ts'
import { foldTr } from '#app/lib/tr.ts'

/**
 * Instant filtering of the awards table (the server does the same for the
 * GET form): the same rule, on the folded text each row carries; the
 * address keeps `yil` and `q` so the view can be shared or reloaded.
 */
export function enhance(root: HTMLElement) {
	const form = root.querySelector('form')
	const year = form?.querySelector<HTMLSelectElement>('[name="yil"]')
	const query = form?.querySelector<HTMLInputElement>('[name="q"]')
	if (!form || !year || !query) return
	const rows = [...root.querySelectorAll<HTMLElement>('[data-award-row]')]
	const empty = root.querySelector<HTMLElement>('[data-awards-empty]')
	const count = root.querySelector<HTMLElement>('[data-awards-count]')
	const clear = root.querySelector<HTMLElement>('[data-awards-clear]')

	function apply() {
		const yil = year!.value.trim()
		const q = query!.value.trim()
		const folded = foldTr(q)
		let shown = 0
		for (const row of rows) {
			const match = matchesAward({ year: row.dataset.year ?? '', searchText: row.dataset.search ?? '' }, yil, folded)
			row.hidden = !match
			if (match) shown++
		}
		if (empty) empty.hidden = shown > 0
		if (count) count.textContent = (count.dataset.template ?? '{n}').replace('{n}', String(shown))
		if (clear) clear.hidden = !yil && !q
		const url = new URL(window.location.href)
		for (const [name, value] of [
			['yil', yil],
			['q', q],
		] as const) {
			if (value) url.searchParams.set(name, value)
			else url.searchParams.delete(name)
		}
		window.history.replaceState(null, '', url)
	}

	form.addEventListener('input', apply)
	form.addEventListener('change', apply)
	form.addEventListener('submit', (event) => {
		event.preventDefault()
		apply()
	})
	clear?.addEventListener('click', (event) => {
		event.preventDefault()
		form.reset()
		year.value = ''
		query.value = ''
		apply()
		query.focus()
	})
	// What the visitor typed or chose before this script arrived.
	if (query.value !== query.defaultValue || [...year.options].some((o) => o.selected !== o.defaultSelected)) apply()
	root.dataset.enhanced = 'true'
}
