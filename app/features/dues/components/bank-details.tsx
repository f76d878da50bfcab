import type { BankAccount } from '#app/features/settings/settings.schema.ts'
import { formatIban } from '#app/features/settings/iban.ts'
import { msg } from '#app/lib/messages.ts'

/**
 * The association's bank accounts (from settings), the IBAN in groups of
 * four. The copy buttons need JavaScript (app/enhance/copy.ts shows them);
 * without it the IBAN is plain, selectable text. Nothing is shown when the
 * association lists no account.
 */
export function BankDetails({ accounts, headingId = 'banka-bilgileri' }: { accounts: Array<BankAccount>; headingId?: string }) {
	if (accounts.length === 0) return null
	const several = accounts.length > 1
	return (
		<section className="info-card bank-details" aria-labelledby={headingId}>
			<h2 id={headingId}>{several ? msg.dues.bankAccounts : msg.dues.bankAccount}</h2>
			{accounts.map((account, i) => (
				<div key={`${account.iban}-${i}`} className="bank-account">
					{several ? <h3 className="bank-account__name">{account.bankName}</h3> : null}
					<dl className="details-list">
						<div>
							<dt>{msg.dues.bank}</dt>
							<dd>{account.bankName}</dd>
						</div>
						{account.branch ? (
							<div>
								<dt>{msg.dues.branch}</dt>
								<dd>{account.branch}</dd>
							</div>
						) : null}
						<div>
							<dt>{msg.dues.accountHolder}</dt>
							<dd>{account.accountHolder}</dd>
						</div>
						<div>
							<dt>IBAN</dt>
							<dd className="iban" translate="no">
								{formatIban(account.iban)}
							</dd>
						</div>
					</dl>
					<div className="copy" data-copy={account.iban}>
						<button
							type="button"
							className="button button--ghost"
							hidden
							data-copy-button=""
							aria-label={several ? `${msg.dues.copyIban} (${account.bankName})` : undefined}
						>
							{msg.dues.copyIban}
						</button>
						<p
							className="copy__status"
							role="status"
							data-copy-status=""
							data-done={msg.dues.ibanCopied}
							data-failed={msg.dues.copyFailed}
						/>
					</div>
				</div>
			))}
		</section>
	)
}
