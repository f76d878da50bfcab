/** Spec §2: addresses starting with http or https open in a new tab; others stay in the app. */
export function isExternalHref(href: string | null | undefined): boolean {
	return Boolean(href && /^https?:\/\//i.test(href.trim()))
}

/** Spec §5: a phone number reduced to digits and plus for the tel: link. */
export function telHref(phone: string | null | undefined): string | null {
	const digits = (phone ?? '').replace(/[^\d+]/g, '')
	return /\d/.test(digits) ? `tel:${digits}` : null
}

export function mailtoHref(email: string | null | undefined): string | null {
	const value = (email ?? '').trim()
	return /^[^\s@]+@[^\s@]+$/.test(value) ? `mailto:${value}` : null
}

/** Only addresses a visitor may follow: http(s), site paths and anchors. */
export function safeHref(href: string | null | undefined): string | null {
	const value = (href ?? '').trim()
	if (!value) return null
	if (/^https?:\/\//i.test(value)) return value
	if (value.startsWith('/') && !value.startsWith('//')) return value
	if (value.startsWith('#')) return value
	return null
}
