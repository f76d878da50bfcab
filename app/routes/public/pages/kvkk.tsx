import { PageTitle } from '#app/components/page-hero.tsx'
import { getKvkkPdf } from '#app/features/pages/page-pdf.server.ts'
import { KVKK_PDF_FILENAME, KVKK_PDF_PATH } from '#app/features/pages/page-paths.ts'
import { Prose } from '#app/features/pages/components/prose.tsx'
import { requirePage } from '#app/features/pages/pages.server.ts'
import type { SiteHandle } from '#app/lib/handle.ts'
import { msg } from '#app/lib/messages.ts'
import { seo } from '#app/lib/seo.ts'
import { LOCALE } from '#app/lib/tr.ts'
import type { Route } from './+types/kvkk.ts'
import '#app/styles/pages.css'

export function meta(args: Route.MetaArgs) {
	return seo(args, { title: args.loaderData?.page.title ?? msg.nav.kvkk, description: args.loaderData?.page.description ?? '' })
}

const KB = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 })

export async function loader() {
	const [page, pdf] = await Promise.all([requirePage('kvkk'), getKvkkPdf()])
	return { page, pdfSize: pdf ? `${KB.format(pdf.bytes.length / 1024)} KB` : null }
}

export const handle: SiteHandle = { navTheme: 'light' }

export default function KvkkRoute({ loaderData: { page, pdfSize } }: Route.ComponentProps) {
	return (
		<>
			<PageTitle title={page.title}>
				{pdfSize ? (
					<p className="download">
						<a className="button button--ghost" href={KVKK_PDF_PATH} download={KVKK_PDF_FILENAME} type="application/pdf">
							{msg.pages.downloadPdf}
							<span className="download__meta"> (PDF, {pdfSize})</span>
						</a>
					</p>
				) : null}
			</PageTitle>
			<div className="container section section--tight">
				<Prose html={page.html} className="legal" />
			</div>
		</>
	)
}
