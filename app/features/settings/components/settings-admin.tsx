import { useSearchParams } from 'react-router'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { AdminPanel } from '#app/features/admin/components/crud.tsx'
import { msg } from '#app/lib/messages.ts'
import type { SettingsAdminData } from '../settings.form.server.ts'
import { SETTINGS_GROUP_ANCHORS, SETTINGS_GROUPS, type SettingsGroup } from '../settings.schema.ts'
import { BankAccountsFields } from './settings-bank-accounts.tsx'
import {
	AssociationFields,
	ContactFields,
	DuesFields,
	FooterFields,
	LinksFields,
	NoticeFields,
	OrderingFields,
	SecurityFields,
	SocialFields,
} from './settings-fields.tsx'
import { GroupForm, SETTINGS_SECTION } from './settings-group-form.tsx'

const m = msg.settings

/** The group a refusal belongs to (its form posts `group`), or null for one that no form claims. */
function failedGroup(failure: ActionFailure | null | undefined): SettingsGroup | null {
	const posted = failure?.values?.group
	return SETTINGS_GROUPS.find((group) => group === posted) ?? null
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
	const ownFailure = (group: SettingsGroup) => (owner === group ? (failure ?? null) : null)
	const props = (group: SettingsGroup) => ({
		group,
		failure: ownFailure(group),
		saved: savedAnchor === SETTINGS_GROUP_ANCHORS[group],
		version: JSON.stringify(data[group]),
		lastChanged: data.lastChanged[group],
	})
	return (
		<AdminPanel title={m.title} section={SETTINGS_SECTION} canCreate={false} failure={owner ? null : failure}>
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
			<GroupForm {...props('association')}>{(state) => <AssociationFields data={data.association} state={state} />}</GroupForm>
			<GroupForm {...props('contact')}>{(state) => <ContactFields data={data.contact} state={state} />}</GroupForm>
			<GroupForm {...props('bank')}>
				{(state) => <BankAccountsFields data={data.bank} failure={ownFailure('bank')} state={state} />}
			</GroupForm>
			<GroupForm {...props('dues')}>{(state) => <DuesFields data={data.dues} state={state} />}</GroupForm>
			<GroupForm {...props('links')}>{(state) => <LinksFields data={data.links} state={state} />}</GroupForm>
			<GroupForm {...props('social')}>{(state) => <SocialFields data={data.social} state={state} />}</GroupForm>
			<GroupForm {...props('footer')}>{(state) => <FooterFields data={data.footer} state={state} />}</GroupForm>
			<GroupForm {...props('notice')}>{(state) => <NoticeFields data={data.notice} state={state} />}</GroupForm>
			<GroupForm {...props('ordering')}>{(state) => <OrderingFields data={data.ordering} state={state} />}</GroupForm>
			<GroupForm {...props('security')}>{(state) => <SecurityFields data={data.security} state={state} />}</GroupForm>
		</AdminPanel>
	)
}
