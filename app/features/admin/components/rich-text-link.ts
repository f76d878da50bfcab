/**
 * What an editor types into the link dialog, made into an address the
 * server's sanitiser keeps: `www.ornek.com` and `ornek.com/yol` get
 * `https://`, an e-mail address becomes `mailto:`, a phone number `tel:`;
 * `https://`, `http://`, `mailto:`, `tel:`, site paths (`/…`) and `#…` stay as
 * they are. Anything else (`javascript:`, words, spaces) is refused: null.
 */
const PLACEHOLDER = /^(mailto:|tel:)?\{\{\s*[a-zA-Z]+\.[a-zA-Z]+\s*\}\}$/
const DOMAIN =
	/^(?:[a-z0-9\u00a1-\uffff](?:[a-z0-9\u00a1-\uffff-]{0,61}[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]{2,}$/
const PHONE = /^\+?[\d\s().-]{7,}$/

export function normaliseLinkHref(input: string, options: { placeholders?: boolean } = {}): string | null {
	const value = input.trim()
	if (!value) return null
	if (options.placeholders && PLACEHOLDER.test(value)) return value
	if (/^\/(?!\/)\S*$/.test(value) || /^#\S+$/.test(value)) return value
	if (/^mailto:/i.test(value)) {
		const address = value.slice('mailto:'.length).trim()
		return EMAIL.test(address.split('?')[0] ?? '') ? `mailto:${address}` : null
	}
	if (/^tel:/i.test(value)) {
		const number = value.slice('tel:'.length).replace(/[\s().-]/g, '')
		return /^\+?\d{3,}$/.test(number) ? `tel:${number}` : null
	}
	if (/^https?:\/\//i.test(value)) return webAddress(value)
	if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !DOMAIN.test(value)) return null
	if (EMAIL.test(value)) return `mailto:${value}`
	if (PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7) return `tel:${value.replace(/[\s().-]/g, '')}`
	if (DOMAIN.test(value)) return webAddress(`https://${value}`)
	return null
}

function webAddress(value: string): string | null {
	if (/\s/.test(value)) return null
	try {
		const url = new URL(value)
		return url.hostname.includes('.') || url.hostname === 'localhost' ? value : null
	} catch {
		return null
	}
}
