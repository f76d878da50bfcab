import { getKvkkPdf } from '#app/features/pages/page-pdf.server.ts'
import type { Route } from './+types/kvkk-pdf.ts'

/** The KVKK notice as a downloadable PDF, made from the same text as /kurumsal/kvkk. */
export async function loader({ request }: Route.LoaderArgs) {
	const pdf = await getKvkkPdf()
	if (!pdf) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const headers = {
		ETag: pdf.etag,
		'Cache-Control': 'public, max-age=300, must-revalidate',
	}
	if (request.headers.get('If-None-Match') === pdf.etag) return new Response(null, { status: 304, headers })
	return new Response(new Uint8Array(pdf.bytes), {
		headers: {
			...headers,
			'Content-Type': 'application/pdf',
			'Content-Length': String(pdf.bytes.length),
			'Content-Disposition': `attachment; filename="${pdf.filename}"`,
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
