/**
 * The online payment rule of spec §2/§9: the payment page keeps a service cut
 * (5 %), and a payer who wants the whole amount to reach the association pays
 * the amount times 1.05. Safe for the browser (the dues calculator).
 */
export function amountToPay(amount: number, serviceCutPercent: number): number {
	return Math.round(amount * (100 + serviceCutPercent)) / 100
}

/**
 * Reads an amount typed the Turkish way (`1.250,50`, `450`, `472,5`) or with a
 * decimal point (`472.50`). Returns null for anything that is not a positive
 * amount (with `allowZero`, zero too is an amount: a fee that is not charged).
 */
export function parseAmount(input: string, { allowZero = false }: { allowZero?: boolean } = {}): number | null {
	let text = input.replace(/\s|TL|₺/gi, '')
	if (!text) return null
	if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.')
	else if (/^\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '')
	if (!/^\d+(\.\d{1,2})?$/.test(text)) return null
	const value = Number(text)
	return (allowZero ? value >= 0 : value > 0) && value < 1e9 ? value : null
}
