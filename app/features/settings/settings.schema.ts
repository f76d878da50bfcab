import { z } from 'zod'

/**
 * The facts the old site hard-coded, now data an admin can change. Values
 * the specification withholds (phone, e-mail, IBAN, external addresses) are
 * example values, marked as such, for the operator to replace.
 */
const url = z.string().trim().url()

export const AssociationSchema = z.object({
	name: z.string().min(1),
	shortName: z.string().min(1),
	motto: z.string().min(1),
	foundedYear: z.number().int(),
	memberCount: z.number().int(),
	memberCountAsOf: z.string(),
})

export const ContactSchema = z.object({
	organisation: z.string().min(1),
	addressLines: z.array(z.string()).min(1),
	phone: z.string().min(1),
	email: z.email(),
	mapEmbedUrl: z.string(),
	mapLinkUrl: z.string(),
	officeHours: z.string(),
})

export const BankSchema = z.object({
	bankName: z.string(),
	branch: z.string(),
	accountHolder: z.string(),
	iban: z.string(),
})

export const DuesSchema = z.object({
	year: z.number().int(),
	entryFee: z.number().nonnegative(),
	annualDues: z.number().nonnegative(),
	serviceCutPercent: z.number().nonnegative(),
})

export const LinksSchema = z.object({
	memberPlatform: url,
	paymentPage: url,
	membershipForm: url,
})

export const SocialSchema = z.object({
	instagram: url,
	youtube: url,
	facebook: url,
	communityGroup: url,
})

export const SettingsSchema = z.object({
	association: AssociationSchema,
	contact: ContactSchema,
	bank: BankSchema,
	dues: DuesSchema,
	links: LinksSchema,
	social: SocialSchema,
})

export type Settings = z.infer<typeof SettingsSchema>
export type SettingsKey = keyof Settings
