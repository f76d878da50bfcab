import { expect, openSection, test } from './fixtures.ts'

/**
 * Bad input any volunteer may give, in sections that take files: the
 * refusal is Turkish, sits at the field, and nothing already typed is lost;
 * nothing is saved.
 */
const unique = () => Math.random().toString(36).slice(2, 7)

/** 20 MB that start like a JPEG: too large before anything reads it. */
const hugeImage = () => {
	const buffer = Buffer.alloc(20 * 1024 * 1024, 0x20)
	buffer.set([0xff, 0xd8, 0xff, 0xe0])
	return { name: 'buyuk-fotograf.jpg', mimeType: 'image/jpeg', buffer }
}

test('a 20 MB photo is refused at its field, and the typed news stays in the form', async ({ page }) => {
	const title = `E2E Büyük Görsel ${unique()}`
	await openSection(page, 'mezun-haberleri')
	await page.getByRole('link', { name: 'Yeni', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Yeni haber' })
	await dialog.getByLabel('Başlık').fill(title)
	await dialog.getByLabel('Açıklama').fill('İstanbul’daki buluşmadan bir kare.')
	await dialog.getByLabel('Görsel').setInputFiles(hugeImage())
	await dialog.getByRole('button', { name: 'Kaydet' }).click()
	const field = dialog.getByLabel('Görsel')
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(dialog.getByText('Görsel en fazla 15 MB olabilir.').first()).toBeVisible()
	await expect(dialog.getByLabel('Başlık')).toHaveValue(title)
	await expect(dialog.getByLabel('Açıklama')).toHaveValue('İstanbul’daki buluşmadan bir kare.')
	await page.goto('/mezunlarimiz/mezunlardan-haberler')
	await expect(page.getByText(title)).toHaveCount(0)
})
