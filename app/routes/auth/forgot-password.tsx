import { data, Form, useNavigation, useRouteLoaderData } from 'react-router'
import { Logo } from '#app/components/ui/logo.tsx'
import { claimResetRequest, looksLikeEmail, requestPasswordReset } from '#app/features/users/password-reset.server.ts'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { readFormData } from '#app/lib/form-data.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { siteOrigin } from '#app/lib/origin.server.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { seo } from '#app/lib/seo.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/forgot-password.ts'
import '#app/styles/admin.css'

export const handle: SiteHandle = { navTheme: 'light', hideNavbar: true, hideFooter: true, hydrate: true }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: msg.passwordReset.requestTitle, description: 'Yönetim paneli şifresini e-postayla yenileme.', noindex: true })
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
	const merged = new Headers(loaderHeaders)
	for (const [name, value] of actionHeaders) merged.set(name, value)
	merged.set('Cache-Control', 'no-store')
	return merged
}

export function loader() {
	return data(null, { headers: { 'Cache-Control': 'no-store' } })
}

type ActionData = { sent: true } | { sent: false; error?: string; fieldError?: string; email: string }

/**
 * The same answer, at once, whatever the address: the look-up, the link
 * and the mail happen after it (password-reset.server.ts). Only the client
 * address's limit answers differently (429), and it says nothing about the
 * account.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const info = context.get(requestInfoContext)
	const form = await readFormData(request)
	const email = String(form.get('email') ?? '')
		.trim()
		.slice(0, 300)
	if (!email) return data<ActionData>({ sent: false, fieldError: msg.passwordReset.emailRequired, email }, { status: 400 })
	if (!looksLikeEmail(email)) return data<ActionData>({ sent: false, fieldError: msg.passwordReset.emailInvalid, email }, { status: 400 })
	const claim = await claimResetRequest(info.clientIp)
	if (!claim.allowed) {
		logger.warn({ ip: info.clientIp, requestId: info.requestId }, 'password reset rate limit reached')
		return data<ActionData>(
			{ sent: false, error: msg.passwordReset.tooManyRequests(Math.ceil(claim.retryAfterSeconds / 60)), email },
			{ status: 429, headers: { 'Retry-After': String(claim.retryAfterSeconds) } },
		)
	}
	requestPasswordReset({ email, ip: info.clientIp, userAgent: request.headers.get('user-agent'), origin: siteOrigin(request) })
	return data<ActionData>({ sent: true })
}

export default function ForgotPasswordRoute({ actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
	const siteName = useRouteLoaderData<typeof rootLoader>('root')?.chrome.shortName ?? DEFAULT_SETTINGS.association.shortName
	const failed = actionData && !actionData.sent ? actionData : null
	return (
		<div className="auth-page">
			<div className="auth-card">
				<a href="/" className="auth-card__brand">
					<Logo className="auth-card__logo" />
					<span>{siteName}</span>
				</a>
				<h1>{msg.passwordReset.requestTitle}</h1>
				{actionData?.sent ? (
					<p className="notice" role="status" id="reset-requested">
						{msg.passwordReset.requested}
					</p>
				) : (
					<>
						<p>{msg.passwordReset.requestIntro}</p>
						{failed?.error ? (
							<p className="form-error" role="alert" id="forgot-error">
								{failed.error}
							</p>
						) : null}
						<Form method="post" replace noValidate className="auth-form" aria-describedby={failed?.error ? 'forgot-error' : undefined}>
							<div className={`field${failed?.fieldError ? ' field--invalid' : ''}`}>
								<label htmlFor="forgot-email">{msg.common.email}</label>
								<input
									id="forgot-email"
									name="email"
									type="email"
									autoComplete="username"
									inputMode="email"
									spellCheck={false}
									required
									defaultValue={failed?.email ?? ''}
									aria-invalid={failed?.fieldError ? true : undefined}
									aria-describedby={failed?.fieldError ? 'forgot-email-error' : undefined}
									// oxlint-disable-next-line jsx-a11y/no-autofocus -- the page's only field, and a refusal brings the person back to it
									autoFocus={Boolean(failed?.fieldError)}
								/>
								{failed?.fieldError ? (
									<p className="field__error" id="forgot-email-error">
										{failed.fieldError}
									</p>
								) : null}
							</div>
							<button type="submit" className="button auth-form__submit" disabled={submitting} aria-busy={submitting || undefined}>
								{submitting ? msg.passwordReset.requestSubmitting : msg.passwordReset.requestSubmit}
							</button>
						</Form>
					</>
				)}
				<p className="auth-card__back">
					<a href="/giris">← {msg.passwordReset.backToLogin}</a>
				</p>
			</div>
		</div>
	)
}
