import PDFDocument from 'pdfkit'
import { pdfFonts } from '#app/lib/pdf.server.ts'
import { monthName } from '#app/lib/tr.ts'

const NAVY = '#13294b'
const GOLD = '#c9a227'

/** A small two-page sample bulletin, with real Turkish text. */
export function makeBulletinPdf(year: number, month: number, associationName: string): Promise<Buffer> {
	const fonts = pdfFonts()
	return new Promise((resolve, reject) => {
		const doc = new PDFDocument({
			size: 'A5',
			margin: 40,
			info: { Title: `${associationName} Bülteni – ${monthName(month)} ${year}`, Author: associationName },
		})
		const chunks: Array<Buffer> = []
		doc.on('data', (chunk: Buffer) => chunks.push(chunk))
		doc.on('end', () => resolve(Buffer.concat(chunks)))
		doc.on('error', reject)
		doc.registerFont('body', fonts.regular)
		doc.font('body')

		const { width, height } = doc.page
		doc.rect(0, 0, width, height * 0.36).fill(NAVY)
		doc.rect(0, height * 0.36, width, 5).fill(GOLD)
		doc.fillColor('#ffffff').fontSize(34).text('BÜLTEN', 40, 70, { align: 'center', characterSpacing: 4 })
		doc
			.fillColor(GOLD)
			.fontSize(18)
			.text(`${monthName(month)} ${year}`, { align: 'center' })
		doc
			.fillColor(NAVY)
			.fontSize(12)
			.text(associationName, 40, height * 0.36 + 30, { align: 'center' })
		doc.moveDown(1.2)
		doc.fillColor('#1c2330').fontSize(10.5)
		doc.text(
			`Değerli üyelerimiz, ${monthName(month).toLocaleLowerCase('tr-TR')} sayımızda derneğimizin bu ayki çalışmalarını, yaklaşan etkinliklerimizi ve mezunlarımızdan haberleri bir araya getirdik.`,
			{ align: 'justify' },
		)
		doc.moveDown()
		doc.text('Bu sayıda:', { underline: true })
		for (const line of ['Yönetim kurulundan haberler', 'Burs fonumuzun son durumu', 'Etkinlik takvimi', 'Mezunlarımızdan haberler']) {
			doc.text(`•  ${line}`)
		}

		doc.addPage()
		doc.fillColor(NAVY).fontSize(16).text('Yönetim Kurulundan', { align: 'left' })
		doc.moveDown(0.5)
		doc.fillColor('#1c2330').fontSize(10.5)
		doc.text(
			'Bu ay yönetim kurulumuz iki kez toplandı. Burs başvurularının değerlendirilmesi tamamlandı; bağışlarınız ve aidatlarınız sayesinde öğrencilerimize verdiğimiz bursların sayısı geçen yıla göre arttı. Üyelerimizin aidat ödemelerini çevrim içi ödeme sayfamızdan da yapabileceğini hatırlatırız.',
			{ align: 'justify' },
		)
		doc.moveDown()
		doc.fillColor(NAVY).fontSize(16).text('Etkinlikler')
		doc.moveDown(0.5)
		doc.fillColor('#1c2330').fontSize(10.5)
		doc.text(
			'Kitap kulübümüz her ayın son perşembesi dernek ofisimizde buluşuyor. Güncel etkinlik takvimine internet sitemizdeki Takvim sayfasından ulaşabilirsiniz.',
			{ align: 'justify' },
		)
		doc.end()
	})
}
