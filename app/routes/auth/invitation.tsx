import { data, Form, redirect, useNavigation, useRouteLoaderData } from 'react-router'
import { Logo } from '#app/components/ui/logo.tsx'
import { acceptInvitation, readInvitation } from '#app/features/users/invitations.server.ts'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { readFormData } from '#app/lib/form-data.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { seo } from '#app/lib/seo.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import type { Route } from './+types/invitation.ts'
import '#app/styles/admin.css'

const m = msg.users

export const handle: SiteHandle = { navTheme: 'light', hideNavbar: true, hideFooter: true, hydrate: true }

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: m.pageTitle, description: 'Yönetim paneline davet: şifrenizi belirleyin.', noindex: true })
}

/** The token is in the address: never cached, never sent on as a referrer. */
const PRIVATE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
	const merged = new Headers(loaderHeaders)
	for (const [name, value] of actionHeaders) merged.set(name, value)
	for (const [name, value] of Object.entries(PRIVATE_HEADERS)) merged.set(name, value)
	return merged
}

const STATE_MESSAGES = { expired: m.linkExpired, used: m.linkUsed, unknown: m.linkUnknown } as const

/** `/davet?token=…`: the invitation's name and role, or why the link does not work. */
export async function loader({ url }: Route.LoaderArgs) {
	const token = url.searchParams.get('token') ?? ''
	const found = await readInvitation(token)
	if (found.state !== 'valid')
		return data({ ok: false as const, token: '', problem: STATE_MESSAGES[found.state] }, { headers: PRIVATE_HEADERS })
	return data(
		{
			ok: true as const,
			token,
			problem: null,
			fullName: found.fullName,
			email: found.email,
			role: found.role === 'admin' ? m.roleAdmin : m.roleEditor,
		},
		{ headers: PRIVATE_HEADERS },
	)
}

/**
 * The chosen password: checked by the policy and against the repeat; a
 * refusal or a link that stopped working meanwhile changes nothing. Success
 * creates the account with the invited role and goes to the sign-in page.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const info = context.get(requestInfoContext)
	const form = await readFormData(request)
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const result = await acceptInvitation(text('token'), text('password'), text('password_repeat'), {
		ip: info.clientIp || null,
		userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null,
	})
	if (result.ok) {
		logger.info({ userId: result.userId }, 'invitation accepted')
		throw redirect('/giris?bildirim=davet', { headers: PRIVATE_HEADERS })
	}
	const problem = result.state ? STATE_MESSAGES[result.state] : (result.formError ?? null)
	return data(
		{ errors: result.errors, problem, linkDead: Boolean(result.state) },
		{ status: result.state ? 410 : 400, headers: PRIVATE_HEADERS },
	)
}

function PasswordField({ name, label, hint, error }: { name: string; label: string; hint?: string; error?: string }) {
	const id = `davet-${name}`
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

/** Not in the spec: an invited person chooses their password (works without JavaScript). */
export default function InvitationRoute({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
	const siteName = useRouteLoaderData<typeof rootLoader>('root')?.chrome.shortName ?? DEFAULT_SETTINGS.association.shortName
	const problem = actionData?.problem ?? loaderData.problem
	const linkDead = !loaderData.ok || Boolean(actionData?.linkDead)
	const errors: { password?: string; password_repeat?: string } = actionData?.errors ?? {}
	return (
		<div className="auth-page">
			<div className="auth-card">
				<a href="/" className="auth-card__brand">
					<Logo className="auth-card__logo" />
					<span>{siteName}</span>
				</a>
				<h1>{m.pageTitle}</h1>
				{problem ? (
					<p className="form-error" role="alert" id="davet-error">
						{problem}
					</p>
				) : null}
				{linkDead || !loaderData.ok ? (
					<p className="auth-card__back">
						<a href="/giris">{m.toLogin}</a>
					</p>
				) : (
					<>
						<p>{m.pageIntro(loaderData.fullName, loaderData.role)}</p>
						<Form
							method="post"
							action={`/davet?token=${encodeURIComponent(loaderData.token)}`}
							noValidate
							className="auth-form"
							aria-describedby={problem ? 'davet-error' : undefined}
						>
							<input type="hidden" name="token" value={loaderData.token} />
							{/* For password managers: the account the password belongs to. */}
							<input type="email" name="email" value={loaderData.email} autoComplete="username" readOnly hidden />
							<PasswordField name="password" label={m.password} hint={m.passwordHint} error={errors.password} />
							<PasswordField name="password_repeat" label={m.passwordRepeat} error={errors.password_repeat} />
							<button type="submit" className="button auth-form__submit" disabled={submitting} aria-busy={submitting || undefined}>
								{m.accept}
							</button>
						</Form>
					</>
				)}
				<p className="auth-card__back">
					<a href="/">← {msg.layout.backToSite}</a>
				</p>
			</div>
		</div>
	)
}
