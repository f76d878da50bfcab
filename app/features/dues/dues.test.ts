import { expect, test } from 'vitest'
import { amountToPay, parseAmount } from './dues.ts'

test('adds the service cut so the whole amount reaches the association', () => {
	expect(amountToPay(450, 5)).toBe(472.5)
	expect(amountToPay(20, 5)).toBe(21)
	expect(amountToPay(470, 5)).toBe(493.5)
	expect(amountToPay(99.99, 5)).toBe(104.99)
	expect(amountToPay(1.1, 5)).toBe(1.16)
	expect(amountToPay(450, 0)).toBe(450)
})

test('reads amounts typed the Turkish way or with a decimal point', () => {
	expect(parseAmount('450')).toBe(450)
	expect(parseAmount(' 472,50 TL ')).toBe(472.5)
	expect(parseAmount('1.250,5')).toBe(1250.5)
	expect(parseAmount('1.250')).toBe(1250)
	expect(parseAmount('472.5')).toBe(472.5)
	expect(parseAmount('₺ 100')).toBe(100)
	for (const bad of ['', 'abc', '0', '-5', '12,345', '1e3', '4,5,6']) expect(parseAmount(bad), bad).toBeNull()
})

test('reads zero as an amount only when asked to (a fee that is not charged)', () => {
	expect(parseAmount('0', { allowZero: true })).toBe(0)
	expect(parseAmount('0,00', { allowZero: true })).toBe(0)
	expect(parseAmount('450', { allowZero: true })).toBe(450)
	for (const bad of ['', '-1', 'sıfır']) expect(parseAmount(bad, { allowZero: true }), bad).toBeNull()
})
