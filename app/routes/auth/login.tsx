import { data, Form, redirect, useNavigation, useRouteLoaderData } from 'react-router'
import { Logo } from '#app/components/ui/logo.tsx'
import { ForgotPasswordLink, PasswordResetNotice } from '#app/features/users/components/password-reset-notice.tsx'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { recordAudit } from '#app/lib/audit.server.ts'
import { getAuthSecret, getSessionUser, safeRedirect, withSecureFlag } from '#app/lib/auth.server.ts'
import { TWO_FACTOR_SECTION_PATH } from '#app/lib/auth-guard.server.ts'
import { readFormData } from '#app/lib/form-data.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { claimLoginAttempt, settleLoginAttempt } from '#app/lib/rate-limit.server.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { seo } from '#app/lib/seo.ts'
import { checkPassword, completeSignIn, signInActor } from '#app/lib/sign-in.server.ts'
import { createPendingValue, hasTwoFactor, isTrustedDevice, isTwoFactorRequired, pendingCookieHeader } from '#app/lib/two-factor.server.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/login.ts'
import '#app/styles/admin.css'

export const handle: SiteHandle = { navTheme: 'light', hideNavbar: true, hideFooter: true, hydrate: true }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: msg.auth.title, description: 'Derneğin yönetim paneline yönetici girişi.', noindex: true })
}

/** Loader and action headers (no-store, Retry-After) reach the response. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
	const merged = new Headers(loaderHeaders)
	for (const [name, value] of actionHeaders) merged.set(name, value)
	merged.set('Cache-Control', 'no-store')
	return merged
}

function cookieHeaders(cookies: Array<string>) {
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	for (const cookie of cookies) headers.append('Set-Cookie', cookie)
	return headers
}

/** Spec §4: the login page while signed in goes to the redirect target or /admin. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
	const info = context.get(requestInfoContext)
	const { user, setCookies } = await getSessionUser(request, info.clientIp)
	const target = safeRedirect(url.searchParams.get('redirect'))
	if (user) throw redirect(target, { headers: cookieHeaders(withSecureFlag(setCookies, info.secure)) })
	// A note from the page that sent the person here (?bildirim=davet after an accepted invitation); unknown values show nothing.
	const notices: Record<string, string> = { davet: msg.users.acceptedNotice }
	const notice = notices[url.searchParams.get('bildirim') ?? ''] ?? null
	const email = (url.searchParams.get('email') ?? '').trim().slice(0, 200)
	return data({ redirect: target === '/admin' ? '' : target, notice, email }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, context }: Route.ActionArgs) {
	const info = context.get(requestInfoContext)
	const form = await readFormData(request)
	const email = String(form.get('email') ?? '').trim()
	const password = String(form.get('password') ?? '')
	const target = safeRedirect(form.get('redirect'))
	if (!email || !password) return data({ error: msg.auth.missingFields }, { status: 400 })

	// Only failures count, and a browser that signed in before is limited on its own (rate-limit.server.ts).
	const secret = await getAuthSecret()
	const cookieHeader = request.headers.get('cookie')
	const claim = await claimLoginAttempt({ email, clientIp: info.clientIp, cookieHeader, secret })
	if (!claim.allowed) {
		logger.warn({ ip: info.clientIp, requestId: info.requestId }, 'login rate limit reached')
		return data(
			{ error: msg.auth.tooManyAttempts(Math.ceil(claim.retryAfterSeconds / 60)) },
			{ status: 429, headers: { 'Retry-After': String(claim.retryAfterSeconds) } },
		)
	}

	const client = { ip: info.clientIp, userAgent: request.headers.get('user-agent') }
	const cookies: Array<string> = []
	let settled = false
	try {
		const account = await checkPassword(email, password)
		if (!account || account.disabled) {
			// The same answer for an unknown address, a wrong password and a disabled account; the failure stays counted.
			settled = true
			await settleLoginAttempt(claim.attempt, 'refused', secret)
			await recordAudit({
				kind: 'auth',
				action: 'sign-in-failed',
				itemKind: account ? 'users' : null,
				itemId: account?.userId ?? null,
				itemTitle: account?.email ?? null,
				summary: account ? 'Devre dışı bırakılmış hesapla giriş denemesi' : 'Hatalı şifre veya kayıtlı olmayan e-posta adresi',
				actor: signInActor(client, { userId: account?.userId ?? null, email: email.slice(0, 200) }),
			})
			return data({ error: msg.auth.invalidCredentials }, { status: 401 })
		}
		settled = true
		const deviceCookie = await settleLoginAttempt(claim.attempt, 'success', secret)
		if (deviceCookie) cookies.push(deviceCookie)
		if (await hasTwoFactor(account.userId)) {
			if (!(await isTrustedDevice(account.userId, cookieHeader))) {
				// No session yet: the second step (/giris/dogrulama) completes the sign-in within five minutes.
				cookies.push(pendingCookieHeader(createPendingValue(secret, account.userId)))
				const next = target === '/admin' ? '/giris/dogrulama' : `/giris/dogrulama?redirect=${encodeURIComponent(target)}`
				throw redirect(next, { headers: cookieHeaders(withSecureFlag(cookies, info.secure)) })
			}
			cookies.push(...(await completeSignIn(account, client, 'Şifreyle giriş (hatırlanan cihaz, kod sorulmadı)')))
			throw redirect(target, { headers: cookieHeaders(withSecureFlag(cookies, info.secure)) })
		}
		cookies.push(...(await completeSignIn(account, client, 'Şifreyle giriş')))
		// Required for every admin and not set up yet: straight to the set-up (the admin guard insists too).
		const next = (await isTwoFactorRequired()) ? TWO_FACTOR_SECTION_PATH : target
		throw redirect(next, { headers: cookieHeaders(withSecureFlag(cookies, info.secure)) })
	} catch (error) {
		if (error instanceof Response) throw error
		if (!settled) await settleLoginAttempt(claim.attempt, 'error', secret)
		logger.error({ err: error, requestId: info.requestId }, 'sign-in failed')
		return data({ error: msg.auth.failed }, { status: 500 })
	}
}

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
	const error = actionData?.error ?? null
	const siteName = useRouteLoaderData<typeof rootLoader>('root')?.chrome.shortName ?? DEFAULT_SETTINGS.association.shortName
	return (
		<div className="auth-page">
			<div className="auth-card">
				<a href="/" className="auth-card__brand">
					<Logo className="auth-card__logo" />
					<span>{siteName}</span>
				</a>
				<h1>{msg.auth.title}</h1>
				<PasswordResetNotice />
				{loaderData.notice && !error ? (
					<p className="settings-group__saved" role="status">
						{loaderData.notice}
					</p>
				) : null}
				{error ? (
					<p className="form-error" role="alert" id="login-error">
						{error}
					</p>
				) : null}
				<Form method="post" replace noValidate className="auth-form" aria-describedby={error ? 'login-error' : undefined}>
					<input type="hidden" name="redirect" value={loaderData.redirect} />
					<div className="field">
						<label htmlFor="login-email">{msg.common.email}</label>
						<input
							id="login-email"
							name="email"
							type="email"
							autoComplete="username"
							inputMode="email"
							spellCheck={false}
							defaultValue={loaderData.email}
							aria-invalid={error ? true : undefined}
						/>
					</div>
					<div className="field">
						<label htmlFor="login-password">{msg.auth.password}</label>
						<input
							id="login-password"
							name="password"
							type="password"
							autoComplete="current-password"
							aria-invalid={error ? true : undefined}
						/>
					</div>
					<button type="submit" className="button auth-form__submit" disabled={submitting} aria-busy={submitting || undefined}>
						{submitting ? msg.auth.submitting : msg.auth.submit}
					</button>
				</Form>
				<ForgotPasswordLink />
				<p className="auth-card__back">
					<a href="/">← {msg.layout.backToSite}</a>
				</p>
			</div>
		</div>
	)
}
