import { data, Form, redirect, useNavigation, useRouteLoaderData } from 'react-router'
import { Logo } from '#app/components/ui/logo.tsx'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import {
	completePasswordReset,
	inspectResetToken,
	tokenProblemMessage,
	type ResetFieldErrors,
} from '#app/features/users/password-reset.server.ts'
import { readFormData } from '#app/lib/form-data.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { seo } from '#app/lib/seo.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/reset-password.ts'
import '#app/styles/admin.css'

export const handle: SiteHandle = { navTheme: 'light', hideNavbar: true, hideFooter: true, hydrate: true }

/** Where a reset sends the person: the sign-in page, which says the password was changed. */
const RESET_DONE_LOCATION = '/giris?sifre=yenilendi'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: msg.passwordReset.resetTitle, description: 'Yönetim paneli için yeni şifre belirleme.', noindex: true })
}

/**
 * The token is in the address: never cached, never sent to another site as
 * a referrer (same-origin, not no-referrer: with no-referrer the browser
 * posts the form with `Origin: null`, which the cross-site check refuses).
 */
const PRIVATE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' }

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
	const merged = new Headers(loaderHeaders)
	for (const [name, value] of actionHeaders) merged.set(name, value)
	for (const [name, value] of Object.entries(PRIVATE)) merged.set(name, value)
	return merged
}

export async function loader({ url }: Route.LoaderArgs) {
	const token = url.searchParams.get('token') ?? ''
	const state = await inspectResetToken(token)
	if (state.status !== 'valid')
		return data({ token: '', email: null, problem: tokenProblemMessage(state.status) }, { status: 410, headers: PRIVATE })
	return data({ token, email: state.email, problem: null }, { headers: PRIVATE })
}

type ActionData = { problem: string | null; fieldErrors: ResetFieldErrors; formError: string | null }

export async function action({ request, url, context }: Route.ActionArgs) {
	const info = context.get(requestInfoContext)
	const form = await readFormData(request)
	const token = String(form.get('token') ?? url.searchParams.get('token') ?? '')
	const password = String(form.get('password') ?? '')
	const repeat = String(form.get('password_repeat') ?? '')
	try {
		const result = await completePasswordReset({ token, password, repeat, ip: info.clientIp, userAgent: request.headers.get('user-agent') })
		if (result.ok) throw redirect(RESET_DONE_LOCATION, { status: 303, headers: PRIVATE })
		if (result.tokenProblem) {
			return data<ActionData>(
				{ problem: tokenProblemMessage(result.tokenProblem), fieldErrors: {}, formError: null },
				{ status: 410, headers: PRIVATE },
			)
		}
		return data<ActionData>({ problem: null, fieldErrors: result.fieldErrors, formError: null }, { status: 400, headers: PRIVATE })
	} catch (error) {
		if (error instanceof Response) throw error
		logger.error({ err: error, requestId: info.requestId }, 'password reset failed')
		return data<ActionData>({ problem: null, fieldErrors: {}, formError: msg.passwordReset.failed }, { status: 500, headers: PRIVATE })
	}
}

function PasswordField({
	name,
	label,
	hint,
	error,
}: {
	name: 'password' | 'password_repeat'
	label: string
	hint?: string
	error?: string
}) {
	const id = `reset-${name}`
	const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
	return (
		<div className={`field${error ? ' field--invalid' : ''}`}>
			<label htmlFor={id}>{label}</label>
			<input
				id={id}
				name={name}
				type="password"
				autoComplete="new-password"
				required
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy}
			/>
			{hint ? (
				<p className="field__hint" id={`${id}-hint`}>
					{hint}
				</p>
			) : null}
			{error ? (
				<p className="field__error" id={`${id}-error`}>
					{error}
				</p>
			) : null}
		</div>
	)
}

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
	const siteName = useRouteLoaderData<typeof rootLoader>('root')?.chrome.shortName ?? DEFAULT_SETTINGS.association.shortName
	const problem = actionData?.problem ?? loaderData.problem
	const errors = actionData?.fieldErrors ?? {}
	return (
		<div className="auth-page">
			<div className="auth-card">
				<a href="/" className="auth-card__brand">
					<Logo className="auth-card__logo" />
					<span>{siteName}</span>
				</a>
				<h1>{msg.passwordReset.resetTitle}</h1>
				{problem ? (
					<>
						<p className="form-error" role="alert">
							{problem}
						</p>
						<p>
							<a className="button" href="/sifremi-unuttum">
								{msg.passwordReset.requestNew}
							</a>
						</p>
					</>
				) : (
					<>
						{loaderData.email ? <p>{msg.passwordReset.resetIntro(loaderData.email)}</p> : null}
						{actionData?.formError ? (
							<p className="form-error" role="alert" id="reset-error">
								{actionData.formError}
							</p>
						) : null}
						<Form
							method="post"
							replace
							noValidate
							className="auth-form"
							aria-describedby={actionData?.formError ? 'reset-error' : undefined}
						>
							<input type="hidden" name="token" value={loaderData.token} />
							{/* For password managers: the account the new password belongs to. */}
							<input type="text" name="username" autoComplete="username" value={loaderData.email ?? ''} readOnly hidden />
							<PasswordField
								name="password"
								label={msg.passwordReset.newPassword}
								hint={msg.passwordReset.newPasswordHint}
								error={errors.password}
							/>
							<PasswordField name="password_repeat" label={msg.passwordReset.repeatPassword} error={errors.repeat} />
							<button type="submit" className="button auth-form__submit" disabled={submitting} aria-busy={submitting || undefined}>
								{submitting ? msg.passwordReset.resetSubmitting : msg.passwordReset.resetSubmit}
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
