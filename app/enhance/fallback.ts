/**
 * Spec §5 "Image fallback": a broken image is replaced by the placeholder
 * named in its `data-fallback` (no inline onerror: the CSP forbids it).
 * Images that failed before this script ran are caught too.
 */
export function enhance(img: HTMLElement) {
	if (!(img instanceof HTMLImageElement)) return
	const fallback = img.dataset.fallback
	if (!fallback) return
	const swap = () => {
		if (img.dataset.fallenBack) return
		img.dataset.fallenBack = 'true'
		img.removeAttribute('srcset')
		img.removeAttribute('sizes')
		img.src = fallback
	}
	img.addEventListener('error', swap, { once: true })
	if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) swap()
}
