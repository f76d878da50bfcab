import { expect, test } from 'vitest'
import {
	base32Decode,
	base32Encode,
	generateTotpSecret,
	groupSecret,
	hotp,
	matchTotp,
	otpauthUri,
	totpCode,
	totpStep,
} from './totp.server.ts'

// RFC 6238 Appendix B: the SHA-1 key is the ASCII of "12345678901234567890".
const RFC_KEY = Buffer.from('12345678901234567890')
const RFC_SECRET = base32Encode(RFC_KEY)

test('the RFC 6238 SHA-1 test vectors, 8 digits and the 6 an authenticator shows', () => {
	expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
	const vectors: Array<[number, string]> = [
		[59, '94287082'],
		[1111111109, '07081804'],
		[1111111111, '14050471'],
		[1234567890, '89005924'],
		[2000000000, '69279037'],
		[20000000000, '65353130'],
	]
	for (const [seconds, code] of vectors) {
		expect(totpCode(RFC_SECRET, seconds * 1000, 8), `T=${seconds}`).toBe(code)
		expect(totpCode(RFC_SECRET, seconds * 1000), `T=${seconds}`).toBe(code.slice(-6))
	}
	expect(totpCode(RFC_SECRET, 59_000)).toBe('287082')
	expect(totpCode(RFC_SECRET, 1111111109_000)).toBe('081804')
})

test('the RFC 4226 HOTP test vectors', () => {
	const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489']
	expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected)
})

test('base32 round-trips any bytes; a new secret is 20 random bytes', () => {
	for (const length of [0, 1, 5, 19, 20, 33]) {
		const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 37 + 11) % 256))
		expect(base32Decode(base32Encode(bytes))).toEqual(bytes)
	}
	expect(base32Decode('gezd gnbv-gy3t qojq')).toEqual(Buffer.from('1234567890'))
	expect(base32Decode('GEZ1')).toBeNull()
	const secret = generateTotpSecret()
	expect(secret).toMatch(/^[A-Z2-7]{32}$/)
	expect(base32Decode(secret)).toHaveLength(20)
	expect(generateTotpSecret()).not.toBe(secret)
	expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ')
})

test('a code of the step before or after is accepted (clock drift), two steps away it is not', () => {
	const now = 1_800_000_000_000
	const step = totpStep(now)
	for (const offset of [-1, 0, 1]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + offset * 30_000), now)).toBe(step + offset)
	for (const offset of [-2, 2, 10]) expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now + offset * 30_000), now)).toBeNull()
	const wrong = String((Number(totpCode(RFC_SECRET, now)) + 1) % 1_000_000).padStart(6, '0')
	expect(matchTotp(RFC_SECRET, wrong, now)).toBeNull()
	expect(matchTotp(RFC_SECRET, '12345', now)).toBeNull()
	expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull()
})

test('the otpauth address authenticator apps read', () => {
	expect(otpauthUri({ secret: RFC_SECRET, issuer: 'NDS Mezunları Derneği', account: 'ayse@example.org' })).toBe(
		'otpauth://totp/NDS%20Mezunlar%C4%B1%20Derne%C4%9Fi:ayse%40example.org?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=NDS%20Mezunlar%C4%B1%20Derne%C4%9Fi&algorithm=SHA1&digits=6&period=30',
	)
})
