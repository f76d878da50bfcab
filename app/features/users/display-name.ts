/**
 * Spec §2 "Admin screen": the welcome line's name comes, in order, from the
 * full name, name, preferred username, username, the part of the e-mail
 * before the @, else "Admin".
 */
export type NameSource = {
	fullName?: string | null
	name?: string | null
	preferredUsername?: string | null
	username?: string | null
	email?: string | null
}

export function displayName(user: NameSource | null | undefined): string {
	if (!user) return 'Admin'
	for (const candidate of [user.fullName, user.name, user.preferredUsername, user.username]) {
		const value = candidate?.trim()
		if (value) return value
	}
	const local = user.email?.split('@')[0]?.trim()
	return local || 'Admin'
}

/** The first letter, upper-cased the Turkish way (i → İ). */
export function initialOf(name: string) {
	const first = Array.from(name.trim())[0] ?? 'A'
	return first.toLocaleUpperCase('tr-TR')
}

/**
 * A colour derived from the name, dark enough that white text on it keeps a
 * contrast ratio above 4.5:1 (lightness 32 % at 60 % saturation).
 */
export function avatarColour(name: string) {
	let hash = 0
	for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
	return `hsl(${hash % 360} 60% 32%)`
}
