import { failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { type AdminContext, type AdminTabServer, unknownIntent } from '#app/features/admin/admin-tab.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import {
	cancelEnrolment,
	confirmEnrolment,
	disableTwoFactor,
	loadTwoFactorScreen,
	recoveryCodesFile,
	regenerateRecoveryCodes,
	startEnrolment,
	TwoFactorError,
	type TwoFactorScreen,
} from './two-factor.server.ts'

export const TWO_FACTOR_SECTION = 'iki-adimli-dogrulama'

const t = msg.twoFactor

/** What the screen shows once, right after the codes were made: the codes and their file. */
export type RecoveryCodesView = { recoveryCodes: Array<string>; fileName: string; fileText: string; notice: string }

function refusal(error: unknown, ctx: AdminContext, field: string, wrong: string): ActionResult {
	if (error instanceof TwoFactorError) {
		const messages: Record<string, string> = {
			'already-on': t.alreadyOn,
			'not-on': t.notOn,
			'not-pending': t.notPending,
			locked: t.tooManyAttempts(Math.max(1, Math.ceil(error.retryAfterSeconds / 60))),
			wrong,
		}
		const message = messages[error.message] ?? wrong
		return failure(error.status, message, error.message === 'wrong' ? { fieldErrors: { [field]: message } } : {})
	}
	logger.error({ err: error, requestId: ctx.requestId }, 'two-factor change failed')
	return failure(500, msg.errors.unexpected)
}

async function codesView(ctx: AdminContext, codes: Array<string>, notice: string): Promise<ActionResult> {
	const site = (await getSettings()).association.shortName
	const fileText = recoveryCodesFile(ctx.user.email, codes, t.codesFileTitle(site), t.codesFileNote)
	const view: RecoveryCodesView = { recoveryCodes: codes, fileName: 'kurtarma-kodlari.txt', fileText, notice }
	return { ok: true, message: notice, view }
}

export const twoFactorAdmin: AdminTabServer<TwoFactorScreen> = {
	load: (ctx) => loadTwoFactorScreen(ctx.user),
	async act(intent, form, ctx): Promise<ActionResult> {
		const text = (name: string) => String(form.get(name) ?? '')
		try {
			switch (intent) {
				case 'start':
					await startEnrolment(ctx.user)
					return { ok: true }
				case 'cancel':
					await cancelEnrolment(ctx.user)
					return { ok: true }
				case 'confirm': {
					const code = text('code').replace(/\s/g, '')
					if (!/^\d{6}$/.test(code)) return failure(400, t.confirmWrong, { fieldErrors: { code: t.confirmWrong } })
					return await codesView(ctx, await confirmEnrolment(ctx.user, code), t.enabled)
				}
				case 'regenerate': {
					const proof = text('proof')
					if (!proof.trim()) return failure(400, t.proofRequired, { fieldErrors: { proof: t.proofRequired }, values: { intent } })
					return await codesView(ctx, await regenerateRecoveryCodes(ctx.user, proof), t.regenerated)
				}
				case 'disable': {
					const proof = text('proof')
					if (!proof.trim()) return failure(400, t.proofRequired, { fieldErrors: { proof: t.proofRequired }, values: { intent } })
					await disableTwoFactor(ctx.user, proof)
					return { ok: true, message: t.disabled }
				}
				default:
					return unknownIntent(intent)
			}
		} catch (error) {
			const field = intent === 'confirm' ? 'code' : 'proof'
			const result = refusal(error, ctx, field, intent === 'confirm' ? t.confirmWrong : t.proofWrong)
			return result.ok ? result : { ...result, values: { intent } }
		}
	},
}
