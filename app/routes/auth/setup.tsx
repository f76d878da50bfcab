import type { InputHTMLAttributes } from 'react'
import { data, redirect } from 'react-router'
import { hasSetupCode, isSetupOpen, retireSetupCode } from '#app/features/users/setup-code.server.ts'
import { submitSetupForm, type SetupValues } from '#app/features/users/setup-form.server.ts'
import type { SetupField } from '#app/features/users/setup.schema.ts'
import { authHeaders, getAuth, getAuthSecret, withSecureFlag } from '#app/lib/auth.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { readFormData } from '#app/lib/form-data.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { createDeviceCookieValue, deviceCookieHeader } from '#app/lib/rate-limit.server.ts'
import { requestInfoContext } from '#app/lib/request-context.ts'
import { seo } from '#app/lib/seo.ts'
import type { Route } from './+types/setup.ts'
import '#app/styles/admin.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: msg.setup.title, description: 'Sitenin ilk yöneticisinin oluşturulması.', noindex: true })
}

const NO_STORE = { 'Cache-Control': 'no-store' }

/** Once an admin exists the page is gone: the site's not-found page, and any code left over is forgotten. */
async function requireOpenSetup() {
	if (await isSetupOpen()) return
	await retireSetupCode(getEnv().dataDir)
	throw data(null, { status: 404, headers: NO_STORE })
}

export function headers({ actionHeaders, loaderHeaders, errorHeaders }: Route.HeadersArgs) {
	const merged = new Headers(errorHeaders ?? loaderHeaders)
	for (const [name, value] of actionHeaders) merged.set(name, value)
	merged.set('Cache-Control', 'no-store')
	return merged
}

export async function loader() {
	await requireOpenSetup()
	return data({ codeWaiting: await hasSetupCode() }, { headers: NO_STORE })
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireOpenSetup()
	const info = context.get(requestInfoContext)
	const form = await readFormData(request)
	const result = await submitSetupForm(form, { clientIp: info.clientIp, dataDir: getEnv().dataDir })
	if (!result.ok) {
		const headers = new Headers(NO_STORE)
		if (result.retryAfterSeconds) headers.set('Retry-After', String(result.retryAfterSeconds))
		return data({ errors: result.errors, formError: result.formError, values: result.values }, { status: result.status, headers })
	}

	// Signed in as the new admin, as the sign-in form would (session cookie and a trusted-device cookie).
	const auth = await getAuth()
	let cookies: Array<string>
	try {
		const signedIn = await auth.api.signInEmail({
			body: { email: result.email, password: result.password, rememberMe: true },
			headers: authHeaders(request, info.clientIp),
			returnHeaders: true,
		})
		cookies = signedIn.headers.getSetCookie()
	} catch (error) {
		logger.error({ err: error, requestId: info.requestId }, 'sign-in after setup failed')
		throw redirect('/giris', { headers: NO_STORE })
	}
	cookies.push(deviceCookieHeader(createDeviceCookieValue(await getAuthSecret(), result.email)))
	const headers = new Headers(NO_STORE)
	for (const cookie of withSecureFlag(cookies, info.secure)) headers.append('Set-Cookie', cookie)
	throw redirect('/admin', { headers })
}

export const handle: SiteHandle = { navTheme: 'light' }

type FieldProps = {
	name: SetupField
	label: string
	error?: string
	hint?: string
	type?: 'text' | 'email' | 'password'
	defaultValue?: string
	autoComplete: string
	extra?: InputHTMLAttributes<HTMLInputElement>
}

function SetupInput({ name, label, error, hint, type = 'text', defaultValue, autoComplete, extra }: FieldProps) {
	const id = `kurulum-${name}`
	const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
	return (
		<div className={`field${error ? ' field--invalid' : ''}`}>
			<label htmlFor={id}>{label}</label>
			<input
				id={id}
				name={name}
				type={type}
				defaultValue={defaultValue}
				autoComplete={autoComplete}
				required
				aria-invalid={error ? true : undefined}
				aria-describedby={describedBy}
				{...extra}
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

/** Not in the spec: the first admin, created once with the setup code (works without JavaScript). */
export default function SetupRoute({ loaderData, actionData }: Route.ComponentProps) {
	const errors: Partial<Record<SetupField, string>> = actionData?.errors ?? {}
	const values: Partial<SetupValues> = actionData?.values ?? {}
	const formError = actionData?.formError ?? (loaderData.codeWaiting ? null : msg.setup.noCode)
	return (
		<div className="container container--narrow section setup-page">
			<div className="auth-card setup-card">
				<h1>{msg.setup.title}</h1>
				<p>{msg.setup.intro}</p>
				{formError ? (
					<p className="form-error" role="alert" id="kurulum-error">
						{formError}
					</p>
				) : null}
				<form method="post" noValidate className="auth-form" aria-describedby={formError ? 'kurulum-error' : undefined}>
					<SetupInput
						name="code"
						label={msg.setup.code}
						hint={msg.setup.codeHint}
						error={errors.code}
						defaultValue={values.code}
						autoComplete="one-time-code"
						extra={{ spellCheck: false, autoCapitalize: 'characters' }}
					/>
					<SetupInput name="name" label={msg.setup.fullName} error={errors.name} defaultValue={values.name} autoComplete="name" />
					<SetupInput
						name="email"
						type="email"
						label={msg.auth.email}
						error={errors.email}
						defaultValue={values.email}
						autoComplete="username"
						extra={{ inputMode: 'email', spellCheck: false }}
					/>
					<SetupInput
						name="password"
						type="password"
						label={msg.auth.password}
						hint={msg.setup.passwordHint}
						error={errors.password}
						autoComplete="new-password"
					/>
					<SetupInput
						name="password_repeat"
						type="password"
						label={msg.setup.passwordRepeat}
						error={errors.password_repeat}
						autoComplete="new-password"
					/>
					<button type="submit" className="button auth-form__submit">
						{msg.setup.submit}
					</button>
				</form>
			</div>
		</div>
	)
}
