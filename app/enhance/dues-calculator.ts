import { amountToPay, parseAmount } from '#app/features/dues/dues.ts'
import { formatLira } from '#app/lib/tr.ts'

/** The dues calculator answers as the visitor types (the GET form is the fallback). */
export function enhance(root: HTMLElement) {
	const input = root.querySelector<HTMLInputElement>('input[name="tutar"]')
	const output = root.querySelector<HTMLElement>('[data-calculator-result]')
	if (!input || !output || !(root instanceof HTMLFormElement)) return
	const percent = Number(root.dataset.percent ?? '5')

	function update() {
		const text = input!.value.trim()
		const amount = parseAmount(text)
		output!.textContent = !text
			? ''
			: amount === null
				? (root.dataset.invalid ?? '')
				: (root.dataset.template ?? '{amount}').replace('{amount}', formatLira(amountToPay(amount, percent)))
	}

	input.addEventListener('input', update)
	root.addEventListener('submit', (event) => {
		event.preventDefault()
		update()
	})
	// An amount typed before this script arrived.
	if (input.value !== input.defaultValue) update()
	root.dataset.enhanced = 'true'
}
