import { firstIssues } from '#app/features/admin/admin-result.ts'
import { db } from '#app/lib/db.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { claimAttempt, refundAttempt } from '#app/lib/rate-limit.server.ts'
import { passwordProblem } from './password-policy.server.ts'
import { checkSetupCode, completeSetup, hasSetupCode, SETUP_LOCKOUT, setupAttemptKey } from './setup-code.server.ts'
import { SETUP_ECHOED_FIELDS, SETUP_FIELDS, SetupFormSchema, type SetupField } from './setup.schema.ts'

export type SetupValues = Record<(typeof SETUP_ECHOED_FIELDS)[number], string>

export type SetupRefusal = {
	ok: false
	status: 400 | 409 | 429
	/** Turkish, at the field it is about. */
	errors: Partial<Record<SetupField, string>>
	/** About the whole form (too many attempts, setup done meanwhile). */
	formError: string | null
	/** What was typed, passwords left out. */
	values: SetupValues
	retryAfterSeconds?: number
}

export type SetupResult = { ok: true; email: string; password: string } | SetupRefusal

function echo(form: FormData): SetupValues {
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value.slice(0, 300) : ''
	}
	return { code: text('code'), name: text('name'), email: text('email') }
}

async function emailTaken(email: string) {
	return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())
}

/**
 * The first-admin form: the code is claimed against the client address's
 * limit before it is checked (a right code gives the claim back), every
 * field is checked so all errors show at once, and only a complete form
 * with the right code creates the admin.
 */
export async function submitSetupForm(form: FormData, { clientIp, dataDir }: { clientIp: string; dataDir: string }): Promise<SetupResult> {
	const values = echo(form)
	const refuse = (status: SetupRefusal['status'], errors: SetupRefusal['errors'], formError: string | null = null): SetupRefusal => ({
		ok: false,
		status,
		errors,
		formError,
		values,
	})

	const claim = await claimAttempt(setupAttemptKey(clientIp), SETUP_LOCKOUT)
	if (!claim.allowed) {
		logger.warn({ ip: clientIp }, 'setup code attempts limited')
		return {
			...refuse(429, {}, msg.setup.tooManyAttempts(Math.ceil(claim.retryAfterSeconds / 60))),
			retryAfterSeconds: claim.retryAfterSeconds,
		}
	}

	const raw = Object.fromEntries(SETUP_FIELDS.map((name) => [name, String(form.get(name) ?? '')])) as Record<SetupField, string>
	const parsed = SetupFormSchema.safeParse(raw)
	const errors: SetupRefusal['errors'] = parsed.success ? {} : firstIssues(parsed.error.issues)
	const typed = {
		code: raw.code,
		name: raw.name.trim(),
		email: raw.email.trim().toLowerCase(),
		password: raw.password,
		repeat: raw.password_repeat,
	}

	// Only a wrong code counts against the limit: a right one, or none typed, gives the claim back.
	const codeRight = !errors.code && (await checkSetupCode(typed.code))
	if (codeRight || errors.code) await refundAttempt(claim)
	else {
		logger.warn({ ip: clientIp }, 'setup code refused')
		errors.code = (await hasSetupCode()) ? msg.setup.codeWrong : msg.setup.noCode
	}

	if (!errors.email && (await emailTaken(typed.email))) errors.email = msg.setup.emailTaken
	const weak = await passwordProblem(typed.password, [typed.email, typed.name])
	if (weak) errors.password = weak
	else if (typed.password !== typed.repeat) errors.password_repeat = msg.setup.passwordMismatch
	if (Object.keys(errors).length > 0) return refuse(400, errors)

	const outcome = await completeSetup(typed.code, { email: typed.email, password: typed.password, fullName: typed.name }, dataDir)
	if (!outcome.ok) {
		return outcome.reason === 'claimed' ? refuse(409, {}, msg.setup.alreadyDone) : refuse(400, { code: msg.setup.codeWrong })
	}
	logger.info({ userId: outcome.id }, 'first admin created on the setup page')
	return { ok: true, email: outcome.email, password: typed.password }
}
