import { msg } from '#app/lib/messages.ts'

export type BankDetailsProps = { bankName: string; branch: string; accountHolder: string; iban: string }

/**
 * The association's bank account (from settings). The copy button needs
 * JavaScript (app/enhance/copy.ts shows it); without it the IBAN is plain,
 * selectable text.
 */
export function BankDetails({
	bankName,
	branch,
	accountHolder,
	iban,
	headingId = 'banka-bilgileri',
}: BankDetailsProps & { headingId?: string }) {
	return (
		<section className="info-card bank-details" aria-labelledby={headingId}>
			<h2 id={headingId}>Banka Hesabımız</h2>
			<dl className="details-list">
				<div>
					<dt>Banka</dt>
					<dd>{bankName}</dd>
				</div>
				<div>
					<dt>Şube</dt>
					<dd>{branch}</dd>
				</div>
				<div>
					<dt>Hesap sahibi</dt>
					<dd>{accountHolder}</dd>
				</div>
				<div>
					<dt>IBAN</dt>
					<dd className="iban" translate="no">
						{iban}
					</dd>
				</div>
			</dl>
			<div className="copy" data-copy={iban.replace(/\s+/g, '')}>
				<button type="button" className="button button--ghost" hidden data-copy-button="">
					{msg.dues.copyIban}
				</button>
				<p className="copy__status" role="status" data-copy-status="" data-done={msg.dues.ibanCopied} data-failed={msg.dues.copyFailed} />
			</div>
		</section>
	)
}
