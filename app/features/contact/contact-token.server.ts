import crypto from 'node:crypto'

/**
 * The contact form's time stamp: when the form was shown, signed with the
 * site's secret (getAuthSecret), so a message sent seconds after the page
 * arrived (a bot posting at once) or with a made-up or very old stamp can be
 * refused without a captcha. It names no visitor and is not single-use: the
 * sending limits stop a stamp that is reused.
 */
export const MAX_TOKEN_AGE_MS = 24 * 60 * 60 * 1000
/** Instances' clocks may differ a little: a stamp this far in the future still counts as "just now". */
const CLOCK_SKEW_MS = 60 * 1000

function signature(secret: string, issuedAt: string) {
	return crypto.createHmac('sha256', secret).update(`contact-form|${issuedAt}`).digest('base64url')
}

/** A stamp for a form shown at `now` (epoch ms): `<ms>.<HMAC>`. */
export function issueContactToken(secret: string, now = Date.now()): string {
	const issuedAt = String(Math.floor(now))
	return `${issuedAt}.${signature(secret, issuedAt)}`
}

export type TokenCheck = 'ok' | 'too-fast' | 'expired' | 'invalid'

/**
 * Whether a posted stamp allows sending now: genuine, at least `minAgeMs`
 * old (a person reads and types) and at most a day old.
 */
export function checkContactToken(
	token: unknown,
	secret: string,
	{ minAgeMs, now = Date.now() }: { minAgeMs: number; now?: number },
): TokenCheck {
	const match = typeof token === 'string' ? /^(\d{1,15})\.([\w-]{43})$/.exec(token) : null
	if (!match) return 'invalid'
	const [, issuedAt = '', given = ''] = match
	const expected = Buffer.from(signature(secret, issuedAt))
	if (!crypto.timingSafeEqual(expected, Buffer.from(given))) return 'invalid'
	const age = now - Number(issuedAt)
	if (age < -CLOCK_SKEW_MS) return 'invalid'
	if (age > MAX_TOKEN_AGE_MS) return 'expired'
	if (age < minAgeMs) return 'too-fast'
	return 'ok'
}
