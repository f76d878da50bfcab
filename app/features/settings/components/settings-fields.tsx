import { Checkbox, TextArea, TextInput } from '#app/features/admin/components/fields.tsx'
import { msg } from '#app/lib/messages.ts'
import type { SettingsAdminData } from '../settings.form.server.ts'
import type { GroupState } from './settings-group-form.tsx'

const m = msg.settings

/** The fields of one settings group: its stored values and its form's state. */
type GroupFieldsProps<K extends keyof SettingsAdminData> = { data: SettingsAdminData[K]; state: GroupState }

export function AssociationFields({ data, state }: GroupFieldsProps<'association'>) {
	const field = state.fields(data)
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
}

export function ContactFields({ data, state }: GroupFieldsProps<'contact'>) {
	const field = state.fields(data)
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
}

export function DuesFields({ data, state }: GroupFieldsProps<'dues'>) {
	const field = state.fields(data)
	return (
		<div className="admin-form__row">
			<TextInput label={m.duesYear} {...field('year')} inputMode="numeric" />
			<TextInput label={m.entryFee} hint={m.entryFeeHint} {...field('entryFee')} inputMode="decimal" />
			<TextInput label={m.annualDues} {...field('annualDues')} inputMode="decimal" />
			<TextInput label={m.payFactor} hint={m.payFactorHint} {...field('payFactor')} inputMode="decimal" />
		</div>
	)
}

export function LinksFields({ data, state }: GroupFieldsProps<'links'>) {
	const field = state.fields(data)
	return (
		<>
			<TextInput label={m.paymentPage} type="url" {...field('paymentPage')} />
			<TextInput label={m.memberPlatform} type="url" {...field('memberPlatform')} />
			<TextInput label={m.membershipForm} type="url" {...field('membershipForm')} />
		</>
	)
}

export function SocialFields({ data, state }: GroupFieldsProps<'social'>) {
	const field = state.fields(data)
	return (
		<>
			<p className="field__hint">{m.socialHint}</p>
			<div className="admin-form__row">
				<TextInput label={m.instagram} type="url" {...field('instagram')} />
				<TextInput label={m.youtube} type="url" {...field('youtube')} />
			</div>
			<div className="admin-form__row">
				<TextInput label={m.facebook} type="url" {...field('facebook')} />
				<TextInput label={m.communityGroup} type="url" {...field('communityGroup')} />
			</div>
		</>
	)
}

export function FooterFields({ data, state }: GroupFieldsProps<'footer'>) {
	const field = state.fields(data)
	return (
		<>
			<TextArea label={m.about} hint={m.aboutHint} rows={3} {...field('about')} />
			<TextInput label={m.copyright} hint={m.copyrightHint} {...field('copyright')} />
		</>
	)
}

export function NoticeFields({ data, state }: GroupFieldsProps<'notice'>) {
	const { enabled, state: shown, ...texts } = data
	const field = state.fields(texts)
	return (
		<>
			<p className="settings-notice-state">{m.noticeStates[shown]}</p>
			<Checkbox label={m.noticeEnabled} name="enabled" defaultChecked={state.checked('enabled', enabled)} />
			<TextArea label={m.noticeText} rows={2} {...field('text')} />
			<div className="admin-form__row">
				<TextInput label={m.noticeLink} hint={m.noticeLinkHint} {...field('link')} />
				<TextInput label={m.noticeUntil} hint={m.noticeUntilHint} type="datetime-local" {...field('until')} />
			</div>
		</>
	)
}

/** Ayarlar › Güvenlik: two-factor sign-in required for every admin-area account. */
export function SecurityFields({ data, state }: GroupFieldsProps<'security'>) {
	return (
		<Checkbox
			label={msg.twoFactor.requireSetting}
			hint={msg.twoFactor.requireSettingHint}
			name="requireTwoFactor"
			defaultChecked={state.checked('requireTwoFactor', data.requireTwoFactor)}
		/>
	)
}

export function OrderingFields({ data, state }: GroupFieldsProps<'ordering'>) {
	return (
		<Checkbox
			label={m.newAnnouncementsFirst}
			hint={m.newAnnouncementsFirstHint}
			name="newAnnouncementsFirst"
			defaultChecked={state.checked('newAnnouncementsFirst', data.newAnnouncementsFirst)}
		/>
	)
}
