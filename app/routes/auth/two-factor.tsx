import { data, Form, redirect, useNavigation, useRouteLoaderData } from 'react-router'
import { Logo } from '#app/components/ui/logo.tsx'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { recordAudit } from '#app/lib/audit.server.ts'
import { getAuthSecret, getSessionUser, safeRedirect, withSecureFlag } from '#app/lib/auth.server.ts'
import { db } from '#app/lib/db.server.ts'
import { readFormData } from '#app/lib/form-data.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { claimAttempt, refundAttempt, type LockoutRule } from '#app/lib/rate-limit.server.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { seo } from '#app/lib/seo.ts'
import { completeSignIn, signInActor } from '#app/lib/sign-in.server.ts'
import {
	clearPendingCookieHeader,
	readPendingUser,
	rememberDevice,
	trustedCookieHeader,
	verifySecondFactor,
} from '#app/lib/two-factor.server.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/two-factor.ts'
import '#app/styles/admin.css'

export const handle: SiteHandle = { navTheme: 'light', hideNavbar: true, hideFooter: true, hydrate: true }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: msg.twoFactor.stepTitle, description: 'Yönetici girişinin ikinci adımı.', noindex: true })
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
	const merged = new Headers(loaderHeaders)
	for (const [name, value] of actionHeaders) merged.set(name, value)
	merged.set('Cache-Control', 'no-store')
	return merged
}

/**
 * Wrong codes per account, counted by the sign-in limiter: five, then a
 * lock that doubles with every further failure (a six-digit code cannot be
 * guessed in the attempts this leaves).
 */
const SECOND_STEP_LOCKOUT: LockoutRule = { threshold: 5, firstLockMs: 60_000, maxLockMs: 30 * 60_000, forgetAfterMs: 86_400_000 }

function cookieHeaders(cookies: Array<string>) {
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	for (const cookie of cookies) headers.append('Set-Cookie', cookie)
	return headers
}

function loginAgain(url: URL) {
	const target = safeRedirect(url.searchParams.get('redirect'))
	return target === '/admin' ? '/giris' : `/giris?redirect=${encodeURIComponent(target)}`
}

/**
 * Only after the password, within five minutes (the signed cookie /giris
 * set); without it the page says so and links back to /giris (a redirect
 * here would hide a refused form's answer, since a plain form post renders
 * through this loader too).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
	const info = context.get(requestInfoContext)
	const { user, setCookies } = await getSessionUser(request, info.clientIp)
	const target = safeRedirect(url.searchParams.get('redirect'))
	if (user) throw redirect(target, { headers: cookieHeaders(withSecureFlag(setCookies, info.secure)) })
	const userId = readPendingUser(request.headers.get('cookie'), await getAuthSecret())
	return data(
		{ redirect: target === '/admin' ? '' : target, expired: !userId, loginHref: loginAgain(url) },
		{ headers: { 'Cache-Control': 'no-store' } },
	)
}

export async function action({ request, url, context }: Route.ActionArgs) {
	const info = context.get(requestInfoContext)
	const form = await readFormData(request)
	const code = String(form.get('code') ?? '').trim()
	const remember = form.get('remember') === 'on'
	const target = safeRedirect(form.get('redirect'))
	const secret = await getAuthSecret()
	const userId = readPendingUser(request.headers.get('cookie'), secret)
	if (!userId) return data({ error: msg.twoFactor.expired, expired: true, loginHref: loginAgain(url) }, { status: 401 })
	if (!code) return data({ error: msg.twoFactor.codeMissing, expired: false, loginHref: '' }, { status: 400 })

	const user = await db.selectFrom('users').select(['id', 'email', 'disabled_at']).where('id', '=', userId).executeTakeFirst()
	if (!user || user.disabled_at) return data({ error: msg.twoFactor.expired, expired: true, loginHref: loginAgain(url) }, { status: 401 })
	const client = { ip: info.clientIp, userAgent: request.headers.get('user-agent') }
	const account = { userId: user.id, email: user.email }

	const claim = await claimAttempt(`login:two-factor:${user.id}`, SECOND_STEP_LOCKOUT)
	if (!claim.allowed) {
		logger.warn({ ip: info.clientIp, requestId: info.requestId }, 'two-factor rate limit reached')
		return data(
			{ error: msg.twoFactor.tooManyAttempts(Math.ceil(claim.retryAfterSeconds / 60)), expired: false, loginHref: '' },
			{ status: 429, headers: { 'Retry-After': String(claim.retryAfterSeconds) } },
		)
	}
	const result = await verifySecondFactor(user.id, code)
	if (!result.ok) {
		await recordAudit({
			kind: 'auth',
			action: 'two-factor-failed',
			itemKind: 'users',
			itemId: user.id,
			itemTitle: user.email,
			summary: 'Hatalı doğrulama kodu veya kurtarma kodu',
			actor: signInActor(client, account),
		})
		return data({ error: msg.twoFactor.codeWrong, expired: false, loginHref: '' }, { status: 401 })
	}
	await refundAttempt(claim)
	if (result.method === 'recovery') {
		await recordAudit({
			kind: 'account',
			action: 'recovery-code-used',
			itemKind: 'users',
			itemId: user.id,
			itemTitle: user.email,
			summary: 'Girişte bir kurtarma kodu kullanıldı',
			actor: signInActor(client, account),
		})
	}
	const cookies = [clearPendingCookieHeader]
	if (remember) {
		const token = await rememberDevice(user.id, client.userAgent)
		if (token) cookies.push(trustedCookieHeader(token))
	}
	const how = result.method === 'recovery' ? 'Şifre ve kurtarma koduyla giriş' : 'Şifre ve doğrulama koduyla giriş'
	cookies.push(...(await completeSignIn(account, client, remember ? `${how} (bu cihaz 30 gün hatırlanacak)` : how)))
	throw redirect(target, { headers: cookieHeaders(withSecureFlag(cookies, info.secure)) })
}

export default function TwoFactorRoute({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
	const expired = Boolean(actionData?.expired ?? loaderData.expired)
	const error = actionData?.error ?? (expired ? msg.twoFactor.expired : null)
	const loginHref = actionData?.loginHref || loaderData.loginHref
	const siteName = useRouteLoaderData<typeof rootLoader>('root')?.chrome.shortName ?? DEFAULT_SETTINGS.association.shortName
	const t = msg.twoFactor
	return (
		<div className="auth-page">
			<div className="auth-card">
				<a href="/" className="auth-card__brand">
					<Logo className="auth-card__logo" />
					<span>{siteName}</span>
				</a>
				<h1>{t.stepTitle}</h1>
				{error ? (
					<p className="form-error" role="alert" id="two-factor-error">
						{error}
						{expired ? (
							<>
								{' '}
								<a href={loginHref}>{t.startAgain}</a>
							</>
						) : null}
					</p>
				) : (
					<p>{t.stepIntro}</p>
				)}
				{expired ? null : (
					<Form method="post" replace noValidate className="auth-form">
						<input type="hidden" name="redirect" value={loaderData.redirect} />
						<div className="field">
							<label htmlFor="two-factor-code">{t.codeLabel}</label>
							<input
								id="two-factor-code"
								name="code"
								type="text"
								autoComplete="one-time-code"
								autoCapitalize="off"
								spellCheck={false}
								// oxlint-disable-next-line jsx-a11y/no-autofocus -- the page's only task is this field
								autoFocus
								aria-invalid={error ? true : undefined}
								aria-describedby={error ? 'two-factor-error two-factor-hint' : 'two-factor-hint'}
							/>
							<p className="field__hint" id="two-factor-hint">
								{t.codeHint}
							</p>
						</div>
						<div className="field field--check">
							<input id="two-factor-remember" name="remember" type="checkbox" aria-describedby="two-factor-remember-hint" />
							<label htmlFor="two-factor-remember">{t.remember}</label>
							<p className="field__hint" id="two-factor-remember-hint">
								{t.rememberHint}
							</p>
						</div>
						<button type="submit" className="button auth-form__submit" disabled={submitting} aria-busy={submitting || undefined}>
							{submitting ? t.submitting : t.submit}
						</button>
					</Form>
				)}
				<p className="auth-card__back">
					<a href="/giris">← {msg.auth.title}</a>
				</p>
			</div>
		</div>
	)
}
