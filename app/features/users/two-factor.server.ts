import { getSettings } from '#app/features/settings/settings.server.ts'
import { recordAudit } from '#app/lib/audit.server.ts'
import type { SessionUser } from '#app/lib/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { nowIso } from '#app/lib/db-utils.server.ts'
import { claimAttempt, refundAttempt } from '#app/lib/rate-limit.server.ts'
import { verifyAccountPassword } from '#app/lib/sign-in.server.ts'
import { generateTotpSecret, groupSecret, otpauthUri } from '#app/lib/totp.server.ts'
import {
	acceptTotp,
	forgetTrustedDevices,
	getTwoFactorState,
	isTwoFactorRequired,
	replaceRecoveryCodes,
	type TwoFactorState,
} from '#app/lib/two-factor.server.ts'

/**
 * Hesabım › İki adımlı doğrulama: setting up, confirming, renewing the
 * recovery codes and turning two-factor sign-in off, for the signed-in
 * account only. Every change is in the audit log (kind `account`) and ends
 * the account's remembered browsers.
 */
export type Enrolment = { secret: string; groupedSecret: string; uri: string; qrSvg: string }

export type TwoFactorScreen = { state: TwoFactorState; required: boolean; enrolment: Enrolment | null }

/** The QR code as inline SVG, drawn here: no third-party service sees the secret. */
async function qrSvg(uri: string) {
	// Loaded when a code is drawn (setting up two-factor sign-in), not by every process at start.
	const { default: QRCode } = await import('qrcode')
	const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
	return svg.replace('<svg ', '<svg width="208" height="208" aria-hidden="true" focusable="false" ')
}

export async function loadTwoFactorScreen(user: SessionUser): Promise<TwoFactorScreen> {
	const [state, required] = await Promise.all([getTwoFactorState(user.id), isTwoFactorRequired()])
	let enrolment: Enrolment | null = null
	if (!state.enabled && state.pendingSecret) {
		const issuer = (await getSettings()).association.shortName
		const uri = otpauthUri({ secret: state.pendingSecret, issuer, account: user.email })
		enrolment = { secret: state.pendingSecret, groupedSecret: groupSecret(state.pendingSecret), uri, qrSvg: await qrSvg(uri) }
	}
	return { state, required, enrolment }
}

export class TwoFactorError extends Error {
	override name = 'TwoFactorError'
	readonly status: number
	/** For a lock: how long until the next try. */
	readonly retryAfterSeconds: number
	constructor(message: string, status = 400, retryAfterSeconds = 0) {
		super(message)
		this.status = status
		this.retryAfterSeconds = retryAfterSeconds
	}
}

function audit(user: SessionUser, action: string, summary: string, executor = db) {
	return recordAudit({ kind: 'account', action, itemKind: 'users', itemId: user.id, itemTitle: user.email, summary }, executor)
}

/** A new secret for an enrolment that waits for its first code (replacing an unfinished one). */
export async function startEnrolment(user: SessionUser) {
	const state = await getTwoFactorState(user.id)
	if (state.enabled) throw new TwoFactorError('already-on', 409)
	const secret = generateTotpSecret()
	await db.deleteFrom('two_factor').where('user_id', '=', user.id).where('enabled_at', 'is', null).execute()
	await db
		.insertInto('two_factor')
		.values({ user_id: user.id, secret, enabled_at: null, last_used_step: null, created_at: nowIso() })
		.execute()
}

export async function cancelEnrolment(user: SessionUser) {
	await db.deleteFrom('two_factor').where('user_id', '=', user.id).where('enabled_at', 'is', null).execute()
}

/** Wrong codes and passwords on this screen count like those of the sign-in's second step. */
async function limited<T>(user: SessionUser, check: () => Promise<boolean>, then: () => Promise<T>): Promise<T> {
	const claim = await claimAttempt(`login:two-factor:${user.id}`, {
		threshold: 5,
		firstLockMs: 60_000,
		maxLockMs: 30 * 60_000,
		forgetAfterMs: 86_400_000,
	})
	if (!claim.allowed) throw new TwoFactorError('locked', 429, claim.retryAfterSeconds)
	if (!(await check())) throw new TwoFactorError('wrong', 400)
	await refundAttempt(claim)
	return then()
}

/** The first code from the app turns 2FA on and returns the ten recovery codes, shown once. */
export async function confirmEnrolment(user: SessionUser, code: string): Promise<Array<string>> {
	const state = await getTwoFactorState(user.id)
	if (state.enabled) throw new TwoFactorError('already-on', 409)
	if (!state.pendingSecret) throw new TwoFactorError('not-pending', 409)
	return limited(
		user,
		() => acceptTotp(user.id, code, { pending: true }),
		() =>
			db.transaction().execute(async (trx) => {
				await trx.updateTable('two_factor').set({ enabled_at: nowIso() }).where('user_id', '=', user.id).execute()
				const codes = await replaceRecoveryCodes(user.id, trx)
				await forgetTrustedDevices(user.id, trx)
				await audit(user, 'two-factor-enabled', 'İki adımlı doğrulama açıldı; 10 kurtarma kodu oluşturuldu', trx)
				return codes
			}),
	)
}

/** A current code from the app, or the account's password (for when the phone is not at hand). */
async function proves(user: SessionUser, proof: string) {
	const text = proof.trim()
	if (/^\d{3}\s?\d{3}$/.test(text)) return acceptTotp(user.id, text)
	return text.length > 0 && verifyAccountPassword(user.id, proof)
}

export async function regenerateRecoveryCodes(user: SessionUser, proof: string): Promise<Array<string>> {
	if (!(await getTwoFactorState(user.id)).enabled) throw new TwoFactorError('not-on', 409)
	return limited(
		user,
		() => proves(user, proof),
		() =>
			db.transaction().execute(async (trx) => {
				const codes = await replaceRecoveryCodes(user.id, trx)
				await audit(user, 'recovery-codes-regenerated', 'Yeni kurtarma kodları oluşturuldu; eskileri geçersiz', trx)
				return codes
			}),
	)
}

export async function disableTwoFactor(user: SessionUser, proof: string) {
	if (!(await getTwoFactorState(user.id)).enabled) throw new TwoFactorError('not-on', 409)
	await limited(
		user,
		() => proves(user, proof),
		() =>
			db.transaction().execute(async (trx) => {
				await trx.deleteFrom('recovery_codes').where('user_id', '=', user.id).execute()
				await trx.deleteFrom('two_factor').where('user_id', '=', user.id).execute()
				await forgetTrustedDevices(user.id, trx)
				await audit(user, 'two-factor-disabled', 'İki adımlı doğrulama kapatıldı; hatırlanan cihazlar unutuldu', trx)
			}),
	)
}

/** The recovery codes as a text file (the one-time download). */
export function recoveryCodesFile(email: string, codes: ReadonlyArray<string>, title: string, note: string) {
	return [title, email, '', ...codes, '', note, ''].join('\r\n')
}
