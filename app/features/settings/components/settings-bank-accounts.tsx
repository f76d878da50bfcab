import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { Checkbox, TextInput } from '#app/features/admin/components/fields.tsx'
import { msg } from '#app/lib/messages.ts'
import type { BankAccountRow, SettingsAdminData } from '../settings.form.server.ts'
import { MAX_BANK_ACCOUNTS } from '../settings.schema.ts'
import type { GroupState } from './settings-group-form.tsx'

const m = msg.settings

function BankRow({ index, row, state, isNew }: { index: number; row: BankAccountRow; state: GroupState; isNew: boolean }) {
	const name = (field: string) => `accounts.${index}.${field}`
	const text = (field: keyof BankAccountRow) => ({
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

/** The bank group's fields: one fieldset an account (each can be removed) and an empty one to add an account. */
export function BankAccountsFields({
	data,
	failure,
	state,
}: {
	data: SettingsAdminData['bank']
	/** This group's refusal: its posted rows are shown again. */
	failure: ActionFailure | null
	state: GroupState
}) {
	return bankRows(data, failure).map(({ row, isNew }, index) => <BankRow key={index} index={index} row={row} state={state} isNew={isNew} />)
}
