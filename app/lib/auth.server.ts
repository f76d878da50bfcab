import crypto from 'node:crypto'
import type { betterAuth as BetterAuth } from 'better-auth'
import type { UserRole } from './db-types.ts'
import { getMeta } from './app-meta.server.ts'
import { getDatabase, type DB, type DatabaseHandle } from './db.server.ts'
import { toBool } from './db-utils.server.ts'
import { getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'
import { hashPassword, verifyPassword } from './password-hash.server.ts'

/**
 * Authentication with better-auth: e-mail and password, sessions stored in
 * the database (so every instance shares them), HttpOnly SameSite=Lax
 * cookies. There is no public sign-up and no public auth HTTP API: the login
 * and logout routes call the server API directly.
 */

/**
 * Spec §6: only accounts with users.is_admin may use the admin area; inside
 * it, `role` decides what they may do (yönetici: everything; editör: content
 * only, see ADMIN_SECTIONS' `access`).
 */
export type SessionUser = {
	id: string
	email: string
	fullName: string
	isAdmin: boolean
	role: UserRole
}

export const SESSION_COOKIE_PREFIX = 'nds'
/** Checked by the password policy (app/features/users/password-policy.server.ts) wherever a password is set. */
export const MIN_PASSWORD_LENGTH = 12
export const MAX_PASSWORD_LENGTH = 256

/**
 * Session lifetimes (SESSION_IDLE_MINUTES, SESSION_MAX_DAYS): a session ends
 * after `idleMs` without a request and `maxMs` after sign-in, whichever comes
 * first. Its last activity is written at most every `touchMs`, so a busy
 * admin costs one write every few minutes, not one per request.
 */
export function getSessionPolicy() {
	const env = getEnv()
	const idleMs = env.SESSION_IDLE_MINUTES * 60_000
	return { idleMs, maxMs: env.SESSION_MAX_DAYS * 86_400_000, touchMs: Math.min(5 * 60_000, Math.floor(idleMs / 4)) }
}

export type SessionPolicy = ReturnType<typeof getSessionPolicy>

/** True when a session has been idle too long or has outlived its absolute lifetime. */
export function isSessionOver(session: { createdAt: Date | string; updatedAt: Date | string }, policy: SessionPolicy, now = Date.now()) {
	const created = new Date(session.createdAt).getTime()
	const active = new Date(session.updatedAt).getTime()
	if (!Number.isFinite(created) || !Number.isFinite(active)) return true
	return now - active >= policy.idleMs || now - created >= policy.maxMs
}

function createAuthInstance(betterAuth: typeof BetterAuth, db: DB, dialect: DatabaseHandle['dialect'], secret: string) {
	const policy = getSessionPolicy()
	return betterAuth({
		appName: 'NDS Mezunları Derneği',
		secret,
		baseURL: getEnv().PUBLIC_URL ?? 'http://localhost',
		database: { db, type: dialect },
		emailAndPassword: {
			enabled: true,
			disableSignUp: true,
			minPasswordLength: MIN_PASSWORD_LENGTH,
			maxPasswordLength: MAX_PASSWORD_LENGTH,
			autoSignIn: false,
			// better-auth's own scrypt hashes; test processes hash their accounts' passwords at a lower, marked cost (see the module).
			password: { hash: hashPassword, verify: verifyPassword },
		},
		user: {
			modelName: 'users',
			fields: { name: 'full_name', emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
			additionalFields: {
				isAdmin: { type: 'boolean', fieldName: 'is_admin', defaultValue: false, input: false, required: false },
				role: { type: 'string', fieldName: 'role', defaultValue: 'admin', input: false, required: false },
				// Read with the session's user (no extra query): a disabled account counts as signed out.
				disabledAt: { type: 'date', fieldName: 'disabled_at', input: false, required: false },
			},
		},
		session: {
			modelName: 'sessions',
			fields: {
				expiresAt: 'expires_at',
				createdAt: 'created_at',
				updatedAt: 'updated_at',
				ipAddress: 'ip_address',
				userAgent: 'user_agent',
				userId: 'user_id',
			},
			// Sliding expiry on idleness: a session in use is extended (and its
			// updated_at written) once per touch interval; the absolute lifetime
			// and the idle check on updated_at are enforced in getSessionUser.
			expiresIn: Math.ceil(policy.idleMs / 1000),
			updateAge: Math.floor(policy.touchMs / 1000),
		},
		account: {
			modelName: 'accounts',
			fields: {
				accountId: 'account_id',
				providerId: 'provider_id',
				userId: 'user_id',
				accessToken: 'access_token',
				refreshToken: 'refresh_token',
				idToken: 'id_token',
				accessTokenExpiresAt: 'access_token_expires_at',
				refreshTokenExpiresAt: 'refresh_token_expires_at',
				createdAt: 'created_at',
				updatedAt: 'updated_at',
			},
		},
		verification: {
			modelName: 'verifications',
			fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
		},
		rateLimit: {
			// Login limits are ours (rate-limit.server.ts); the table is shared.
			enabled: false,
			storage: 'database',
			modelName: 'rate_limits',
			fields: { lastRequest: 'last_request' },
		},
		advanced: {
			cookiePrefix: SESSION_COOKIE_PREFIX,
			// Secure is added per request when the site is served over HTTPS (see withSecureFlag).
			useSecureCookies: false,
			defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, path: '/' },
			ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
		},
		telemetry: { enabled: false },
		// Into the app's JSON log; "Invalid password" and the like are routine, not warnings.
		logger: {
			level: 'warn',
			log: (level, message, ...args) => {
				const routine = /invalid password|user not found|password not found/i.test(message)
				logger[routine ? 'debug' : level === 'warn' ? 'warn' : level === 'error' ? 'error' : 'info']({ args }, `better-auth: ${message}`)
			},
		},
	})
}

export type Auth = ReturnType<typeof createAuthInstance>

/** The header the server puts the client address in (from Express, honouring TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-site-client-ip'

const SECRET_KEY = 'auth_secret'

/**
 * AUTH_SECRET when set; otherwise one generated on first use and kept in the
 * database, so every instance on the same database signs cookies alike.
 */
export async function ensureAuthSecret(db: DB): Promise<string> {
	const fromEnv = getEnv().AUTH_SECRET
	if (fromEnv) return fromEnv
	const existing = await getMeta(db, SECRET_KEY)
	if (existing) return existing
	const generated = crypto.randomBytes(32).toString('base64url')
	await db
		.insertInto('app_meta')
		.values({ key: SECRET_KEY, value: generated })
		.onConflict((oc) => oc.column('key').doNothing())
		.execute()
	return (await getMeta(db, SECRET_KEY)) ?? generated
}

const secrets = new WeakMap<DB, Promise<string>>()

/** The signing secret of the process database (or the one given), read once. */
export function getAuthSecret(handle: DatabaseHandle = getDatabase()): Promise<string> {
	let secret = secrets.get(handle.db)
	if (!secret) {
		secret = ensureAuthSecret(handle.db)
		secrets.set(handle.db, secret)
	}
	return secret
}

const cache = new WeakMap<DB, Promise<Auth>>()

/**
 * The better-auth instance for the process database (or the one given).
 * The library is loaded on first use: anonymous visitors never need it, and
 * it is a sixth of the server's memory at start.
 */
export function getAuth(handle: DatabaseHandle = getDatabase()): Promise<Auth> {
	let auth = cache.get(handle.db)
	if (!auth) {
		auth = Promise.all([import('better-auth'), getAuthSecret(handle)]).then(([{ betterAuth }, secret]) =>
			createAuthInstance(betterAuth, handle.authDb(), handle.dialect, secret),
		)
		cache.set(handle.db, auth)
	}
	return auth
}

/** better-auth's refusal of a request (wrong password, unknown user), as opposed to a failure. */
export async function isAuthRefusal(error: unknown) {
	const { APIError } = await import('better-auth/api')
	return error instanceof APIError
}

/**
 * The headers handed to better-auth: the session cookie, the user agent and
 * the client address. Origin checks already happened in React Router.
 */
export function authHeaders(request: Request, clientIp: string) {
	const headers = new Headers()
	const cookie = request.headers.get('cookie')
	if (cookie) headers.set('cookie', cookie)
	const agent = request.headers.get('user-agent')
	if (agent) headers.set('user-agent', agent.slice(0, 300))
	if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp)
	return headers
}

/** True when the browser sent a session cookie at all (no database read otherwise). */
export function hasSessionCookie(request: Request) {
	return (request.headers.get('cookie') ?? '').includes(`${SESSION_COOKIE_PREFIX}.session_token=`)
}

export type SessionResult = { user: SessionUser; setCookies: Array<string> } | { user: null; setCookies: Array<string> }

/**
 * The signed-in user of a request, or null. A session idle for too long or
 * past its absolute lifetime is ended (and its cookie cleared); one in use is
 * extended every few minutes, its new cookie returned in `setCookies`.
 */
export async function getSessionUser(request: Request, clientIp = ''): Promise<SessionResult> {
	if (!hasSessionCookie(request)) return { user: null, setCookies: [] }
	const auth = await getAuth()
	const headers = authHeaders(request, clientIp)
	// Read without better-auth's refresh first: it would mark a session idle
	// for hours as active again before the idle check could see it.
	const found = await auth.api.getSession({ headers, query: { disableRefresh: true }, returnHeaders: true })
	if (!found.response) return { user: null, setCookies: found.headers.getSetCookie() }
	const policy = getSessionPolicy()
	const now = Date.now()
	if (isSessionOver(found.response.session, policy, now)) {
		const ended = await auth.api.signOut({ headers, returnHeaders: true })
		return { user: null, setCookies: ended.headers.getSetCookie() }
	}
	let { response, headers: responseHeaders } = found
	if (now - new Date(response.session.updatedAt).getTime() >= policy.touchMs) {
		const refreshed = await auth.api.getSession({ headers, returnHeaders: true })
		if (!refreshed.response) return { user: null, setCookies: refreshed.headers.getSetCookie() }
		response = refreshed.response
		responseHeaders = refreshed.headers
	}
	const user = response.user as typeof response.user & { isAdmin?: unknown; role?: unknown; disabledAt?: unknown }
	if (user.disabledAt) {
		// Disabling ends the account's sessions; one that slipped through ends here.
		const ended = await auth.api.signOut({ headers, returnHeaders: true })
		return { user: null, setCookies: ended.headers.getSetCookie() }
	}
	return {
		user: {
			id: user.id,
			email: user.email,
			fullName: user.name,
			isAdmin: toBool(user.isAdmin),
			role: user.role === 'editor' ? 'editor' : 'admin',
		},
		setCookies: responseHeaders.getSetCookie(),
	}
}

/** Adds `Secure` to cookies set on an HTTPS request (direct or behind a trusted proxy). */
export function withSecureFlag(cookies: Array<string>, secure: boolean) {
	return secure ? cookies.map((c) => (/;\s*secure/i.test(c) ? c : `${c}; Secure`)) : cookies
}

const REDIRECT_BASE = 'http://site.invalid'

/** A path a browser resolves against this site only: one leading slash, no backslash, no control character. */
function isSitePath(path: string) {
	if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false
	return ![...path].some((ch) => {
		const code = ch.codePointAt(0) ?? 0
		return code < 0x20 || (code >= 0x7f && code <= 0x9f) || ch === '\\'
	})
}

/**
 * Spec §2 "Login": go to the redirect parameter when it is a path on this
 * site; anything else falls back to /admin. The check runs on the input and
 * again on the normalised path that is returned (dot segments and their
 * percent-encodings can turn `/.//host` into `//host`, which a browser reads
 * as another site).
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/admin') {
	if (typeof target !== 'string') return fallback
	const value = target.trim()
	if (!isSitePath(value)) return fallback
	let url: URL
	try {
		url = new URL(value, REDIRECT_BASE)
	} catch {
		return fallback
	}
	if (url.origin !== REDIRECT_BASE) return fallback
	const result = `${url.pathname}${url.search}${url.hash}`
	if (!isSitePath(result)) return fallback
	if (url.pathname === '/giris' || url.pathname === '/cikis') return fallback
	return result
}
