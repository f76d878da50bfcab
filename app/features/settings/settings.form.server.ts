import type { z } from 'zod'
import { firstIssues } from '#app/features/admin/admin-result.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDateTime, formatNumber, isoToIstanbulLocal } from '#app/lib/tr.ts'
import { formatIban } from './iban.ts'
import { activeNotice } from './notice.server.ts'
import { lastChanges } from './settings.write.server.ts'
import {
	AssociationFormSchema,
	BANK_ACCOUNT_FIELDS,
	BankAccountFormSchema,
	ContactFormSchema,
	DuesFormSchema,
	FooterFormSchema,
	LinksFormSchema,
	MAX_BANK_ACCOUNTS,
	noticeFormSchema,
	SETTINGS_FORM_FIELDS,
	SETTINGS_GROUPS,
	SocialFormSchema,
	type BankAccount,
	type Settings,
	type SettingsGroup,
} from './settings.schema.ts'

export type BankAccountRow = Record<(typeof BANK_ACCOUNT_FIELDS)[number], string>

export type NoticeState = 'off' | 'shown' | 'ended'

type Refusal = { fieldErrors: Record<string, string> }

/** Every setting as the text its form field shows. */
export type SettingsFormValues = {
	association: Record<(typeof SETTINGS_FORM_FIELDS.association)[number], string>
	contact: Record<(typeof SETTINGS_FORM_FIELDS.contact)[number], string>
	bank: { accounts: Array<BankAccountRow> }
	dues: Record<(typeof SETTINGS_FORM_FIELDS.dues)[number], string>
	links: Record<(typeof SETTINGS_FORM_FIELDS.links)[number], string>
	social: Record<(typeof SETTINGS_FORM_FIELDS.social)[number], string>
	footer: Record<(typeof SETTINGS_FORM_FIELDS.footer)[number], string>
	notice: Record<(typeof SETTINGS_FORM_FIELDS.notice)[number], string> & {
		enabled: boolean
		/** Whether the public pages show it now: off, shown, or on but past its end. */
		state: NoticeState
	}
	ordering: { newAnnouncementsFirst: boolean }
	security: { requireTwoFactor: boolean }
}

/** The Ayarlar screen: the form values, and when each group that can be undone was last changed (tr-TR, Istanbul). */
export type SettingsAdminData = SettingsFormValues & { lastChanged: Partial<Record<SettingsGroup, string>> }

/** Amounts as a person types them (`450`, `472,5`, `1.250`): what the form reads back. */
const amountText = (value: number) => formatNumber(value)

export function settingsFormValues(settings: Settings, now: Date = new Date()): SettingsFormValues {
	const { association, contact, bank, dues, links, social, footer, notice, ordering, security } = settings
	return {
		association: {
			name: association.name,
			shortName: association.shortName,
			motto: association.motto,
			foundedYear: String(association.foundedYear),
			memberCount: String(association.memberCount),
			memberCountAsOf: association.memberCountAsOf,
		},
		contact: {
			addressLines: contact.addressLines.join('\n'),
			phone: contact.phone,
			email: contact.email,
			officeHours: contact.officeHours,
			mapLinkUrl: contact.mapLinkUrl,
			mapEmbedUrl: contact.mapEmbedUrl,
		},
		bank: {
			accounts: bank.accounts.map((account) => ({
				bankName: account.bankName,
				branch: account.branch,
				accountHolder: account.accountHolder,
				iban: formatIban(account.iban),
			})),
		},
		dues: {
			year: String(dues.year),
			entryFee: amountText(dues.entryFee),
			annualDues: amountText(dues.annualDues),
			payFactor: formatNumber(1 + dues.serviceCutPercent / 100),
		},
		links: { ...links },
		social: { ...social },
		footer: { ...footer },
		notice: {
			enabled: notice.enabled,
			text: notice.text,
			link: notice.link,
			until: isoToIstanbulLocal(notice.until),
			state: !notice.enabled ? 'off' : activeNotice(notice, now) ? 'shown' : 'ended',
		},
		ordering: { ...ordering },
		security: { ...security },
	}
}

/** `Son değişiklik` of each group that has an earlier value to go back to. */
export async function lastChangeLabels(): Promise<SettingsAdminData['lastChanged']> {
	const changes = await lastChanges()
	const labels: SettingsAdminData['lastChanged'] = {}
	for (const group of SETTINGS_GROUPS) {
		const at = changes[group]
		if (at) labels[group] = formatDateTime(at)
	}
	return labels
}

/** Checks a group's fields with its schema; the refusal names each field that failed. */
function check<S extends z.ZodType>(schema: S, input: unknown): { ok: true; data: z.output<S> } | ({ ok: false } & Refusal) {
	const parsed = schema.safeParse(input)
	return parsed.success ? { ok: true, data: parsed.data } : { ok: false, fieldErrors: firstIssues(parsed.error.issues) }
}

/**
 * The bank form's rows (`accounts.N.field`), in the order of N: rows marked
 * for removal and rows left entirely empty (the blank row for a new
 * account) are dropped; every other row must be a whole account. Field
 * errors keep the posted row number, so each shows at its own input.
 */
export function readBankAccounts(form: FormData): { ok: true; accounts: Array<BankAccount> } | ({ ok: false } & Refusal) {
	const rows = new Map<number, Partial<Record<string, string>>>()
	for (const [name, value] of form) {
		const match = /^accounts\.(\d{1,3})\.(bankName|branch|accountHolder|iban|remove)$/.exec(name)
		if (!match || typeof value !== 'string') continue
		const index = Number(match[1])
		const row = rows.get(index) ?? {}
		row[match[2] as string] = value
		rows.set(index, row)
	}
	const accounts: Array<BankAccount> = []
	const fieldErrors: Record<string, string> = {}
	for (const index of [...rows.keys()].toSorted((a, b) => a - b)) {
		const row = rows.get(index) ?? {}
		if (row.remove) continue
		if (BANK_ACCOUNT_FIELDS.every((field) => !row[field]?.trim())) continue
		const parsed = BankAccountFormSchema.safeParse(Object.fromEntries(BANK_ACCOUNT_FIELDS.map((field) => [field, row[field] ?? ''])))
		if (!parsed.success) {
			for (const [field, message] of Object.entries(firstIssues(parsed.error.issues))) fieldErrors[`accounts.${index}.${field}`] = message
			continue
		}
		accounts.push(parsed.data)
		if (accounts.length > MAX_BANK_ACCOUNTS) fieldErrors[`accounts.${index}.bankName`] ??= msg.settings.tooManyAccounts(MAX_BANK_ACCOUNTS)
	}
	return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, accounts }
}

/** Reads one group's form and returns what to store, or the refusal. */
export async function readSettingsGroup(
	group: SettingsGroup,
	form: FormData,
): Promise<{ ok: true; values: Partial<Settings> } | ({ ok: false } & Refusal)> {
	switch (group) {
		case 'association': {
			const parsed = check(AssociationFormSchema, formFields(form, SETTINGS_FORM_FIELDS.association))
			return parsed.ok ? { ok: true, values: { association: parsed.data } } : parsed
		}
		case 'contact': {
			const parsed = check(ContactFormSchema, formFields(form, SETTINGS_FORM_FIELDS.contact))
			return parsed.ok ? { ok: true, values: { contact: parsed.data } } : parsed
		}
		case 'bank': {
			const read = readBankAccounts(form)
			return read.ok ? { ok: true, values: { bank: { accounts: read.accounts } } } : read
		}
		case 'dues': {
			const parsed = check(DuesFormSchema, formFields(form, SETTINGS_FORM_FIELDS.dues))
			if (!parsed.ok) return parsed
			const { payFactor, ...amounts } = parsed.data
			return { ok: true, values: { dues: { ...amounts, serviceCutPercent: payFactor } } }
		}
		case 'links': {
			const parsed = check(LinksFormSchema, formFields(form, SETTINGS_FORM_FIELDS.links))
			return parsed.ok ? { ok: true, values: { links: parsed.data } } : parsed
		}
		case 'social': {
			const parsed = check(SocialFormSchema, formFields(form, SETTINGS_FORM_FIELDS.social))
			return parsed.ok ? { ok: true, values: { social: parsed.data } } : parsed
		}
		case 'footer': {
			const parsed = check(FooterFormSchema, formFields(form, SETTINGS_FORM_FIELDS.footer))
			return parsed.ok ? { ok: true, values: { footer: parsed.data } } : parsed
		}
		case 'notice': {
			const input = { ...formFields(form, SETTINGS_FORM_FIELDS.notice), enabled: form.get('enabled') === 'on' }
			const parsed = check(noticeFormSchema(), input)
			return parsed.ok ? { ok: true, values: { notice: parsed.data } } : parsed
		}
		case 'ordering':
			// A checkbox: unchecked is "new announcements at the bottom".
			return { ok: true, values: { ordering: { newAnnouncementsFirst: form.get('newAnnouncementsFirst') === 'on' } } }
		case 'security':
			return { ok: true, values: { security: { requireTwoFactor: form.get('requireTwoFactor') === 'on' } } }
	}
}
