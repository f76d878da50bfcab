/**
 * Turkish IBANs (ISO 13616): `TR`, two check digits, then 22 digits (a
 * five-digit bank code, a reserved digit and the 16-digit account number),
 * 26 characters in all. Typed with spaces or in lower case, stored without
 * spaces in capitals, shown in groups of four. Safe for the browser.
 */
export type IbanProblem = 'format' | 'checksum'

/** Capitals, no spaces: what is stored. Other characters are kept so a wrong input stays wrong. */
export function normalizeIban(input: string): string {
	return input.replace(/\s+/g, '').toUpperCase()
}

/** `TR33 0006 1005 1978 6457 8413 26`: groups of four, as printed on statements. */
export function formatIban(iban: string): string {
	return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ')
}

/** The ISO 7064 mod-97 remainder of an IBAN (country and check digits moved to the end, letters as 10–35). */
function mod97(iban: string): number {
	const rearranged = iban.slice(4) + iban.slice(0, 4)
	let remainder = 0
	for (const char of rearranged) {
		const code = char.charCodeAt(0)
		const value = code >= 65 ? String(code - 55) : char
		for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
	}
	return remainder
}

/** Why an input is not a valid Turkish IBAN, or null when it is one. */
export function turkishIbanProblem(input: string): IbanProblem | null {
	const iban = normalizeIban(input)
	if (!/^TR\d{24}$/.test(iban)) return 'format'
	return mod97(iban) === 1 ? null : 'checksum'
}
