import { msg } from '#app/lib/messages.ts'
import { formatLira, formatNumber } from '#app/lib/tr.ts'
import { amountToPay } from '../dues.ts'

/**
 * Spec §2 "Dues payment": the 5 % service cut and the 1.05 × rule, with a
 * worked example that needs no JavaScript. The form also works without it
 * (GET `tutar`, answered by the server); app/enhance/dues-calculator.ts
 * answers as the visitor types.
 */
export function DuesCalculator({
	serviceCutPercent,
	exampleAmount,
	input,
	result,
}: {
	serviceCutPercent: number
	exampleAmount: number
	/** The submitted `tutar`, shown back in the field. */
	input: string
	/** The answer to a submitted amount: the amount to pay, or null when it was not a valid amount. */
	result: number | null
}) {
	const factor = formatNumber(1 + serviceCutPercent / 100)
	const answer = input ? (result === null ? msg.dues.invalidAmount : msg.dues.amountToPay(formatLira(result))) : ''
	return (
		<form
			method="get"
			action="/aidat#aidat-hesaplayici"
			id="aidat-hesaplayici"
			className="info-card calculator"
			aria-labelledby="calculator-title"
			data-dues-calculator=""
			data-percent={serviceCutPercent}
			data-template={msg.dues.amountToPay('{amount}')}
			data-invalid={msg.dues.invalidAmount}
		>
			<h2 id="calculator-title">{msg.dues.calculatorTitle}</h2>
			<p>
				Çevrim içi ödeme sayfasında iki ödeme kuruluşu, ödenen tutar üzerinden %{formatNumber(serviceCutPercent)} hizmet bedeli keser.
				Tutarın tamamının derneğe ulaşmasını istiyorsanız tutarın <strong>{factor} katını</strong> ödeyebilirsiniz.
			</p>
			<p className="calculator__example">
				Örnek: {formatLira(exampleAmount)} için {formatLira(exampleAmount)} × {factor} ={' '}
				<strong>{formatLira(amountToPay(exampleAmount, serviceCutPercent))}</strong> ödenir.
			</p>
			<label htmlFor="calculator-amount">{msg.dues.amountLabel}</label>
			<div className="calculator__row">
				<input
					id="calculator-amount"
					name="tutar"
					type="text"
					inputMode="decimal"
					autoComplete="off"
					placeholder={formatNumber(exampleAmount)}
					defaultValue={input}
					aria-describedby="calculator-result"
				/>
				<button type="submit" className="button">
					{msg.dues.calculate}
				</button>
			</div>
			<output
				id="calculator-result"
				htmlFor="calculator-amount"
				className="calculator__result"
				aria-live="polite"
				data-calculator-result=""
			>
				{answer}
			</output>
		</form>
	)
}
