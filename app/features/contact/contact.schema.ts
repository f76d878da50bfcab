import { z } from 'zod'
import { msg } from '#app/lib/messages.ts'

const m = msg.contact

/** The form's limits, shown to the visitor and checked by the action. */
export const CONTACT_LIMITS = {
	name: 120,
	email: 254,
	subject: 150,
	messageMin: 10,
	messageMax: 5000,
} as const

/** The names the contact form posts. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message', 'consent'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
/** The hidden field a person never fills (see the form): a plausible name, so form-filling bots do. */
export const HONEYPOT_FIELD = 'website'
/** The signed time the form was shown at (contact-token.server.ts). */
export const TOKEN_FIELD = 'form_token'

/**
 * An address a reply can go to, and nothing a mail header could read as a
 * second address, a display name or a comment: the local part in RFC 5322's
 * dot-atom characters, a domain of at least two labels (Turkish letters allowed).
 */
const EMAIL =
	/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,63}$/u

/** One line of text: control characters (a line break in a header, a tab) become spaces, runs of spaces one. */
const oneLine = (value: string) =>
	value
		.replace(/\p{Cc}/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim()

/** The message as written: Windows and old Mac line ends become `\n`, other control characters (but tabs) go. */
const multiLine = (value: string) =>
	value
		.replace(/\r\n?/g, '\n')
		.replace(/[^\P{Cc}\n\t]/gu, '')
		.trim()

/** What the action accepts; every message Turkish, at its field. */
export const ContactFormSchema = z.object({
	name: z
		.string()
		.transform(oneLine)
		.pipe(z.string().min(1, m.nameRequired).max(CONTACT_LIMITS.name, m.nameTooLong(CONTACT_LIMITS.name))),
	email: z
		.string()
		.transform(oneLine)
		.pipe(z.string().min(1, m.emailRequired).max(CONTACT_LIMITS.email, m.emailInvalid).regex(EMAIL, m.emailInvalid)),
	subject: z
		.string()
		.transform(oneLine)
		.pipe(z.string().min(1, m.subjectRequired).max(CONTACT_LIMITS.subject, m.subjectTooLong(CONTACT_LIMITS.subject))),
	message: z
		.string()
		.transform(multiLine)
		.pipe(
			z
				.string()
				.min(CONTACT_LIMITS.messageMin, m.messageTooShort(CONTACT_LIMITS.messageMin))
				.max(CONTACT_LIMITS.messageMax, m.messageTooLong(CONTACT_LIMITS.messageMax)),
		),
	consent: z.literal(true, { error: m.consentRequired }),
})

export type ContactForm = z.infer<typeof ContactFormSchema>

/** What the visitor typed, as posted (for showing it again after a refusal). */
export type ContactValues = { name: string; email: string; subject: string; message: string; consent: boolean }

export const EMPTY_CONTACT_VALUES: ContactValues = { name: '', email: '', subject: '', message: '', consent: false }

/**
 * The posted fields, each a string (a missing or non-text field is empty),
 * cut well past its limit (so it still fails the check) to keep what is
 * echoed back small.
 */
export function readContactValues(form: FormData): ContactValues {
	const text = (name: string, max: number) => {
		const value = form.get(name)
		return typeof value === 'string' ? value.slice(0, max * 2) : ''
	}
	return {
		name: text('name', CONTACT_LIMITS.name),
		email: text('email', CONTACT_LIMITS.email),
		subject: text('subject', CONTACT_LIMITS.subject),
		message: text('message', CONTACT_LIMITS.messageMax),
		consent: form.get('consent') === 'on',
	}
}
