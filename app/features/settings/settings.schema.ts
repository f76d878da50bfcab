import { z } from 'zod'
import { HomeSectionsSchema } from '#app/features/home/home.schema.ts'
import { istanbulDateTime } from '#app/features/admin/schema-fields.ts'
import { parseAmount } from '#app/features/dues/dues.ts'
import { msg } from '#app/lib/messages.ts'
import { normalizeIban, turkishIbanProblem } from './iban.ts'

/**
 * The facts the old site hard-coded, now data an admin can change. Values
 * the specification withholds (phone, e-mail, IBAN, external addresses) are
 * example values, marked as such, for the operator to replace.
 *
 * The first schemas are the stored shapes, checked on every read: lenient
 * enough that an older value still reads (a damaged one falls back to its
 * default). The form schemas after them are what the admin may save: each
 * field checked with a Turkish message, keyed by the form's field names.
 */
const url = z.string().trim().url()
/** An address, or empty for "none". */
const optionalUrl = z.union([z.literal(''), url])

export const AssociationSchema = z.object({
	name: z.string().min(1),
	shortName: z.string().min(1),
	motto: z.string().min(1),
	foundedYear: z.number().int(),
	memberCount: z.number().int(),
	/** `YYYY-MM`: the month the member count was taken. */
	memberCountAsOf: z.string(),
})

/** The organisation shown with the address is the association's name (an older `organisation` field is ignored). */
export const ContactSchema = z.object({
	addressLines: z.array(z.string()).min(1),
	phone: z.string().min(1),
	email: z.email(),
	mapEmbedUrl: z.string(),
	mapLinkUrl: z.string(),
	officeHours: z.string(),
})

export const BankAccountSchema = z.object({
	bankName: z.string(),
	branch: z.string(),
	accountHolder: z.string(),
	/** Stored without spaces, in capitals (`TR…`, 26 characters); shown in groups of four. */
	iban: z.string().transform(normalizeIban),
})

/**
 * The association's bank accounts. Before there could be several, `bank`
 * held one account's fields; such a stored value reads as a one-account list.
 */
export const BankSchema = z.preprocess(
	(value) => (value !== null && typeof value === 'object' && !Array.isArray(value) && 'iban' in value ? { accounts: [value] } : value),
	z.object({ accounts: z.array(BankAccountSchema).max(20) }),
)

export const DuesSchema = z.object({
	year: z.number().int(),
	entryFee: z.number().nonnegative(),
	annualDues: z.number().nonnegative(),
	/** Spec §9: the payment page's cut (5); a payer covers it by paying 1 + percent/100 (1.05) times the amount. */
	serviceCutPercent: z.number().nonnegative(),
})

export const LinksSchema = z.object({
	memberPlatform: url,
	paymentPage: url,
	membershipForm: url,
})

/** Empty means the association has no such account: the link is left out. */
export const SocialSchema = z.object({
	instagram: optionalUrl,
	youtube: optionalUrl,
	facebook: optionalUrl,
	communityGroup: optionalUrl,
})

export const FooterSchema = z.object({
	/** A sentence or two about the association, under its name. */
	about: z.string(),
	/** Shown after `© {current year}`. */
	copyright: z.string(),
})

/** A notice at the top of every public page, while enabled and until `until` (an instant; null: no end). */
export const NoticeSchema = z.object({
	enabled: z.boolean(),
	text: z.string(),
	/** An https:// address or a path on the site; empty: no link. */
	link: z.string(),
	until: z.string().nullable(),
})

/** Where the admin puts new items of an ordered list. */
export const OrderingSchema = z.object({
	/** New announcements at the top of /duyurular; false: at the bottom (spec §4, the highest order plus one). */
	newAnnouncementsFirst: z.boolean(),
})

/** Sign-in rules for the admin area. */
export const SecuritySchema = z.object({
	/** Every admin-area account must set up two-factor sign-in before it may use the admin (read by app/lib/two-factor.server.ts). */
	requireTwoFactor: z.boolean(),
})

export const SettingsSchema = z.object({
	association: AssociationSchema,
	contact: ContactSchema,
	bank: BankSchema,
	dues: DuesSchema,
	links: LinksSchema,
	social: SocialSchema,
	/** Which home page sections show (admin "Ana sayfa"). */
	homeSections: HomeSectionsSchema,
	footer: FooterSchema,
	notice: NoticeSchema,
	ordering: OrderingSchema,
	security: SecuritySchema,
})

export type Settings = z.infer<typeof SettingsSchema>
export type SettingsKey = keyof Settings
export type BankAccount = z.infer<typeof BankAccountSchema>
export type Notice = z.infer<typeof NoticeSchema>

// ——— The admin's forms (Ayarlar): one per group, every value posted as text ———

const m = msg.settings

const text = (max: number) => z.string().trim().max(max, m.tooLong(max))
const requiredText = (max: number, missing: string) => text(max).min(1, missing)

/** An https:// address with a host name (what every external link must be). */
export function isHttpsUrl(value: string): boolean {
	if (!/^https:\/\/[^\s/]/i.test(value) || /\s/.test(value)) return false
	try {
		const parsed = new URL(value)
		return parsed.protocol === 'https:' && parsed.hostname.includes('.')
	} catch {
		return false
	}
}

const httpsUrl = text(500).refine(isHttpsUrl, m.urlInvalid)
const optionalHttpsUrl = text(500).refine((value) => value === '' || isHttpsUrl(value), m.urlInvalid)

function wholeNumber(min: number, max: number, invalid: string) {
	return z
		.string()
		.trim()
		.refine((value) => /^\d{1,9}$/.test(value.replace(/\./g, '')), invalid)
		.transform((value) => Number(value.replace(/\./g, '')))
		.refine((value) => value >= min && value <= max, invalid)
}

const amount = z.string().transform((value, ctx) => {
	const parsed = parseAmount(value, { allowZero: true })
	if (parsed === null) {
		ctx.addIssue({ code: 'custom', message: msg.dues.invalidAmount })
		return z.NEVER
	}
	return parsed
})

export const AssociationFormSchema = z.object({
	name: requiredText(200, m.nameRequired),
	shortName: requiredText(100, m.shortNameRequired),
	motto: requiredText(100, m.mottoRequired),
	foundedYear: wholeNumber(1800, 2100, m.yearInvalid),
	memberCount: wholeNumber(0, 1_000_000, m.memberCountInvalid),
	memberCountAsOf: z
		.string()
		.trim()
		.refine((value) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value), m.monthInvalid),
})

export const ContactFormSchema = z.object({
	addressLines: z
		.string()
		.max(1000, m.tooLong(1000))
		.transform((value) =>
			value
				.split(/\r?\n/)
				.map((line) => line.trim())
				.filter(Boolean),
		)
		.refine((lines) => lines.length >= 1, m.addressRequired)
		.refine((lines) => lines.length <= 6, m.addressTooManyLines),
	phone: text(40).refine((value) => /^[\d\s+()./-]+$/.test(value) && value.replace(/\D/g, '').length >= 7, m.phoneInvalid),
	email: text(200).pipe(z.email(m.emailInvalid)),
	officeHours: text(200),
	mapLinkUrl: optionalHttpsUrl,
	mapEmbedUrl: optionalHttpsUrl,
})

/** One bank account row of the form (`accounts.N.bankName` …). */
export const BankAccountFormSchema = z.object({
	bankName: requiredText(100, m.bankNameRequired),
	branch: text(100),
	accountHolder: requiredText(200, m.accountHolderRequired),
	iban: z
		.string()
		.max(60, m.ibanFormat)
		.superRefine((value, ctx) => {
			const problem = turkishIbanProblem(value)
			if (problem) ctx.addIssue({ code: 'custom', message: problem === 'format' ? m.ibanFormat : m.ibanChecksum })
		})
		.transform(normalizeIban),
})

/** `1,05` or `1.05`: what a card payer pays per lira that should reach the association. */
export function parsePayFactor(value: string): number | null {
	const text = value.trim()
	if (!/^\d{1,2}([.,]\d{1,4})?$/.test(text)) return null
	const factor = Number(text.replace(',', '.'))
	return factor >= 1 && factor <= 1.5 ? factor : null
}

export const DuesFormSchema = z.object({
	year: wholeNumber(2000, 2100, m.yearInvalid),
	entryFee: amount,
	annualDues: amount,
	/** Shown to the volunteer as the factor (1,05), stored as the service cut (5 %). */
	payFactor: z.string().transform((value, ctx) => {
		const factor = parsePayFactor(value)
		if (factor === null) {
			ctx.addIssue({ code: 'custom', message: m.payFactorInvalid })
			return z.NEVER
		}
		return Math.round((factor - 1) * 10_000) / 100
	}),
})

export const LinksFormSchema = z.object({
	paymentPage: httpsUrl,
	memberPlatform: httpsUrl,
	membershipForm: httpsUrl,
})

export const SocialFormSchema = z.object({
	instagram: optionalHttpsUrl,
	youtube: optionalHttpsUrl,
	facebook: optionalHttpsUrl,
	communityGroup: optionalHttpsUrl,
})

export const FooterFormSchema = z.object({
	about: text(500),
	copyright: requiredText(200, m.copyrightRequired),
})

/** An https:// address or a path on this site (`/aidat`). */
export function isNoticeLink(value: string): boolean {
	return isHttpsUrl(value) || /^\/(?![/\\])[^\s]*$/.test(value)
}

/** The notice bar: on with a text, an optional link, an optional end (Istanbul time) that is still ahead. */
export function noticeFormSchema(now: Date = new Date()) {
	return z
		.object({
			enabled: z.boolean(),
			text: text(300),
			link: text(500).refine((value) => value === '' || isNoticeLink(value), m.noticeLinkInvalid),
			until: istanbulDateTime(m.noticeUntilInvalid),
		})
		.superRefine((value, ctx) => {
			if (value.enabled && !value.text) ctx.addIssue({ code: 'custom', path: ['text'], message: m.noticeTextRequired })
			if (value.enabled && value.until && new Date(value.until).getTime() <= now.getTime()) {
				ctx.addIssue({ code: 'custom', path: ['until'], message: m.noticeUntilPast })
			}
		})
}

/** The groups of the settings screen, one form each: a refusal in one loses nothing typed in another. */
export const SETTINGS_GROUPS = [
	'association',
	'contact',
	'bank',
	'dues',
	'links',
	'social',
	'footer',
	'notice',
	'ordering',
	'security',
] as const
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number]

/** Each group's place on the settings screen (`#iletisim`), also the `kaydedildi` parameter after a save. */
export const SETTINGS_GROUP_ANCHORS: Record<SettingsGroup, string> = {
	association: 'dernek',
	contact: 'iletisim',
	bank: 'banka',
	dues: 'aidat',
	links: 'baglantilar',
	social: 'sosyal-medya',
	footer: 'alt-bilgi',
	notice: 'duyuru-cubugu',
	ordering: 'siralama',
	security: 'guvenlik',
}

/** Most bank accounts the form takes (rows past it are refused, not dropped). */
export const MAX_BANK_ACCOUNTS = 10

/** The bank form's row fields: `accounts.N.<field>`, plus `accounts.N.remove` to drop a row. */
export const BANK_ACCOUNT_FIELDS = ['bankName', 'branch', 'accountHolder', 'iban'] as const

/** The names each group's form posts (the bank accounts aside: `accounts.N.*`). */
export const SETTINGS_FORM_FIELDS = {
	association: ['name', 'shortName', 'motto', 'foundedYear', 'memberCount', 'memberCountAsOf'],
	contact: ['addressLines', 'phone', 'email', 'officeHours', 'mapLinkUrl', 'mapEmbedUrl'],
	dues: ['year', 'entryFee', 'annualDues', 'payFactor'],
	links: ['paymentPage', 'memberPlatform', 'membershipForm'],
	social: ['instagram', 'youtube', 'facebook', 'communityGroup'],
	footer: ['about', 'copyright'],
	notice: ['text', 'link', 'until'],
} as const
