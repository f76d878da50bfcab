import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminForm, AdminPanel } from '#app/features/admin/components/crud.tsx'
import { Checkbox, SaveButton, TextArea, TextInput } from '#app/features/admin/components/fields.tsx'
import { msg } from '#app/lib/messages.ts'
import type { BankAccountRow, SettingsAdminData } from '../settings.admin.server.ts'
import { BANK_ACCOUNT_FIELDS, MAX_BANK_ACCOUNTS, SETTINGS_GROUP_ANCHORS, SETTINGS_GROUPS, type SettingsGroup } from '../settings.schema.ts'

const SECTION = 'ayarlar'
const m = msg.settings

/** What a group's form shows: what was typed when this group's save was refused, else the stored value. */
type GroupState = {
	errors: Record<string, string>
	value: (name: string, stored: string) => string
	checked: (name: string, stored: boolean) => boolean
}

function groupState(failure: ActionFailure | null): GroupState {
	const values = failure?.values
	return {
		errors: failure?.fieldErrors ?? {},
		value: (name, stored) => values?.[name] ?? stored,
		checked: (name, stored) => (values ? values[name] === 'on' : stored),
	}
}

/** The group a refusal belongs to (its form posts `group`), or null for one that no form claims. */
function failedGroup(failure: ActionFailure | null | undefined): SettingsGroup | null {
	const posted = failure?.values?.group
	return SETTINGS_GROUPS.find((group) => group === posted) ?? null
}

/**
 * One group of settings: a section with its heading and its own form, so a
 * refusal in one group keeps the others as they are. The form is remade
 * when the stored values change (after a save), so removed bank rows do not
 * linger in the inputs.
 */
function GroupForm({
	group,
	failure,
	saved,
	version,
	children,
}: {
	group: SettingsGroup
	failure: ActionFailure | null
	saved: boolean
	version: string
	children: (state: GroupState) => ReactNode
}) {
	const anchor = SETTINGS_GROUP_ANCHORS[group]
	return (
		<section className="settings-group" id={anchor} aria-labelledby={`${anchor}-baslik`} tabIndex={-1}>
			<h2 id={`${anchor}-baslik`}>{m.groups[group]}</h2>
			<AdminForm key={version} section={SECTION} mode={{ grup: anchor }} failure={failure} className="admin-form settings-group__form">
				{({ saving, failure: shown }) => (
					<>
						<input type="hidden" name="intent" value={`save-${group}`} />
						<input type="hidden" name="group" value={group} />
						{saved && !shown ? (
							<p className="settings-group__saved" role="status">
								{m.savedNote}
							</p>
						) : null}
						{children(groupState(shown))}
						<div className="admin-form__actions">
							<SaveButton saving={saving} label={m.saveLabels[group]} />
						</div>
					</>
				)}
			</AdminForm>
		</section>
	)
}

function BankRow({ index, row, state, isNew }: { index: number; row: BankAccountRow; state: GroupState; isNew: boolean }) {
	const name = (field: string) => `accounts.${index}.${field}`
	const text = (field: (typeof BANK_ACCOUNT_FIELDS)[number]) => ({
		name: name(field),
		defaultValue: state.value(name(field), row[field]),
		error: state.errors[name(field)],
	})
	return (
		<fieldset className="settings-account">
			<legend>{isNew ? m.newAccount : m.account(index + 1)}</legend>
			{isNew ? <p className="field__hint">{m.newAccountHint}</p> : null}
			<div className="admin-form__row">
				<TextInput label={msg.dues.bank} {...text('bankName')} />
				<TextInput label={msg.dues.branch} {...text('branch')} />
			</div>
			<TextInput label={msg.dues.accountHolder} {...text('accountHolder')} />
			<TextInput
				label="IBAN"
				hint={m.ibanHint}
				{...text('iban')}
				autoComplete="off"
				spellCheck={false}
				className="settings-account__iban"
			/>
			{isNew ? null : <Checkbox label={m.removeAccount} name={name('remove')} defaultChecked={state.checked(name('remove'), false)} />}
		</fieldset>
	)
}

/** The rows the bank form shows: every stored account (or every posted row after a refusal) and one empty row to add. */
function bankRows(data: SettingsAdminData['bank'], failure: ActionFailure | null): Array<{ row: BankAccountRow; isNew: boolean }> {
	const posted = Object.keys(failure?.values ?? {})
		.map((key) => /^accounts\.(\d{1,3})\./.exec(key)?.[1])
		.filter((index): index is string => index !== undefined)
		.map(Number)
	const count = Math.min(Math.max(data.accounts.length + 1, ...posted.map((index) => index + 1)), MAX_BANK_ACCOUNTS + 1)
	const empty: BankAccountRow = { bankName: '', branch: '', accountHolder: '', iban: '' }
	return Array.from({ length: count }, (_, i) => ({ row: data.accounts[i] ?? empty, isNew: i >= data.accounts.length }))
}

/**
 * Admin "Ayarlar": the facts every page shows (the association, contact,
 * bank accounts, dues, external links, social accounts, footer texts and
 * the site-wide notice), one form a group.
 */
export function SettingsAdmin({ data, failure }: { data: SettingsAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const owner = failedGroup(failure)
	const savedAnchor = params.get('kaydedildi')
	const props = (group: SettingsGroup) => ({
		group,
		failure: owner === group ? (failure ?? null) : null,
		saved: savedAnchor === SETTINGS_GROUP_ANCHORS[group],
		version: JSON.stringify(data[group]),
	})
	return (
		<AdminPanel title={m.title} section={SECTION} canCreate={false} failure={owner ? null : failure}>
			<p className="field__hint">{m.intro}</p>
			<nav className="settings-contents" aria-label={m.contents}>
				<ul>
					{SETTINGS_GROUPS.map((group) => (
						<li key={group}>
							<a href={`#${SETTINGS_GROUP_ANCHORS[group]}`}>{m.groups[group]}</a>
						</li>
					))}
				</ul>
			</nav>

			<GroupForm {...props('association')}>
				{({ errors, value }) => {
					const field = (name: keyof SettingsAdminData['association']) => ({
						name,
						defaultValue: value(name, data.association[name]),
						error: errors[name],
					})
					return (
						<>
							<TextInput label={m.name} {...field('name')} />
							<div className="admin-form__row">
								<TextInput label={m.shortName} hint={m.shortNameHint} {...field('shortName')} />
								<TextInput label={m.motto} {...field('motto')} />
							</div>
							<div className="admin-form__row">
								<TextInput label={m.foundedYear} inputMode="numeric" {...field('foundedYear')} />
								<TextInput label={m.memberCount} inputMode="numeric" {...field('memberCount')} />
								<TextInput label={m.memberCountAsOf} type="month" {...field('memberCountAsOf')} />
							</div>
						</>
					)
				}}
			</GroupForm>

			<GroupForm {...props('contact')}>
				{({ errors, value }) => {
					const field = (name: keyof SettingsAdminData['contact']) => ({
						name,
						defaultValue: value(name, data.contact[name]),
						error: errors[name],
					})
					return (
						<>
							<TextArea label={m.addressLines} hint={m.addressHint} rows={3} {...field('addressLines')} />
							<div className="admin-form__row">
								<TextInput label={m.phone} type="tel" autoComplete="off" {...field('phone')} />
								<TextInput label={m.email} type="email" autoComplete="off" {...field('email')} />
							</div>
							<TextInput label={m.officeHours} {...field('officeHours')} />
							<TextInput label={m.mapLinkUrl} hint={m.mapLinkHint} type="url" {...field('mapLinkUrl')} />
							<TextInput label={m.mapEmbedUrl} hint={m.mapEmbedHint} type="url" {...field('mapEmbedUrl')} />
						</>
					)
				}}
			</GroupForm>

			<GroupForm {...props('bank')}>
				{(state) =>
					bankRows(data.bank, owner === 'bank' ? (failure ?? null) : null).map(({ row, isNew }, index) => (
						<BankRow key={index} index={index} row={row} state={state} isNew={isNew} />
					))
				}
			</GroupForm>

			<GroupForm {...props('dues')}>
				{({ errors, value }) => {
					const field = (name: keyof SettingsAdminData['dues']) => ({
						name,
						defaultValue: value(name, data.dues[name]),
						error: errors[name],
						inputMode: 'decimal' as const,
					})
					return (
						<div className="admin-form__row">
							<TextInput label={m.duesYear} {...field('year')} inputMode="numeric" />
							<TextInput label={m.entryFee} hint={m.entryFeeHint} {...field('entryFee')} />
							<TextInput label={m.annualDues} {...field('annualDues')} />
							<TextInput label={m.payFactor} hint={m.payFactorHint} {...field('payFactor')} />
						</div>
					)
				}}
			</GroupForm>

			<GroupForm {...props('links')}>
				{({ errors, value }) => {
					const field = (name: keyof SettingsAdminData['links']) => ({
						name,
						type: 'url',
						defaultValue: value(name, data.links[name]),
						error: errors[name],
					})
					return (
						<>
							<TextInput label={m.paymentPage} {...field('paymentPage')} />
							<TextInput label={m.memberPlatform} {...field('memberPlatform')} />
							<TextInput label={m.membershipForm} {...field('membershipForm')} />
						</>
					)
				}}
			</GroupForm>

			<GroupForm {...props('social')}>
				{({ errors, value }) => {
					const field = (name: keyof SettingsAdminData['social']) => ({
						name,
						type: 'url',
						defaultValue: value(name, data.social[name]),
						error: errors[name],
					})
					return (
						<>
							<p className="field__hint">{m.socialHint}</p>
							<div className="admin-form__row">
								<TextInput label={m.instagram} {...field('instagram')} />
								<TextInput label={m.youtube} {...field('youtube')} />
							</div>
							<div className="admin-form__row">
								<TextInput label={m.facebook} {...field('facebook')} />
								<TextInput label={m.communityGroup} {...field('communityGroup')} />
							</div>
						</>
					)
				}}
			</GroupForm>

			<GroupForm {...props('footer')}>
				{({ errors, value }) => (
					<>
						<TextArea
							label={m.about}
							hint={m.aboutHint}
							rows={3}
							name="about"
							defaultValue={value('about', data.footer.about)}
							error={errors.about}
						/>
						<TextInput
							label={m.copyright}
							hint={m.copyrightHint}
							name="copyright"
							defaultValue={value('copyright', data.footer.copyright)}
							error={errors.copyright}
						/>
					</>
				)}
			</GroupForm>

			<GroupForm {...props('notice')}>
				{({ errors, value, checked }) => (
					<>
						<p className="settings-notice-state">{m.noticeStates[data.notice.state]}</p>
						<Checkbox label={m.noticeEnabled} name="enabled" defaultChecked={checked('enabled', data.notice.enabled)} />
						<TextArea label={m.noticeText} rows={2} name="text" defaultValue={value('text', data.notice.text)} error={errors.text} />
						<div className="admin-form__row">
							<TextInput
								label={m.noticeLink}
								hint={m.noticeLinkHint}
								name="link"
								defaultValue={value('link', data.notice.link)}
								error={errors.link}
							/>
							<TextInput
								label={m.noticeUntil}
								hint={m.noticeUntilHint}
								type="datetime-local"
								name="until"
								defaultValue={value('until', data.notice.until)}
								error={errors.until}
							/>
						</div>
					</>
				)}
			</GroupForm>
		</AdminPanel>
	)
}
