import { PageTitle } from '#app/components/page-hero.tsx'
import { ExternalIcon } from '#app/components/ui/icons.tsx'
import { BankDetails } from '#app/features/dues/components/bank-details.tsx'
import { DuesCalculator } from '#app/features/dues/components/dues-calculator.tsx'
import { amountToPay, parseAmount } from '#app/features/dues/dues.ts'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { trUpper } from '#app/lib/tr.ts'
import type { Route } from './+types/dues-payment.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.duesPayment, description: args.loaderData?.page.description ?? '' })
}

export async function loader({ url }: Route.LoaderArgs) {
	const [page, settings] = await Promise.all([requirePage('aidat'), getSettings()])
	// The calculator's no-JavaScript answer (GET ?tutar=…).
	const input = (url.searchParams.get('tutar') ?? '').trim().slice(0, 40)
	const amount = input ? parseAmount(input) : null
	return {
		page,
		bankAccounts: settings.bank.accounts,
		dues: settings.dues,
		links: settings.links,
		calculator: { input, result: amount === null ? null : amountToPay(amount, settings.dues.serviceCutPercent) },
	}
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function DuesPaymentRoute({ loaderData: { page, bankAccounts, dues, links, calculator } }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={trUpper(page.title)} lead={page.description}>
				<p className="page-actions">
					<a className="button button--gold" href={links.paymentPage} target="_blank" rel="noopener noreferrer">
						{msg.pages.payByCard}
						<ExternalIcon />
						<span className="sr-only"> {msg.layout.newTab}</span>
					</a>
					<a className="button button--ghost" href={links.memberPlatform} target="_blank" rel="noopener noreferrer">
						{msg.pages.checkDues}
						<span className="sr-only"> ({msg.layout.memberPlatform}) {msg.layout.newTab}</span>
					</a>
				</p>
			</PageTitle>
			<div className="container section section--tight split">
				<Prose html={page.html} className="split__main" />
				<div className="split__aside">
					<BankDetails accounts={bankAccounts} />
					<DuesCalculator
						serviceCutPercent={dues.serviceCutPercent}
						exampleAmount={dues.annualDues}
						input={calculator.input}
						result={calculator.result}
					/>
				</div>
			</div>
		</>
	)
}
