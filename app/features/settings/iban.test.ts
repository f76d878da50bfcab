import { expect, test } from 'vitest'
import { formatIban, normalizeIban, turkishIbanProblem } from './iban.ts'

const VALID = ['TR330006100519786457841326', 'TR360001000123456789012345', 'TR680020500009876543210001', 'TR290006400000112345678901']

test('accepts Turkish IBANs whose check digits hold', () => {
	for (const iban of VALID) expect(turkishIbanProblem(iban), iban).toBeNull()
})

test('accepts an IBAN typed with spaces, in lower case or copied with a non-breaking space', () => {
	expect(turkishIbanProblem('TR33 0006 1005 1978 6457 8413 26')).toBeNull()
	expect(turkishIbanProblem('  tr33 0006 1005 1978 6457 8413 26 ')).toBeNull()
	expect(turkishIbanProblem('Tr330006100519786457841326')).toBeNull()
	expect(turkishIbanProblem('TR33\u00a00006\u00a01005 1978 6457 8413 26')).toBeNull()
	expect(normalizeIban(' tr33 0006 1005 1978 6457 8413 26 ')).toBe('TR330006100519786457841326')
})

test('refuses wrong check digits and a mistyped digit as a checksum problem', () => {
	expect(turkishIbanProblem('TR340006100519786457841326')).toBe('checksum')
	expect(turkishIbanProblem('TR330006100519786457841327')).toBe('checksum')
	expect(turkishIbanProblem('TR330006100519786457814326')).toBe('checksum')
	expect(turkishIbanProblem('TR00 0000 0000 0000 0000 0000 00')).toBe('checksum')
})

test('refuses other countries, wrong lengths and stray characters as a format problem', () => {
	for (const bad of [
		'DE89370400440532013000',
		'GB82WEST12345698765432',
		'FR1420041010050500013M02606',
		'TR33000610051978645784132',
		'TR3300061005197864578413260',
		'TR33-0006-1005-1978-6457-8413-26',
		'TR33O006100519786457841326',
		'330006100519786457841326TR',
		'',
		'TR',
	]) {
		expect(turkishIbanProblem(bad), bad).toBe('format')
	}
})

test('shows an IBAN in groups of four', () => {
	expect(formatIban('TR330006100519786457841326')).toBe('TR33 0006 1005 1978 6457 8413 26')
	expect(formatIban('tr33 000610051978 6457841326')).toBe('TR33 0006 1005 1978 6457 8413 26')
	expect(formatIban('TR000000000000000000000000')).toBe('TR00 0000 0000 0000 0000 0000 00')
})
