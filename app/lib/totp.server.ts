import crypto from 'node:crypto'

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), the codes
 * of Google Authenticator, Aegis, 1Password and the like: HMAC-SHA-1,
 * 30-second steps, 6 digits, a base32 secret of 20 random bytes.
 *
 * Written here with node:crypto rather than taken from better-auth's
 * two-factor plugin (checked at 1.7.25): that plugin keeps backup codes
 * encrypted, not hashed (it decrypts them to compare), and does not refuse a
 * code used before inside its window. Issue 18 asks for both, so secrets,
 * codes and their replay guard live in two-factor.server.ts on top of this.
 */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Steps accepted either side of now, for a phone whose clock is a little off. */
export const TOTP_DRIFT_STEPS = 1

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

export function base32Encode(bytes: Uint8Array): string {
	let bits = 0
	let value = 0
	let out = ''
	for (const byte of bytes) {
		value = (value << 8) | byte
		bits += 8
		while (bits >= 5) {
			out += BASE32[(value >>> (bits - 5)) & 31]
			bits -= 5
		}
	}
	if (bits > 0) out += BASE32[(value << (5 - bits)) & 31]
	return out
}

/** Decodes base32 (case, spaces and `=` padding ignored); null when a character is not base32. */
export function base32Decode(text: string): Buffer | null {
	const clean = text.replace(/[\s=-]/g, '').toUpperCase()
	let bits = 0
	let value = 0
	const out: Array<number> = []
	for (const ch of clean) {
		const index = BASE32.indexOf(ch)
		if (index === -1) return null
		value = (value << 5) | index
		bits += 5
		if (bits >= 8) {
			out.push((value >>> (bits - 8)) & 0xff)
			bits -= 8
		}
	}
	return Buffer.from(out)
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function generateTotpSecret(): string {
	return base32Encode(crypto.randomBytes(20))
}

/** RFC 4226 HOTP: the code for `counter`, zero-padded to `digits`. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
	const message = Buffer.alloc(8)
	message.writeBigUInt64BE(BigInt(counter))
	const hmac = crypto.createHmac('sha1', key).update(message).digest()
	const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f
	const binary =
		(((hmac[offset] ?? 0) & 0x7f) << 24) | ((hmac[offset + 1] ?? 0) << 16) | ((hmac[offset + 2] ?? 0) << 8) | (hmac[offset + 3] ?? 0)
	return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The 30-second step an instant (epoch milliseconds) falls in. */
export function totpStep(nowMs: number) {
	return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)
}

/** The code an authenticator shows at `nowMs` for a base32 secret. */
export function totpCode(secret: string, nowMs = Date.now(), digits = TOTP_DIGITS): string {
	const key = base32Decode(secret)
	if (!key) throw new Error('The TOTP secret is not base32.')
	return hotp(key, totpStep(nowMs), digits)
}

/** Constant-time equality of two short strings (different lengths are simply unequal). */
export function safeEqual(a: string, b: string) {
	const left = Buffer.from(a)
	const right = Buffer.from(b)
	return left.length === right.length && crypto.timingSafeEqual(left, right)
}

/**
 * The step whose code `code` is, within ±TOTP_DRIFT_STEPS of now, or null.
 * Every candidate is compared (constant time each), so the answer's timing
 * does not tell which step matched. The caller refuses a step it has
 * already accepted (replay).
 */
export function matchTotp(secret: string, code: string, nowMs = Date.now()): number | null {
	const key = base32Decode(secret)
	if (!key || !/^\d{6}$/.test(code)) return null
	const now = totpStep(nowMs)
	let matched: number | null = null
	for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
		if (safeEqual(hotp(key, step), code) && matched === null) matched = step
	}
	return matched
}

/** The otpauth:// address an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(input: { secret: string; issuer: string; account: string }) {
	const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`
	const params = new URLSearchParams({
		secret: input.secret,
		issuer: input.issuer,
		algorithm: 'SHA1',
		digits: String(TOTP_DIGITS),
		period: String(TOTP_PERIOD_SECONDS),
	})
	return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`
}

/** The secret in groups of four, for typing it into an app by hand. */
export function groupSecret(secret: string) {
	return secret.replace(/(.{4})(?=.)/g, '$1 ')
}
