import { msg } from './messages.ts'

/** The refusals a visitor can cause that have their own sentence; any other 4xx is a bad request. */
const CLIENT_ERRORS = new Map<number, string>([
	[405, msg.http.methodNotAllowed],
	[408, msg.http.timeout],
	[413, msg.http.tooLarge],
	[415, msg.http.notAForm],
	[431, msg.http.headersTooLarge],
])

function wording(status: number) {
	if (status >= 500) return { title: msg.http.serverErrorTitle, text: msg.http.serverError }
	return { title: msg.http.badRequestTitle, text: CLIENT_ERRORS.get(status) ?? msg.http.badRequest }
}

/**
 * The page sent when something fails outside React Router (a crash in a
 * middleware, a malformed request): Turkish, with the request id, no details.
 */
export function renderServerErrorPage(requestId: string, status = 500) {
	const id = requestId.replace(/[^a-f0-9-]/gi, '').slice(0, 40)
	const { title, text } = wording(status)
	return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1c2330}h1{color:#13294b}code{background:#eef1f7;padding:.1em .4em;border-radius:4px}a{color:#1f3a66}</style>
</head><body><h1>${title}</h1>
<p>${text}</p>
${id ? `<p>Hata kodu: <code>${id}</code></p>` : ''}
<p><a href="/">Ana sayfaya dön</a></p></body></html>`
}
