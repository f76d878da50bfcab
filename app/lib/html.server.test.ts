import { expect, test } from 'vitest'
import { excerpt, htmlToText, renderHtml, renderMarkdown, sanitizeHtml, sanitizeHtmlAbsolute } from './html.server.ts'

test('keeps the allowed formatting', () => {
	const html =
		'<h2>Başlık</h2><p><strong>kalın</strong> <em>eğik</em> <a href="/duyurular">iç</a></p><ul><li>bir</li></ul><blockquote>alıntı</blockquote>'
	expect(sanitizeHtml(html)).toBe(html)
})

test("makes a feed's links and images absolute against each item's own address, and sanitises it as the page does", () => {
	const body = '<p><a href="/duyurular/3">önceki</a><img src="/media/a.webp" alt="" onerror="x()"><script>y()</script></p>'
	const first = sanitizeHtmlAbsolute(body, 'https://ornek.org.tr/duyurular/5')
	expect(first).toBe(
		'<p><a href="https://ornek.org.tr/duyurular/3">önceki</a><img src="https://ornek.org.tr/media/a.webp" alt="" loading="lazy" decoding="async" /></p>',
	)
	// The same body under another address (another host name) is resolved against that one.
	expect(sanitizeHtmlAbsolute(body, 'http://localhost:3000/duyurular/5')).toContain('href="http://localhost:3000/duyurular/3"')
	expect(sanitizeHtmlAbsolute(body, 'https://ornek.org.tr/duyurular/5')).toBe(first)
	expect(sanitizeHtmlAbsolute('', 'https://ornek.org.tr/')).toBe('')
})

test('removes scripts, styles, event handlers and dangerous links', () => {
	expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>')
	expect(sanitizeHtml('<style>p{}</style><p onclick="x()" style="color:red">t</p>')).toBe('<p>t</p>')
	expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('x')
	expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('x')
	expect(sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('x')
	expect(sanitizeHtml('<a href="//evil.example/">x</a>')).toBe('x')
	expect(sanitizeHtml('<img src="x" onerror="alert(1)">')).toBe('')
	expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('')
	expect(sanitizeHtml('<svg><script>alert(1)</script></svg><math><mi>x</mi></math>')).toBe('')
	expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>ok')).toBe('ok')
	expect(sanitizeHtml('<p>1 &lt; 2 "tırnak"</p>')).toBe('<p>1 &lt; 2 "tırnak"</p>')
})

test('opens external links in a new tab without opener and drops forged attributes', () => {
	expect(sanitizeHtml('<a href="https://example.org" onclick="x" target="_self">dış</a>')).toBe(
		'<a href="https://example.org" target="_blank" rel="noopener noreferrer">dış</a>',
	)
	expect(sanitizeHtml('<a href="/aidat" target="_blank">iç</a>')).toBe('<a href="/aidat">iç</a>')
	expect(sanitizeHtml('<img src="/media/a.jpg" alt="x" class="big">')).toBe(
		'<img src="/media/a.jpg" alt="x" loading="lazy" decoding="async" />',
	)
})

test('renders Markdown safely with heading ids', () => {
	const { html, headings } = renderMarkdown(
		'# Giriş\n\n## Madde 1 – Derneğin Adı\n\nMetin <script>alert(1)</script> [bağlantı](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n## Madde 1 – Derneğin Adı\n',
	)
	expect(html).not.toMatch(/script|onerror|javascript:/i)
	expect(headings).toEqual([
		{ id: 'giris', text: 'Giriş', level: 2 },
		{ id: 'madde-1-dernegin-adi', text: 'Madde 1 – Derneğin Adı', level: 2 },
		{ id: 'madde-1-dernegin-adi-2', text: 'Madde 1 – Derneğin Adı', level: 2 },
	])
	expect(html).toContain('<h2 id="madde-1-dernegin-adi">Madde 1 – Derneğin Adı</h2>')
})

test('turns HTML into collapsed text and cuts excerpts with an ellipsis', () => {
	expect(htmlToText('<p>Bir&nbsp;iki</p><p>üç   dört</p>')).toBe('Bir iki üç dört')
	expect(htmlToText('<p>a<script>b</script></p>')).toBe('a')
	expect(htmlToText('<p>&lt;b&gt; 1 &lt; 2 &amp; 3</p>')).toBe('<b> 1 < 2 & 3')
	expect(excerpt('  kısa  metin ', 180)).toBe('kısa metin')
	expect(excerpt('a'.repeat(200), 180)).toBe(`${'a'.repeat(180)}…`)
})

test('closes every element it keeps after dropping an unsafe link or image', () => {
	expect(sanitizeHtml('<p><a href="javascript:x">t</a></p><ul><li>1</li></ul><table><tbody><tr><td>2</td></tr></tbody></table>')).toBe(
		'<p>t</p><ul><li>1</li></ul><table><tbody><tr><td>2</td></tr></tbody></table>',
	)
	expect(sanitizeHtml('<p>a <img src="javascript:1"> b <a name="x">c</a></p><blockquote><p>d</p></blockquote>')).toBe(
		'<p>a  b c</p><blockquote><p>d</p></blockquote>',
	)
})

test('renders stored HTML with the heading ids and headings Markdown would give', () => {
	const { html, headings } = renderHtml(
		'<h1>Giriş</h1><h2 id="eski">Madde 1 – Derneğin Adı</h2><p>metin<script>x()</script></p><h2>Madde 1 – Derneğin Adı</h2><h3 onclick="x()">Alt</h3>',
	)
	expect(html).toBe(
		'<h2 id="giris">Giriş</h2><h2 id="madde-1-dernegin-adi">Madde 1 – Derneğin Adı</h2><p>metin</p><h2 id="madde-1-dernegin-adi-2">Madde 1 – Derneğin Adı</h2><h3 id="alt">Alt</h3>',
	)
	expect(headings).toEqual(
		renderMarkdown('# Giriş\n\n## Madde 1 – Derneğin Adı\n\nmetin\n\n## Madde 1 – Derneğin Adı\n\n### Alt\n').headings,
	)
})

test('keeps mailto: and tel: links the editor makes, without opening them in a new tab', () => {
	expect(sanitizeHtml('<p><a href="mailto:bilgi@ornek.com">yazın</a> <a href="tel:+902125550000">arayın</a></p>')).toBe(
		'<p><a href="mailto:bilgi@ornek.com">yazın</a> <a href="tel:+902125550000">arayın</a></p>',
	)
})

test('text pasted from Word or Google Docs keeps paragraphs, headings, lists, bold and italic and drops the rest', () => {
	const word =
		'<p class=MsoNormal style="margin:0cm;font-family:Calibri"><b><span style="font-size:12pt">Kalın</span></b> ve <i>eğik</i><o:p></o:p></p>' +
		'<h1 style="mso-outline-level:1"><span lang=TR>Başlık</span></h1><ul style="margin-top:0cm"><li class=MsoNormal><span style="color:red">bir</span></li></ul>' +
		'<p><font face="Arial" color="#ff0000">renkli</font><img src="file:///C:/x.png"></p>'
	expect(sanitizeHtml(word)).toBe('<p><strong>Kalın</strong> ve <em>eğik</em></p><h2>Başlık</h2><ul><li>bir</li></ul><p>renkli</p>')
})
