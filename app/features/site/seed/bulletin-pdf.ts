import PDFDocument from 'pdfkit'
import { pdfFonts } from '#app/lib/pdf.server.ts'
import { monthName } from '#app/lib/tr.ts'
import { DEMO_BOARD } from './demo-data.ts'

const NAVY = '#13294b'
const GOLD = '#c9a227'
const INK = '#1c2330'

// Fictional people for the bulletins' news pages, so a visitor searching a name finds the issue and page it appears on.
const FIRST_NAMES = [
	'Ayten',
	'Berna',
	'Cemile',
	'Dilara',
	'Esin',
	'Feyza',
	'Gülşen',
	'Handan',
	'Işıl',
	'İlknur',
	'Jülide',
	'Kevser',
	'Lamia',
	'Mübeccel',
	'Nurhan',
	'Özge',
	'Perihan',
	'Rana',
	'Sevim',
	'Şükran',
	'Tijen',
	'Ülkü',
	'Vildan',
	'Yasemin',
	'Zerrin',
	'Çiğdem',
	'Gökçe',
	'Nesrin',
	'Oya',
]
const LAST_NAMES = [
	'Akyürek',
	'Bayraktar',
	'Cömert',
	'Dağlı',
	'Ergüven',
	'Gençer',
	'Hızal',
	'Irmak',
	'İnceoğlu',
	'Kalaycı',
	'Kuşçu',
	'Laçin',
	'Menteşe',
	'Nalbant',
	'Okyay',
	'Öğüt',
	'Pamir',
	'Reisoğlu',
	'Sağlam',
	'Şenocak',
	'Tunçay',
	'Uğurlu',
	'Üstündağ',
	'Vardar',
	'Yeşilçay',
	'Zorlu',
	'Çağlar',
	'Gürsoy',
	'Ilgaz',
	'Erensoy',
	'Karamürsel',
]

const NEWS: Array<(name: string, year: number) => string> = [
	(name, year) =>
		`${year} mezunumuz ${name}, kanser araştırmalarındaki çalışmalarıyla genç bilim insanlarına verilen bir ödüle layık görüldü.`,
	(name, year) =>
		`${year} mezunumuz ${name}, ilk romanı “Eylül Işığında” ile okurlarıyla buluştu; kitabın imza günü dernek ofisimizde yapılacak.`,
	(name, year) => `${year} mezunumuz ressam ${name}, Kadıköy’de açtığı “Kıyıdan Kıyıya” sergisiyle büyük ilgi gördü.`,
	(name, year) => `${year} mezunumuz Dr. ${name}, Şişli’de bir eğitim ve araştırma hastanesinin başhekimliğine atandı.`,
	(name, year) =>
		`${year} mezunumuz ${name}, Lizbon Büyükelçiliği görevine başladı; okulunda öğrendiği Fransızcanın kapıları açtığını söylüyor.`,
	(name, year) => `${year} mezunumuz mimar ${name}, genç mimarlar yarışmasında Üsküdar sahili için hazırladığı projeyle birinci oldu.`,
	(name, year) => `${year} mezunumuz ${name}, Boğaziçi’nde yüzme maratonunu kendi yaş grubunda birincilikle tamamladı.`,
	(name, year) => `${year} mezunumuz ${name}, köy okullarına kütüphane kuran gönüllü ağımızın bu dönemki koordinatörlüğünü üstlendi.`,
]

/** Alumni news of the demo told again in the recent issues, so a name finds both. */
const RECENT_NEWS = [
	'1998 mezunumuz Dr. Selin Arıkan, antibiyotik direnci üzerine çalışmalarıyla uluslararası bir bilim ödülü aldı.',
	'2005 mezunumuz mimar Ece Tunalı ve ekibi, Kadıköy sahili projesiyle kentsel tasarım yarışmasında birinci oldu.',
	'2010 mezunumuz Zeynep Kaya, yeni sezonda bir Çehov uyarlamasında başrolü üstleniyor.',
	'2019 mezunlarımız Elif Sarı ve Irmak Oğuz’un gönüllü ağı, köy okullarına kitap ulaştırmayı sürdürüyor.',
]

function eventOf(month: number, n: number, speaker: string) {
	if (month === 1)
		return '20 Ocak Mezunlar Günü’nde mezuniyetlerinin 25., 40. ve 50. yılını kutlayan mezunlarımıza anı plaketlerini verdik; yılın başarı ve onur ödülleri de sahiplerini buldu.'
	if (month === 5 || month === 6)
		return 'Mayıs buluşmamızda mezuniyetlerinin 10., 20., 30. ve 60. yılını kutlayan mezunlarımıza sertifikalarını verdik. Okul bahçesindeki kokteyle katılan herkese teşekkür ederiz.'
	if (month === 12) return 'Yılbaşı yemeğimiz dernek lokalinde yapıldı. Gecenin geliri, burs fonumuza aktarıldı.'
	if (month === 3 || month === 4)
		return 'Bahar kermesimiz okul bahçesinde yapıldı; el emeği ürünlerin ve ev yapımı reçellerin geliri burs fonuna aktarıldı.'
	const events = [
		`${speaker} ile “Okul Yıllarından Bugüne” söyleşimiz dernek ofisimizde yapıldı.`,
		`Piyanist ${speaker}, okul salonunda Debussy ve Satie eserlerinden oluşan bir konser verdi.`,
		`Büyükada gezimizde mezunlarımız Aya Yorgi’ye yürüdü, akşam vapurla döndü; gezimizi ${speaker} düzenledi.`,
		`Kitap kulübümüz bu ay Sait Faik’in öykülerini okudu; ${speaker} söyleşiyi yönetti.`,
	]
	return events[n % events.length] ?? `${speaker} ile söyleşimiz dernek ofisimizde yapıldı.`
}

/** The board's president in a given year (the demo's past presidents and the current one). */
function presidentIn(year: number) {
	for (const member of DEMO_BOARD) {
		if (member.group !== 'past_president' && member.role !== 'Başkan') continue
		const [from, to] = (member.term ?? '').split('–').map(Number)
		if (from !== undefined && to !== undefined && year >= from && year < to) return member.name
	}
	return DEMO_BOARD.find((member) => member.role === 'Başkan')?.name ?? null
}

export type DemoBulletinContent = {
	contents: Array<string>
	board: string
	event: string
	news: Array<string>
	thanks: string
}

/** What the sample bulletin of a month says: different people and events from issue to issue. */
export function demoBulletinContent(year: number, month: number): DemoBulletinContent {
	const n = year * 12 + month
	const person = (k: number) => {
		const i = n * 3 + k
		const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Ayten'
		const last = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length] ?? 'Akyürek'
		return `${first} ${last}`
	}
	const graduated = (k: number) => 1955 + (((n * 3 + k) * 13) % 60)
	const president = presidentIn(year)
	const news = [0, 1].map((k) => NEWS[(n + k * 3) % NEWS.length]?.(person(k), graduated(k)) ?? '')
	if (year >= 2024) news.unshift(RECENT_NEWS[n % RECENT_NEWS.length] ?? '')
	return {
		contents: ['Yönetim kurulundan haberler', 'Burs fonumuzun son durumu', 'Etkinliklerimiz', 'Mezunlarımızdan haberler'],
		board: `Bu ay yönetim kurulumuz iki kez toplandı${president ? `; toplantılara başkanımız ${president} başkanlık etti` : ''}. Burs başvurularının değerlendirilmesi tamamlandı; bağışlarınız ve aidatlarınız sayesinde öğrencilerimize verdiğimiz bursların sayısı geçen yıla göre arttı. Üyelerimizin aidat ödemelerini çevrim içi ödeme sayfamızdan da yapabileceğini hatırlatırız.`,
		event: eventOf(month, n, person(2)),
		news,
		thanks: `Burs fonumuza bu ay bağışlarıyla destek olan üyelerimize teşekkür ederiz: ${person(3)}, ${person(4)} ve ${person(5)}.`,
	}
}

/** A small three-page sample bulletin, with real Turkish text: a cover, the board and events, alumni news. */
export function makeBulletinPdf(year: number, month: number, associationName: string): Promise<Buffer> {
	const fonts = pdfFonts()
	const content = demoBulletinContent(year, month)
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
		const heading = (text: string) => {
			doc.fillColor(NAVY).fontSize(16).text(text, { align: 'left' })
			doc.moveDown(0.5)
			doc.fillColor(INK).fontSize(10.5)
		}

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
		doc.fillColor(INK).fontSize(10.5)
		doc.text(
			`Değerli üyelerimiz, ${monthName(month).toLocaleLowerCase('tr-TR')} sayımızda derneğimizin bu ayki çalışmalarını, yaklaşan etkinliklerimizi ve mezunlarımızdan haberleri bir araya getirdik.`,
			{ align: 'justify' },
		)
		doc.moveDown()
		doc.text('Bu sayıda:', { underline: true })
		for (const line of content.contents) doc.text(`•  ${line}`)

		doc.addPage()
		heading('Yönetim Kurulundan')
		doc.text(content.board, { align: 'justify' })
		doc.moveDown()
		heading('Etkinliklerimiz')
		doc.text(content.event, { align: 'justify' })
		doc.moveDown(0.5)
		doc.text('Güncel etkinlik takvimine internet sitemizdeki Takvim sayfasından ulaşabilirsiniz.', { align: 'justify' })

		doc.addPage()
		heading('Mezunlarımızdan Haberler')
		for (const item of content.news) {
			doc.text(item, { align: 'justify' })
			doc.moveDown(0.6)
		}
		doc.moveDown()
		heading('Teşekkür')
		doc.text(content.thanks, { align: 'justify' })
		doc.end()
	})
}
