// oxlint-disable jsx-a11y/no-autofocus -- only after a refusal: the page (without JavaScript) opens at the first field to correct, as the sign-in forms do
import { PAGE_PATHS } from '#app/features/pages/page-paths.ts'
import { msg } from '#app/lib/messages.ts'
import type { ContactFormState } from '../contact-form.server.ts'
import { CONTACT_LIMITS, HONEYPOT_FIELD, TOKEN_FIELD, type ContactField } from '../contact.schema.ts'
import { CONTACT_FORM_ANCHOR, CONTACT_PAGE_PATH } from '../contact.shared.ts'

const m = msg.contact

/** A field's error, and what its control needs to point at it. */
function errorOf(state: ContactFormState, field: ContactField, hint?: string) {
	const error = state.errors[field] ?? null
	const errorId = `contact-${field}-error`
	const describedBy = [hint, error ? errorId : null].filter(Boolean).join(' ') || undefined
	return { error, errorId, describedBy, invalid: error ? true : undefined }
}

function FieldError({ id, text }: { id: string; text: string | null }) {
	return text ? (
		<p className="field__error" id={id}>
			{text}
		</p>
	) : null
}

function Label({ htmlFor, text }: { htmlFor: string; text: string }) {
	return (
		<label htmlFor={htmlFor}>
			{text}{' '}
			<span className="contact-form__required" aria-hidden="true">
				*
			</span>
		</label>
	)
}

/**
 * "Bize yazın": a plain HTML form posted to the page's own action, so it
 * works without JavaScript (public pages ship none for it). A refusal comes
 * back with the page, everything typed in place, a Turkish error at each
 * field (aria-invalid, aria-describedby) and the first wrong field (or the
 * reason, when the form as a whole was refused) focused by `autofocus`, which
 * also scrolls it into view; after sending, the confirmation's address ends in
 * `#bize-yazin`. (A fragment in the form's own address would stop the browser
 * from autofocusing.)
 */
export function ContactForm({ state, sent }: { state: ContactFormState; sent: boolean }) {
	const { values } = state
	const name = errorOf(state, 'name')
	const email = errorOf(state, 'email', 'contact-email-hint')
	const subject = errorOf(state, 'subject')
	const message = errorOf(state, 'message', 'contact-message-hint')
	const consent = errorOf(state, 'consent')
	const firstInvalid = (['name', 'email', 'subject', 'message', 'consent'] as const).find((field) => state.errors[field])
	return (
		<section className="contact-form" aria-labelledby={CONTACT_FORM_ANCHOR}>
			<h2 id={CONTACT_FORM_ANCHOR}>{m.formTitle}</h2>
			<div role="status" className="contact-form__status">
				{sent ? <p className="notice contact-form__sent">{m.sent}</p> : null}
			</div>
			{state.error ? (
				<p
					className="contact-form__error"
					role="alert"
					id="contact-form-error"
					tabIndex={-1}
					// Refused as a whole (too soon, an old form, the limit): the page opens at the reason.
					autoFocus={firstInvalid === undefined}
				>
					{state.error}
				</p>
			) : null}
			<p className="contact-form__intro">{m.formIntro}</p>
			<form
				method="post"
				action={CONTACT_PAGE_PATH}
				noValidate
				className="contact-form__form"
				aria-describedby={state.error ? 'contact-form-error' : undefined}
			>
				<input type="hidden" name={TOKEN_FIELD} value={state.token} />
				<div className={`field${name.error ? ' field--invalid' : ''}`}>
					<Label htmlFor="contact-name" text={m.name} />
					<input
						id="contact-name"
						name="name"
						type="text"
						autoComplete="name"
						required
						maxLength={CONTACT_LIMITS.name}
						defaultValue={values.name}
						aria-invalid={name.invalid}
						aria-describedby={name.describedBy}
						autoFocus={firstInvalid === 'name'}
					/>
					<FieldError id={name.errorId} text={name.error} />
				</div>
				<div className={`field${email.error ? ' field--invalid' : ''}`}>
					<Label htmlFor="contact-email" text={m.email} />
					<input
						id="contact-email"
						name="email"
						type="email"
						autoComplete="email"
						inputMode="email"
						spellCheck={false}
						required
						maxLength={CONTACT_LIMITS.email}
						defaultValue={values.email}
						aria-invalid={email.invalid}
						aria-describedby={email.describedBy}
						autoFocus={firstInvalid === 'email'}
					/>
					<p className="field__hint" id="contact-email-hint">
						{m.emailHint}
					</p>
					<FieldError id={email.errorId} text={email.error} />
				</div>
				{/* Visually hidden, out of the tab order and of the accessibility tree: only a bot fills it in. */}
				<div className="contact-form__trap" aria-hidden="true">
					<label htmlFor="contact-website">{m.honeypot}</label>
					<input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
				</div>
				<div className={`field${subject.error ? ' field--invalid' : ''}`}>
					<Label htmlFor="contact-subject" text={m.subject} />
					<input
						id="contact-subject"
						name="subject"
						type="text"
						required
						maxLength={CONTACT_LIMITS.subject}
						defaultValue={values.subject}
						aria-invalid={subject.invalid}
						aria-describedby={subject.describedBy}
						autoFocus={firstInvalid === 'subject'}
					/>
					<FieldError id={subject.errorId} text={subject.error} />
				</div>
				<div className={`field${message.error ? ' field--invalid' : ''}`}>
					<Label htmlFor="contact-message" text={m.message} />
					<textarea
						id="contact-message"
						name="message"
						rows={8}
						required
						minLength={CONTACT_LIMITS.messageMin}
						maxLength={CONTACT_LIMITS.messageMax}
						defaultValue={values.message}
						aria-invalid={message.invalid}
						aria-describedby={message.describedBy}
						autoFocus={firstInvalid === 'message'}
					/>
					<p className="field__hint" id="contact-message-hint">
						{m.messageHint(CONTACT_LIMITS.messageMin, CONTACT_LIMITS.messageMax)}
					</p>
					<FieldError id={message.errorId} text={message.error} />
				</div>
				<div className={`field field--check${consent.error ? ' field--invalid' : ''}`}>
					<input
						id="contact-consent"
						name="consent"
						type="checkbox"
						required
						defaultChecked={values.consent}
						aria-invalid={consent.invalid}
						aria-describedby={consent.describedBy}
						autoFocus={firstInvalid === 'consent'}
					/>
					<label htmlFor="contact-consent">
						<a href={PAGE_PATHS.kvkk} target="_blank" rel="noopener">
							{m.consentLink}
							<span className="sr-only"> {msg.layout.newTab}</span>
						</a>
						{m.consentAfter}{' '}
						<span className="contact-form__required" aria-hidden="true">
							*
						</span>
					</label>
					<FieldError id={consent.errorId} text={consent.error} />
				</div>
				<button type="submit" className="button contact-form__submit">
					{m.submit}
				</button>
			</form>
		</section>
	)
}
