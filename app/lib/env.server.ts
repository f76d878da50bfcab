import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'

/**
 * A configuration problem the operator must fix. Start-up prints its message
 * as one line and exits; no stack trace.
 */
export class ConfigError extends Error {
	override name = 'ConfigError'
}

const flag = z
	.string()
	.trim()
	.toLowerCase()
	.transform((v) => ['1', 'true', 'yes', 'on'].includes(v))

/** Express's `trust proxy` setting: off, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | Array<string>

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const TRUST_PROXY_FORM =
	'set the number of proxies in front of the site (e.g. TRUST_PROXY=1) or their addresses, comma-separated (e.g. TRUST_PROXY=loopback,10.0.0.0/8)'

/**
 * An IP address, a CIDR range, or one of Express's names for address ranges,
 * in the forms Express's parser (proxy-addr) takes: no /0 (that trusts every
 * address), and IPv4 inside IPv6 only as ::ffff:a.b.c.d.
 */
function isProxyAddress(entry: string) {
	if (PROXY_NAMES.has(entry)) return true
	const [address = '', range, ...rest] = entry.split('/')
	const family = net.isIP(address)
	if (!family || rest.length > 0) return false
	if (family === 6 && address.includes('.') && !/^::ffff:[\d.]+$/i.test(address)) return false
	if (range === undefined) return true
	return /^\d{1,3}$/.test(range) && Number(range) >= 1 && Number(range) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY, checked the way Express will use it. Unset, empty, `false`
 * or `0` is off (the connection's address is the client's). `true` is
 * refused: it trusts every X-Forwarded-For entry, so a client could choose
 * its own address and walk around the per-address login limit.
 */
const trustProxy = z
	.string()
	.trim()
	.optional()
	.transform((value, ctx): TrustProxy => {
		if (!value || value.toLowerCase() === 'false' || value === '0') return false
		if (value.toLowerCase() === 'true') {
			ctx.addIssue({ code: 'custom', message: `"true" would trust any X-Forwarded-For a client sends; ${TRUST_PROXY_FORM}` })
			return z.NEVER
		}
		if (/^\d+$/.test(value)) {
			if (Number(value) <= 10) return Number(value)
			ctx.addIssue({ code: 'custom', message: `a hop count must be from 0 to 10; ${TRUST_PROXY_FORM}` })
			return z.NEVER
		}
		const entries = value.split(',').map((entry) => entry.trim())
		const wrong = entries.find((entry) => !isProxyAddress(entry))
		if (wrong === undefined) return entries
		ctx.addIssue({
			code: 'custom',
			message: `"${wrong.slice(0, 60)}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal; ${TRUST_PROXY_FORM}`,
		})
		return z.NEVER
	})

const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().trim().min(1).optional(),
	PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://example.org' }).optional(),
	DATA_DIR: z.string().trim().min(1).default('./data'),
	DATABASE_URL: z.string().trim().optional(),
	STORAGE: z.enum(['local', 's3']).default('local'),
	S3_ENDPOINT: z.string().trim().optional(),
	S3_BUCKET: z.string().trim().default('media'),
	S3_REGION: z.string().trim().default('us-east-1'),
	S3_ACCESS_KEY_ID: z.string().trim().optional(),
	S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
	MEDIA_PUBLIC_URL: z.string().trim().optional(),
	AUTH_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
	SEED_DEMO: flag.optional(),
	/** Share cards (og:image of announcements, events, alumni news) drawn in the background; off: pages use the cover or the default image. */
	SHARE_CARDS: flag.optional(),
	TRUST_PROXY: trustProxy,
	/** Worker processes: `auto` (one per core, as many as the memory holds; server/cluster.ts) or 1–64. */
	WEB_CONCURRENCY: z
		.string()
		.trim()
		.toLowerCase()
		.default('auto')
		.refine(
			(value) => value === 'auto' || (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 64),
			'must be auto or a whole number from 1 to 64',
		)
		.transform((value): 'auto' | number => (value === 'auto' ? 'auto' : Number(value))),
	/**
	 * Uncached page renders a process works on at once, the rest waiting their turn in arrival order
	 * (server/render-queue.ts); unset: 1 on SQLite, whose reads never wait, 4 on PostgreSQL, whose do.
	 */
	RENDER_CONCURRENCY: z.coerce
		.number('must be a whole number from 1 to 64')
		.int('must be a whole number from 1 to 64')
		.min(1, 'must be a whole number from 1 to 64')
		.max(64, 'must be a whole number from 1 to 64')
		.optional(),
	/** How a process trades speed for memory: `auto` (small below 768 MB), `fast` or `small` (server/memory-profile.ts). */
	MEMORY_PROFILE: z
		.string()
		.trim()
		.toLowerCase()
		.default('auto')
		.refine((value) => ['auto', 'fast', 'small'].includes(value), 'must be auto, fast or small')
		.transform((value) => value as 'auto' | 'fast' | 'small'),
	/** Admin sessions end after this many minutes without a request. */
	SESSION_IDLE_MINUTES: z.coerce
		.number('must be a whole number of minutes from 5 to 1440')
		.int('must be a whole number of minutes from 5 to 1440')
		.min(5, 'must be a whole number of minutes from 5 to 1440')
		.max(1440, 'must be a whole number of minutes from 5 to 1440')
		.default(120),
	/** … and this many days after sign-in, however active. */
	SESSION_MAX_DAYS: z.coerce
		.number('must be a whole number of days from 1 to 30')
		.int('must be a whole number of days from 1 to 30')
		.min(1, 'must be a whole number of days from 1 to 30')
		.max(30, 'must be a whole number of days from 1 to 30')
		.default(7),
	/** Entries of the audit log ("Kayıtlar") older than this many days are deleted (hourly and at start). */
	AUDIT_RETENTION_DAYS: z.coerce
		.number('must be a whole number of days from 30 to 3650')
		.int('must be a whole number of days from 30 to 3650')
		.min(30, 'must be a whole number of days from 30 to 3650')
		.max(3650, 'must be a whole number of days from 30 to 3650')
		.default(365),
	/** Messages of the contact form ("Mesajlar") older than this many days are deleted (hourly and at start). */
	CONTACT_RETENTION_DAYS: z.coerce
		.number('must be a whole number of days from 30 to 3650')
		.int('must be a whole number of days from 30 to 3650')
		.min(30, 'must be a whole number of days from 30 to 3650')
		.max(3650, 'must be a whole number of days from 30 to 3650')
		.default(365),
	/** The contact form refuses a message sent sooner than this many seconds after the form was shown (0: no minimum). */
	CONTACT_MIN_FILL_SECONDS: z.coerce
		.number('must be a whole number of seconds from 0 to 60')
		.int('must be a whole number of seconds from 0 to 60')
		.min(0, 'must be a whole number of seconds from 0 to 60')
		.max(60, 'must be a whole number of seconds from 0 to 60')
		.default(3),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	/** Outgoing mail (password reset, invitations): smtp://user:pass@host:587 or smtps://user:pass@host:465. Unset: e-mail is off. */
	SMTP_URL: z
		.string()
		.trim()
		.optional()
		.transform((value) => value || undefined)
		.refine((value) => value === undefined || /^smtps?:\/\/[^/\s]+/.test(value), {
			message: 'must look like smtp://user:password@host:587 or smtps://user:password@host:465',
		}),
	/** The sender of the site's mail, e.g. "NDS Mezunları Derneği <no-reply@example.org>". */
	MAIL_FROM: z
		.string()
		.trim()
		.optional()
		.transform((value) => value || undefined),
})

export type Env = z.infer<typeof EnvSchema> & {
	/** Absolute data directory. */
	dataDir: string
	database: DatabaseConfig
}

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string }

/**
 * Reads `DATABASE_URL`: unset → SQLite at `$DATA_DIR/site.db`; `file:PATH` →
 * that SQLite file; `postgres://` or `postgresql://` → PostgreSQL.
 */
export function parseDatabaseUrl(value: string | undefined, dataDir: string): DatabaseConfig {
	if (!value) return { dialect: 'sqlite', file: path.join(dataDir, 'site.db') }
	if (value.startsWith('file:')) {
		const file = value.slice('file:'.length).replace(/^\/\/(?=\/)/, '')
		if (!file) throw new ConfigError('DATABASE_URL is invalid: "file:" must be followed by a file path.')
		return { dialect: 'sqlite', file: path.resolve(file) }
	}
	if (/^postgres(ql)?:\/\//.test(value)) {
		let url: URL
		try {
			url = new URL(value)
		} catch {
			throw new ConfigError('DATABASE_URL is invalid: the PostgreSQL address cannot be parsed.')
		}
		if (!url.hostname && !url.searchParams.get('host')) {
			throw new ConfigError('DATABASE_URL is invalid: the PostgreSQL address has no host.')
		}
		if (url.pathname.length <= 1) {
			throw new ConfigError('DATABASE_URL is invalid: the PostgreSQL address names no database.')
		}
		return { dialect: 'postgres', url: value }
	}
	throw new ConfigError('DATABASE_URL is invalid: it must start with "postgres://", "postgresql://" or "file:".')
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
	const parsed = EnvSchema.safeParse(source)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		const where = issue?.path.join('.') || 'environment'
		throw new ConfigError(`${where} is invalid: ${issue?.message ?? 'unknown problem'}`)
	}
	const dataDir = path.resolve(parsed.data.DATA_DIR)
	const env = {
		...parsed.data,
		dataDir,
		database: parseDatabaseUrl(parsed.data.DATABASE_URL, dataDir),
	}
	if (env.STORAGE === 's3' && !env.S3_ENDPOINT && !env.MEDIA_PUBLIC_URL) {
		throw new ConfigError('STORAGE=s3 needs S3_ENDPOINT or MEDIA_PUBLIC_URL.')
	}
	return env
}

/** Reads `.env` from the working directory when there is one; real environment variables win. */
export function loadEnvFileIfPresent(file = path.resolve('.env')) {
	if (fs.existsSync(file)) process.loadEnvFile(file)
}

let cached: Env | undefined

/** The process configuration, read and checked once. */
export function getEnv(): Env {
	cached ??= readEnv()
	return cached
}
