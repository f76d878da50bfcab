import { getAuthSecret } from '#app/lib/auth.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { checkContactToken, issueContactToken } from './contact-token.server.ts'
import {
	ContactFormSchema,
	EMPTY_CONTACT_VALUES,
	HONEYPOT_FIELD,
	readContactValues,
	TOKEN_FIELD,
	type ContactField,
	type ContactValues,
} from './contact.schema.ts'
import { claimContactSend, notifyAssociation, storeContactMessage } from './contact.server.ts'

/** What the form shows: its time stamp, what was typed, each field's error and the message above the form. */
export type ContactFormState = {
	token: string
	values: ContactValues
	errors: Partial<Record<ContactField, string>>
	error: string | null
}

export type ContactSubmitResult =
	/** Stored (and on its way to the association's mailbox), or a bot's post answered the same way and dropped. */
	{ kind: 'sent' } | { kind: 'refused'; status: 400 | 429; state: ContactFormState; retryAfterSeconds?: number }

/** A fresh form: the time stamp of now, nothing typed. */
export async function newContactFormState(now = Date.now()): Promise<ContactFormState> {
	return { token: issueContactToken(await getAuthSecret(), now), values: EMPTY_CONTACT_VALUES, errors: {}, error: null }
}

/**
 * The form's whole rule, in order:
 *
 * 1. The honeypot: a field people never see or reach; a bot that fills it
 *    gets the same answer as a person (so it learns nothing) and nothing is
 *    stored or sent.
 * 2. The fields (Turkish errors at each one) and the time stamp: refused if
 *    sent within CONTACT_MIN_FILL_SECONDS of the form being shown, made up,
 *    or older than a day. Either way what was typed comes back.
 * 3. The sending limits per client address and per e-mail address (429).
 * 4. Stored, then e-mailed to the association in the background: a slow
 *    or failing mail server never keeps or troubles the visitor.
 */
export async function submitContactForm(
	form: FormData,
	request: { ip: string; origin: string },
	now = Date.now(),
): Promise<ContactSubmitResult> {
	const honeypot = form.get(HONEYPOT_FIELD)
	if (typeof honeypot === 'string' && honeypot.trim() !== '') {
		logger.info('contact form: honeypot filled, message dropped')
		return { kind: 'sent' }
	}

	const secret = await getAuthSecret()
	const values = readContactValues(form)
	const parsed = ContactFormSchema.safeParse(values)
	const stamp = checkContactToken(form.get(TOKEN_FIELD), secret, { minAgeMs: getEnv().CONTACT_MIN_FILL_SECONDS * 1000, now })
	// A genuine stamp keeps counting (sending again a moment later works); a bad or old one is replaced.
	const token = stamp === 'ok' || stamp === 'too-fast' ? String(form.get(TOKEN_FIELD)) : issueContactToken(secret, now)

	if (!parsed.success || stamp !== 'ok') {
		const errors: ContactFormState['errors'] = {}
		for (const issue of parsed.success ? [] : parsed.error.issues) {
			const field = issue.path[0] as ContactField
			errors[field] ??= issue.message
		}
		const error = stamp === 'too-fast' ? msg.contact.tooFast : stamp === 'ok' ? msg.contact.fixErrors : msg.contact.expired
		return { kind: 'refused', status: 400, state: { token, values, errors, error } }
	}

	const claim = await claimContactSend({ ip: request.ip, email: parsed.data.email, secret }, now)
	if (!claim.allowed) {
		logger.warn('contact form: sending limit reached')
		const minutes = Math.max(1, Math.ceil(claim.retryAfterSeconds / 60))
		return {
			kind: 'refused',
			status: 429,
			state: { token, values, errors: {}, error: msg.contact.tooMany(minutes) },
			retryAfterSeconds: claim.retryAfterSeconds,
		}
	}

	const id = await storeContactMessage(parsed.data, new Date(now))
	logger.info({ messageId: id }, 'contact message received')
	void notifyAssociation(id, request.origin)
	return { kind: 'sent' }
}
