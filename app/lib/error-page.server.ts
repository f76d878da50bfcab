/**
 * The page sent when something fails outside React Router (a crash in a
 * middleware, a malformed request): Turkish, with the request id, no details.
 */
export function renderServerErrorPage(requestId: string, status = 500) {
	const id = requestId.replace(/[^a-f0-9-]/gi, '').slice(0, 40)
	const client = status >= 400 && status < 500
	return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${client ? 'Geçersiz istek' : 'Bir sorun oluştu'}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1c2330}h1{color:#13294b}code{background:#eef1f7;padding:.1em .4em;border-radius:4px}a{color:#1f3a66}</style>
</head><body><h1>${client ? 'Geçersiz istek' : 'Bir sorun oluştu'}</h1>
<p>${client ? 'Adres ya da gönderilen bilgiler anlaşılamadı. Lütfen adresi kontrol edin.' : 'Sayfa şu anda gösterilemiyor. Lütfen biraz sonra yeniden deneyin.'}</p>
${id ? `<p>Hata kodu: <code>${id}</code></p>` : ''}
<p><a href="/">Ana sayfaya dön</a></p></body></html>`
}
