import type { Page } from '@playwright/test'
import { clickAndAwaitAdmin, expect, openSection, seriousA11yViolations, test } from './fixtures.ts'

// Clipboard HTML as Word (Windows, "Kopyala") and Google Docs put it on the clipboard, shortened.
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head>
<meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0cm; font-family:"Calibri",sans-serif;} --></style></head>
<body lang=TR style='tab-interval:35.4pt'><!--StartFragment-->
<h1 style='mso-outline-level:1'><span style='font-family:"Calibri Light";color:#2F5496'>Word başlığı</span><o:p></o:p></h1>
<p class=MsoNormal style='margin-bottom:8pt'><span style='font-size:12pt;color:red;font-family:Arial'>Word paragrafı <b>kalın</b> ve <i>eğik</i> <u>altı çizili</u><o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Birinci madde<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>İkinci madde<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Numaralı bir<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Numaralı iki<o:p></o:p></p>
<p class=MsoNormal><img width=100 height=50 src="file:///C:/Users/x/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png">Son paragraf<o:p></o:p></p>
<!--EndFragment--></body></html>`

const DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-3f1a2b3c-7fff-1234-5678-9abcdef01234"><h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:normal;">Docs başlığı</span></h1><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;">Docs düz </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;font-style:normal;">kalın</span><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;font-style:italic;"> eğik</span></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">Docs madde</span></p></li></ul><h3 dir="ltr"><span style="font-size:13.999999999999998pt;font-weight:400;">Docs alt başlık</span></h3></b>`

async function openEditor(page: Page) {
	await openSection(page, 'duyurular')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni duyuru' })
	const toolbar = dialog.getByRole('toolbar', { name: 'Metin biçimlendirme' })
	await expect(toolbar).toBeVisible()
	const area = dialog.getByRole('textbox', { name: 'Metin', exact: true })
	await expect(area).toBeVisible()
	return { dialog, toolbar, area }
}

async function paste(page: Page, html: string) {
	await page.locator('.rich-text .tiptap').evaluate((element, data) => {
		const transfer = new DataTransfer()
		transfer.setData('text/html', data)
		transfer.setData('text/plain', 'düz metin')
		element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }))
	}, html)
}

const editorHtml = (page: Page) => page.locator('.rich-text .tiptap').evaluate((element) => element.innerHTML)

test('toolbar buttons are drawn icons with names, and the writing area is as wide as the toolbar', async ({ page }) => {
	for (const width of [1280, 768, 375]) {
		await page.setViewportSize({ width, height: width === 375 ? 667 : 900 })
		const { toolbar, area } = await openEditor(page)
		const buttons = toolbar.getByRole('button')
		expect(await buttons.count()).toBeGreaterThanOrEqual(10)
		for (const button of await buttons.all()) {
			await expect(button).toHaveAccessibleName(/\S{3,}/)
			// A picture, not a letter, emoji or symbol standing in for one.
			expect((await button.textContent())?.trim()).toBe('')
			await expect(button.locator('svg')).toHaveCount(1)
		}
		await expect(toolbar.getByRole('button', { name: 'Kalın' })).toBeVisible()
		await expect(toolbar.getByRole('button', { name: 'Bağlantı' })).toBeVisible()
		const bar = await toolbar.boundingBox()
		const box = await area.boundingBox()
		expect(bar && box).toBeTruthy()
		expect(Math.abs(bar!.width - box!.width)).toBeLessThanOrEqual(2)
		expect(Math.abs(bar!.x - box!.x)).toBeLessThanOrEqual(1)
		await page.goto('/admin/duyurular')
	}
})

test('the link dialog accepts web addresses without https://, e-mail and telephone, and refuses the rest', async ({ page }) => {
	const { toolbar, area } = await openEditor(page)
	const linkDialog = page.getByRole('dialog', { name: 'Bağlantı ekle' })
	const address = linkDialog.getByRole('textbox', { name: 'Bağlantı adresi' })
	const addLink = async (text: string, typed: string) => {
		await area.click()
		await page.keyboard.press('End')
		await page.keyboard.type(` ${text}`)
		for (let i = 0; i < text.length; i++) await page.keyboard.press('Shift+ArrowLeft')
		await toolbar.getByRole('button', { name: 'Bağlantı' }).click()
		await expect(address).toBeFocused()
		await address.fill(typed)
		await page.keyboard.press('Enter')
		await expect(linkDialog).toBeHidden()
	}
	await area.click()
	await page.keyboard.type('Bağlantılar:')
	await addLink('site', 'www.ornek.com')
	await addLink('alan', 'ornek.com.tr/iletisim')
	await addLink('posta', 'mailto:bilgi@ornek.com')
	await addLink('eposta', 'uye@ornek.com')
	await addLink('telefon', 'tel:+90 212 555 00 00')
	await expect(area.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://www.ornek.com')
	await expect(area.getByRole('link', { name: 'alan' })).toHaveAttribute('href', 'https://ornek.com.tr/iletisim')
	await expect(area.getByRole('link', { name: 'posta', exact: true })).toHaveAttribute('href', 'mailto:bilgi@ornek.com')
	await expect(area.getByRole('link', { name: 'eposta' })).toHaveAttribute('href', 'mailto:uye@ornek.com')
	await expect(area.getByRole('link', { name: 'telefon' })).toHaveAttribute('href', 'tel:+902125550000')

	// No selection: the address itself becomes the linked text.
	await area.click()
	await page.keyboard.press('End')
	await page.keyboard.type(' ')
	await toolbar.getByRole('button', { name: 'Bağlantı' }).click()
	await address.fill('javascript:alert(1)')
	await linkDialog.getByRole('button', { name: 'Bağlantıyı ekle' }).click()
	await expect(linkDialog.getByRole('alert')).toContainText('Bu adres bağlantı olamaz')
	await expect(address).toHaveAttribute('aria-invalid', 'true')
	expect(await seriousA11yViolations(page)).toEqual([])
	await address.fill('www.dernek.org')
	await linkDialog.getByRole('button', { name: 'Bağlantıyı ekle' }).click()
	await expect(area.getByRole('link', { name: 'www.dernek.org' })).toHaveAttribute('href', 'https://www.dernek.org')

	// Escape closes only the link dialog, not the form around it.
	await toolbar.getByRole('button', { name: 'Bağlantı' }).click()
	await expect(address).toBeFocused()
	await page.keyboard.press('Escape')
	await expect(linkDialog).toBeHidden()
	await expect(page.getByRole('dialog', { name: 'Yeni duyuru' })).toBeVisible()
	expect(await page.locator('input[type="hidden"][name="body"]').inputValue()).toContain('href="tel:+902125550000"')
})

test('pasting from Word or Google Docs keeps paragraphs, headings, lists, bold and italic and drops the rest', async ({ page }) => {
	const { area } = await openEditor(page)
	await area.click()
	await paste(page, WORD_HTML)
	await expect(area.getByRole('heading', { level: 2, name: 'Word başlığı' })).toBeVisible()
	await expect(area.locator('ul > li')).toHaveText(['Birinci madde', 'İkinci madde'])
	await expect(area.locator('ol > li')).toHaveText(['Numaralı bir', 'Numaralı iki'])
	await expect(area.locator('strong')).toHaveText(['kalın'])
	await expect(area.locator('em')).toHaveText(['eğik'])
	await expect(area.locator('p').filter({ hasText: 'Son paragraf' })).toHaveCount(1)
	let html = await editorHtml(page)
	expect(html).not.toMatch(/<(span|u|font|img|o:p)\b|style=|class="?Mso|·/i)

	await page.keyboard.press('Control+A')
	await page.keyboard.press('Delete')
	await paste(page, DOCS_HTML)
	await expect(area.getByRole('heading', { level: 2, name: 'Docs başlığı' })).toBeVisible()
	await expect(area.getByRole('heading', { level: 3, name: 'Docs alt başlık' })).toBeVisible()
	await expect(area.locator('ul > li')).toHaveText(['Docs madde'])
	// Docs wraps everything in <b style="font-weight:normal">: only the text that was bold is bold.
	await expect(area.locator('strong')).toHaveText(['kalın'])
	await expect(area.locator('em')).toHaveText([' eğik'])
	html = await editorHtml(page)
	expect(html).not.toMatch(/<(span|b|font|meta)\b|style=|docs-internal/i)
	expect(await seriousA11yViolations(page)).toEqual([])
})

test('alumni news keeps the paragraphs and line breaks typed into its description', async ({ page }) => {
	const id = Math.random().toString(36).slice(2, 7)
	const title = `E2E Paragraflı Haber ${id}`
	await openSection(page, 'mezun-haberleri')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni haber' })
	await dialog.getByLabel('Başlık').fill(title)
	await dialog.getByLabel('Açıklama').fill('Birinci paragraf.\n\nİkinci paragraf, ilk satır\nikinci satır.\n\n\nÜçüncü paragraf.')
	await clickAndAwaitAdmin(page, dialog.getByRole('button', { name: 'Kaydet' }))
	await expect(dialog).toBeHidden()
	const row = page.getByRole('row').filter({ hasText: title })
	const href = await row.getByRole('link', { name: /^\/mezunlarimiz\/mezunlardan-haberler\// }).getAttribute('href')

	const publicPage = await page.context().newPage()
	await publicPage.goto(href!)
	const body = publicPage.locator('.detail__body')
	await expect(body.locator('p')).toHaveText(['Birinci paragraf.', 'İkinci paragraf, ilk satırikinci satır.', 'Üçüncü paragraf.'])
	await expect(body.locator('p').nth(1).locator('br')).toHaveCount(1)
	await publicPage.close()

	page.once('dialog', (confirm) => void confirm.accept())
	await clickAndAwaitAdmin(page, page.getByRole('link', { name: `${title} – sil` }))
	await expect(row).toHaveCount(0)
})
