/**
 * A copy-to-clipboard button for the value in `data-copy` (the IBAN). The
 * button stays hidden without JavaScript; the value is selectable text.
 */
export function enhance(root: HTMLElement) {
	const button = root.querySelector<HTMLButtonElement>('[data-copy-button]')
	const status = root.querySelector<HTMLElement>('[data-copy-status]')
	const value = root.dataset.copy
	if (!button || !value || !navigator.clipboard) return
	button.hidden = false
	button.addEventListener('click', async () => {
		let copied = true
		// Emptied first so a second copy is announced again.
		if (status) status.textContent = ''
		try {
			await navigator.clipboard.writeText(value)
		} catch {
			copied = false
		}
		if (status) status.textContent = (copied ? status.dataset.done : status.dataset.failed) ?? ''
	})
}
