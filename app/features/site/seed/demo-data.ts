/**
 * Demo content in Turkish. Every person, firm and book here is fictional;
 * dates are offsets from the day the seed runs so the demo never looks stale.
 */
import { addDays } from '#app/lib/tr.ts'

export type DemoAnnouncement = {
	title: string
	lead: string
	body: string
	/** Days from today (negative: in the past). Null: a draft. */
	publishedInDays: number | null
	art: 'skyline' | 'arches' | 'circles'
	featuredForDays?: number
}

export const DEMO_ANNOUNCEMENTS: Array<DemoAnnouncement> = [
	{
		title: 'Olağan Genel Kurul Toplantısı Hakkında',
		lead: 'Derneğimizin iki yılda bir şubat ayında yapılan olağan genel kurulu için hazırlıklar başladı.',
		body: `<p>Değerli üyelerimiz,</p>
<p>Tüzüğümüz gereğince iki yılda bir şubat ayında yapılan <strong>Olağan Genel Kurul Toplantımız</strong>, {gaYear} yılının şubat ayında dernek merkezimizde gerçekleştirilecektir. Toplantının kesin tarihi, saati ve gündemi en az 15 gün önceden üyelerimize yazılı olarak ve internet sitemiz aracılığıyla duyurulacaktır.</p>
<p>Genel kurulda yönetim ve denetim kurulu faaliyet raporları görüşülecek, yeni dönem yönetim kurulu (7 asıl, 7 yedek) ile denetim kurulu (3 asıl, 3 yedek) seçimleri yapılacaktır. Oy kullanabilmek için aidat borcunuzun bulunmaması gerekmektedir.</p>
<h2>Aday olmak isteyen üyelerimiz</h2>
<p>Yönetim veya denetim kurulu için aday olmak isteyen üyelerimizin niyetlerini 15 Ocak {gaYear} tarihine kadar dernek sekreterliğine iletmelerini rica ederiz.</p>
<p>Saygılarımızla,<br/>Yönetim Kurulu</p>`,
		publishedInDays: -3,
		art: 'arches',
		featuredForDays: 45,
	},
	{
		title: 'Mezunlar Günü Plaket Töreni İçin Kayıtlar Açıldı',
		lead: '20 Ocak Mezunlar Günü’nde 25., 40. ve 50. mezuniyet yılını kutlayan dönemlerimize plaketlerini takdim edeceğiz.',
		body: `<p>Her yıl 20 Ocak’ta düzenlediğimiz <strong>Mezunlar Günü</strong> bu yıl da okulumuzun konferans salonunda yapılacak. Mezuniyetlerinin 25., 40. ve 50. yılını kutlayan dönemlerimize hatıra plaketleri takdim edilecek; yönetim kurulumuzun belirlediği beş mezunumuza da Başarı ve Onur Ödülleri verilecektir.</p>
<p>Plaket alacak dönemlerin sınıf temsilcilerinden, katılacak arkadaşlarının listesini 10 Ocak’a kadar dernek sekreterliğine iletmelerini rica ediyoruz.</p>
<ul>
<li>{y25} mezunları – 25. yıl</li>
<li>{y40} mezunları – 40. yıl</li>
<li>{y50} mezunları – 50. yıl</li>
</ul>
<p>Törenin ardından bahçede bir kokteyl verilecektir.</p>`,
		publishedInDays: -6,
		art: 'circles',
	},
	{
		title: 'Yılbaşı Dayanışma Kermesimiz Yaklaşıyor',
		lead: 'Geliri burs fonumuza aktarılacak kermesimize el emeği ürünleriniz ve katılımınızla destek olun.',
		body: `<p>Geleneksel <strong>Yılbaşı Dayanışma Kermesimiz</strong> aralık ayında okulumuzun spor salonunda düzenlenecek. Kermesin tüm geliri, ihtiyaç sahibi öğrencilerimize verilen burslar için kullanılacak.</p>
<p>Kermese el emeği ürün, ev yapımı reçel ve kurabiye ya da ikinci el kitap bağışlamak isteyen mezunlarımız dernek ofisimizle iletişime geçebilir. Stant açmak isteyen dönemlerimiz için sınırlı sayıda masa ayrılmıştır.</p>`,
		publishedInDays: -10,
		art: 'circles',
	},
	{
		title: 'Burs Fonumuza Destek Çağrısı',
		lead: 'Bağışlarınız ve aidatlarınızla her yıl daha fazla öğrenciye burs veriyoruz.',
		body: `<p>Derneğimiz, bağışlar ve üye aidatlarıyla oluşturduğu burs fonundan her eğitim yılında okulumuzun öğrencilerine karşılıksız burs vermektedir. Bu yıl burs verdiğimiz öğrenci sayısını artırmayı hedefliyoruz.</p>
<p>Bağışlarınızı dernek hesabımıza “Burs Fonu” açıklamasıyla gönderebilir ya da çevrim içi ödeme sayfamızı kullanabilirsiniz. Yapılan her bağış için makbuz düzenlenmektedir.</p>
<blockquote>Bir öğrencinin eğitimine katkı, okulumuzun geleceğine yapılan en güzel yatırımdır.</blockquote>`,
		publishedInDays: -16,
		art: 'arches',
	},
	{
		title: 'NDS Edebiyat Ödülü Başvuruları Başladı',
		lead: 'Okulumuzla birlikte düzenlediğimiz edebiyat ödülü için eser teslimleri 31 Mart’a kadar sürecek.',
		body: `<p>Okulumuzla birlikte düzenlediğimiz <strong>NDS Edebiyat Ödülü</strong> için başvurular başladı. Son iki yıl içinde yayımlanmış Türkçe roman ve öykü kitapları yarışmaya katılabilir.</p>
<p>Başvuru koşulları ve teslim adresi için <a href="/kurumsal/nds-edebiyat-odulu">NDS Edebiyat Ödülü</a> sayfamızı inceleyebilirsiniz. Ödül töreni mayıs ayındaki buluşmamızda yapılacaktır.</p>`,
		publishedInDays: -24,
		art: 'skyline',
	},
	{
		title: 'Aidat Ödemelerinde Çevrim İçi Kolaylık',
		lead: 'Yıllık aidatınızı kredi kartıyla, birkaç dakikada ödeyebilirsiniz.',
		body: `<p>Üyelerimiz yıllık aidatlarını artık çevrim içi ödeme sayfamız üzerinden kredi kartıyla ödeyebilir. Ödeme aracı kuruluşların yaptığı %5 hizmet kesintisi nedeniyle, aidatın tamamının derneğe ulaşmasını isteyen üyelerimiz tutarın 1,05 katını ödeyebilir.</p>
<p>Banka havalesi ile yapılan ödemeler üye sayfalarına haftalık olarak işlenmektedir. Ayrıntılar için <a href="/aidat">Aidat Ödeme</a> sayfamıza bakabilirsiniz.</p>`,
		publishedInDays: -33,
		art: 'skyline',
	},
	{
		title: 'Kitap Kulübü Bu Ay Bir Mezunumuzun Romanını Konuşuyor',
		lead: 'Ayın son perşembesindeki buluşmamızda bir mezunumuzun ilk romanını yazarıyla birlikte konuşuyoruz.',
		body: `<p>Her ayın son perşembesi bir araya gelen kitap kulübümüzün bu ayki buluşmasında, mezunumuz yazar <em>Deniz Aksoy</em>’un ilk romanı “Yedi Tepe Arasında” üzerine sohbet edeceğiz.</p>
<p>Buluşma dernek ofisimizde yapılacak; katılmak isteyen üyelerimizin önceden haber vermesi yeterlidir.</p>`,
		publishedInDays: -41,
		art: 'arches',
	},
	{
		title: 'Başarı ve Onur Ödülü İçin Aday Önerileri',
		lead: 'Meslek hayatında ve topluma katkılarıyla öne çıkan mezunlarımızı önerin.',
		body: `<p>Her yıl 20 Ocak Mezunlar Günü’nde beş mezunumuza verilen <strong>Başarı ve Onur Ödülleri</strong> için aday önerilerinizi bekliyoruz. Öneriler yönetim kurulumuz tarafından değerlendirilerek ödül alacak mezunlarımız belirlenir.</p>
<p>Önerinizi, adayın mezuniyet yılı ve kısa özgeçmişiyle birlikte e-posta ile iletebilirsiniz. Geçmiş yıllarda ödül alan mezunlarımızın listesine <a href="/mezunlarimiz/basari-onur-odulleri">Başarı ve Onur Ödülleri</a> sayfasından ulaşabilirsiniz.</p>`,
		publishedInDays: -52,
		art: 'circles',
	},
	{
		title: 'Yeni Mezunlarımıza Hoş Geldiniz',
		lead: 'Bu yıl mezun olan arkadaşlarımız derneğimize giriş aidatı ödemeden üye olabilir.',
		body: `<p>Okulumuzdan bu yıl mezun olan arkadaşlarımızı derneğimize davet ediyoruz. Yeni mezunlarımızdan giriş aidatı alınmamaktadır.</p>
<p>Üyelik başvurusu ve gerekli belgeler için <a href="/uyelik/nasil-uye-olunur">Nasıl Üye Olunur</a> sayfamızı inceleyebilirsiniz. Başvurular yönetim kurulu tarafından en geç 30 gün içinde karara bağlanır.</p>`,
		publishedInDays: -64,
		art: 'skyline',
	},
	{
		title: 'Dernek Ofisimizin Çalışma Saatleri',
		lead: 'Ofisimiz hafta içi her gün 10.00–17.00 saatleri arasında açıktır.',
		body: `<p>Dernek ofisimiz hafta içi her gün 10.00 ile 17.00 saatleri arasında üyelerimize hizmet vermektedir. Resmî tatillerde ofisimiz kapalıdır.</p>
<p>Ziyaretten önce telefonla randevu almanızı öneririz. İletişim bilgilerimize <a href="/iletisim/iletisim-adresleri">İletişim Adresleri</a> sayfasından ulaşabilirsiniz.</p>`,
		publishedInDays: -80,
		art: 'arches',
	},
	{
		title: 'Bahar Gezisi Programı (taslak)',
		lead: 'Bahar gezisi için rota ve tarih çalışması sürüyor.',
		body: '<p>Rota ve tarih netleştiğinde duyurulacaktır.</p>',
		publishedInDays: null,
		art: 'skyline',
	},
	{
		title: 'Yeni Yıl Mesajı',
		lead: 'Yönetim kurulumuzun yeni yıl mesajı yılbaşında yayımlanacaktır.',
		body: '<p>Tüm mezunlarımıza sağlık ve mutluluk dolu bir yıl dileriz.</p>',
		publishedInDays: 40,
		art: 'circles',
	},
]

export type DemoEvent = {
	title: string
	lead: string
	body: string
	/** Days from today, or the next given month and day (`MM-DD`); Istanbul wall-clock time. */
	startsInDays?: number
	nextDate?: string
	time: string
	durationHours: number | null
	location: string
	art: 'skyline' | 'arches' | 'circles'
	featuredForDays?: number
}

export const DEMO_EVENTS: Array<DemoEvent> = [
	{
		title: 'Yılbaşı Dayanışma Kermesi',
		lead: 'El emeği ürünler, ev yapımı lezzetler ve sürpriz çekilişlerle burs fonumuz için bir aradayız.',
		body: `<p>Geleneksel kermesimizde dönemlerimizin hazırladığı stantlar, ikinci el kitap köşesi ve çocuklar için atölyeler yer alacak. Kermesin tüm geliri burs fonumuza aktarılacaktır.</p><p>Giriş ücretsizdir; misafirlerinizi de bekliyoruz.</p>`,
		nextDate: '12-13',
		time: '11:00',
		durationHours: 7,
		location: 'Okul Spor Salonu, Harbiye',
		art: 'circles',
		featuredForDays: 20,
	},
	{
		title: 'Edebiyat Söyleşisi: Yedi Tepe Arasında',
		lead: 'Mezunumuz Deniz Aksoy ile ilk romanı ve yazma serüveni üzerine bir söyleşi.',
		body: `<p>Kitap kulübümüzün konuğu, ilk romanıyla büyük ilgi gören mezunumuz <strong>Deniz Aksoy</strong>. Söyleşinin ardından imza günü yapılacaktır.</p>`,
		startsInDays: 5,
		time: '19:00',
		durationHours: 2,
		location: 'Dernek Ofisi, Harbiye',
		art: 'skyline',
	},
	{
		title: 'Klasik Müzik Dinletisi',
		lead: 'Konservatuvar öğrencisi mezunlarımızdan oluşan oda müziği topluluğu sahnede.',
		body: `<p>Programda Mozart, Fauré ve Cemal Reşit Rey’in eserleri yer alıyor. Dinletinin geliri müzik eğitimi gören öğrencilerimize burs olarak verilecektir.</p>`,
		startsInDays: 12,
		time: '20:00',
		durationHours: 2,
		location: 'Okul Konferans Salonu',
		art: 'arches',
	},
	{
		title: 'Kariyer Sohbetleri: Genç Mezunlarla Buluşma',
		lead: 'Farklı mesleklerden mezunlarımız, üniversite yıllarındaki genç mezunlarımızla deneyimlerini paylaşıyor.',
		body: `<p>Hukuk, tıp, mühendislik, tasarım ve akademi alanlarından mezunlarımız küçük masalarda sorularınızı yanıtlayacak.</p><p>Katılım ücretsizdir, ancak kayıt gereklidir.</p>`,
		startsInDays: 33,
		time: '14:00',
		durationHours: 3,
		location: 'Dernek Ofisi, Harbiye',
		art: 'circles',
	},
	{
		title: 'Mezunlar Günü ve Plaket Töreni',
		lead: '20 Ocak’ta 25., 40. ve 50. yılını kutlayan dönemlerimize plaketlerini takdim ediyoruz.',
		body: `<p>Mezunlar Günü’nde plaket törenine ek olarak yönetim kurulumuzun seçtiği beş mezunumuza Başarı ve Onur Ödülleri verilecektir. Törenin ardından kokteyl düzenlenecektir.</p>`,
		nextDate: '01-20',
		time: '15:00',
		durationHours: 3,
		location: 'Okul Konferans Salonu',
		art: 'arches',
		featuredForDays: 60,
	},
	{
		title: 'Mayıs Buluşması ve Sertifika Töreni',
		lead: 'Mezuniyetinin 10., 20., 30. ve 60. yılını kutlayan dönemlerimiz sertifikalarını alıyor.',
		body: `<p>Bahar buluşmamızda NDS Edebiyat Ödülü de sahibini bulacak. Bahçede piknik düzeninde bir öğle yemeği verilecektir.</p>`,
		nextDate: '05-16',
		time: '12:00',
		durationHours: 5,
		location: 'Okul Bahçesi',
		art: 'skyline',
	},
	{
		title: 'Boğaz’da Gün Batımı Gezisi',
		lead: 'Mezunlarımızla birlikte Boğaz’da keyifli bir tekne gezisi yaptık.',
		body: `<p>Eminönü’nden kalkan teknemizle Rumeli Kavağı’na kadar uzanan gezimizde gün batımını birlikte izledik. Katılan herkese teşekkür ederiz.</p>`,
		startsInDays: -26,
		time: '17:30',
		durationHours: 3,
		location: 'Eminönü İskelesi',
		art: 'skyline',
	},
	{
		title: 'Sonbahar Pikniği',
		lead: 'Belgrad Ormanı’nda ailelerimizle birlikte bir gün geçirdik.',
		body: `<p>Çocuklar için oyunların, yetişkinler için doğa yürüyüşünün yapıldığı piknikte yüzü aşkın mezunumuzu ağırladık.</p>`,
		startsInDays: -55,
		time: '10:00',
		durationHours: 6,
		location: 'Belgrad Ormanı, Neşet Suyu',
		art: 'arches',
	},
]

/** The day (`YYYY-MM-DD`, Istanbul) a demo event falls on when the seed runs on `today`. */
export function demoEventDay(event: DemoEvent, today: string) {
	return event.nextDate ? nextOccurrence(today, event.nextDate) : addDays(today, event.startsInDays ?? 0)
}

/** The next `MM-DD` on or after today (`YYYY-MM-DD`). */
export function nextOccurrence(today: string, monthDay: string) {
	const year = Number(today.slice(0, 4))
	const candidate = `${year}-${monthDay}`
	return candidate >= today ? candidate : `${year + 1}-${monthDay}`
}

/** Extra agenda items that are not events of their own. */
export const DEMO_CALENDAR: Array<{ title: string; inDays: number }> = [
	{ title: 'Yönetim Kurulu Toplantısı', inDays: 2 },
	{ title: 'Kitap Kulübü Buluşması', inDays: 7 },
	{ title: 'Burs Komisyonu Toplantısı', inDays: 9 },
	{ title: 'Yönetim Kurulu Toplantısı', inDays: 30 },
	{ title: 'Kitap Kulübü Buluşması', inDays: 37 },
	{ title: 'Genel Kurul Hazırlık Toplantısı', inDays: 45 },
	{ title: 'Yönetim Kurulu Toplantısı', inDays: -12 },
	{ title: 'Kitap Kulübü Buluşması', inDays: -20 },
]

/** Messages from the contact form (admin "Mesajlar"): `hoursAgo` from the seed; `read`/`archived` as a volunteer left them. Example addresses only. */
export const DEMO_CONTACT_MESSAGES: Array<{
	name: string
	email: string
	subject: string
	message: string
	hoursAgo: number
	read?: boolean
	archived?: boolean
}> = [
	{
		name: 'Zeynep Aydın',
		email: 'zeynep.aydin@example.org',
		subject: 'Mezunlar Günü’ne kayıt',
		message:
			'Merhaba,\n\n1999 mezunuyum. Bu yılki Mezunlar Günü’ne sınıf arkadaşlarımla birlikte katılmak istiyoruz. Kayıt için bir form var mı, yoksa doğrudan gelebilir miyiz?\n\nSevgiler,\nZeynep',
		hoursAgo: 3,
	},
	{
		name: 'Mehmet Kaya',
		email: 'mehmet.kaya@example.org',
		subject: 'Bağış makbuzu',
		message:
			'İyi günler. Geçen ay burs fonuna yaptığım bağış için makbuz alabilir miyim? Adresim değişti, yenisini e-postayla iletebilirim.',
		hoursAgo: 26,
		read: true,
	},
	{
		name: 'Elif Şahin',
		email: 'elif.sahin@example.org',
		subject: 'Aidat ödemesi',
		message: 'Merhaba, 2025 aidatımı havaleyle ödedim; üye sayfasında ne zaman görünür?',
		hoursAgo: 24 * 9,
		read: true,
		archived: true,
	},
]

export const DEMO_ALUMNI_NEWS: Array<{ title: string; description: string; link: string | null; daysAgo: number }> = [
	{
		title: 'Mezunumuz Dr. Selin Arıkan’a Uluslararası Bilim Ödülü',
		description:
			'1998 mezunlarımızdan moleküler biyolog Dr. Selin Arıkan, antibiyotik direnci üzerine yaptığı çalışmalarla genç bilim insanlarına verilen uluslararası bir ödüle layık görüldü. Arıkan, ödülünü okulunda filizlenen bilim merakına adadı.',
		link: 'https://www.ornek-haber.com.tr/bilim/selin-arikan-odul',
		daysAgo: 4,
	},
	{
		title: 'Mimar Ece Tunalı’nın Projesi Kentsel Tasarım Yarışmasında Birinci',
		description:
			'2005 mezunumuz mimar Ece Tunalı ve ekibinin Kadıköy sahili için hazırladığı proje, kentsel tasarım yarışmasında birincilik ödülü aldı. Proje, sahil boyunca kesintisiz bir yaya ve bisiklet yolu öneriyor.',
		link: null,
		daysAgo: 11,
	},
	{
		title: 'Oyuncu Zeynep Kaya Yeni Oyunuyla Sahnede',
		description:
			'Tiyatro kariyerine okulumuzun drama kulübünde başlayan 2010 mezunumuz Zeynep Kaya, yeni sezonda Çehov uyarlamasında başrolü üstleniyor. Oyunun prömiyeri aralık ayında yapılacak.',
		link: 'https://www.ornek-sahne.com.tr/oyunlar/martı',
		daysAgo: 19,
	},
	{
		title: 'Emekli Öğretmenimiz Nermin Hanım’ın Anıları Kitap Oldu',
		description:
			'Okulumuzda otuz yıl Fransızca öğretmenliği yapan ve kendisi de 1962 mezunumuz olan Nermin Erdem, okul yıllarına dair anılarını “Sınıfın Penceresinden” adlı kitabında topladı.',
		link: null,
		daysAgo: 31,
	},
	{
		title: 'Genç Mezunlarımızdan Sosyal Girişim',
		description:
			'2019 mezunlarımız Elif Sarı ve Irmak Oğuz’un kurduğu gönüllü ağı, köy okullarına kitap ve kırtasiye ulaştırıyor. Girişim bugüne kadar yirmi okula destek oldu.',
		link: 'https://www.ornek-girisim.org.tr/',
		daysAgo: 47,
	},
	{
		title: 'Piyanist İpek Öztürk Avrupa Turnesinde',
		description:
			'2008 mezunumuz piyanist İpek Öztürk, oda orkestrasıyla birlikte altı Avrupa kentinde konser verecek. Turnenin İstanbul ayağı bahar aylarında gerçekleşecek.',
		link: null,
		daysAgo: 63,
	},
]

export const DEMO_PERKS: Array<{
	business_name: string
	category: string | null
	discount: string
	discount_code: string | null
	contact_phone: string | null
	contact_email: string | null
	alumnus_name: string | null
	idx: number | null
}> = [
	{
		business_name: 'Şirin Kafe & Pastane',
		category: 'Yeme-İçme',
		discount: 'Tüm ürünlerde %15 indirim',
		discount_code: 'NDS15',
		contact_phone: '+90 212 000 01 01',
		contact_email: null,
		alumnus_name: 'Şirin Demir (1995)',
		idx: 1,
	},
	{
		business_name: 'Işık Göz Kliniği',
		category: 'Sağlık',
		discount: 'Muayenede %20 indirim',
		discount_code: null,
		contact_phone: '+90 212 000 01 02',
		contact_email: 'randevu@ornek-isik.com.tr',
		alumnus_name: 'Op. Dr. Ayla Işık (1989)',
		idx: 2,
	},
	{
		business_name: 'Kalem Kitabevi',
		category: 'Kültür-Sanat',
		discount: 'Kitaplarda %10 indirim',
		discount_code: 'SION10',
		contact_phone: null,
		contact_email: 'merhaba@ornek-kalem.com.tr',
		alumnus_name: 'Gül Aydın (2001)',
		idx: 3,
	},
	{
		business_name: 'Atölye Seramik',
		category: 'Kültür-Sanat',
		discount: 'Atölye derslerinde %25 indirim',
		discount_code: null,
		contact_phone: '+90 216 000 01 04',
		contact_email: null,
		alumnus_name: 'Nil Kara (2012)',
		idx: 4,
	},
	{
		business_name: 'Deniz Hukuk Bürosu',
		category: 'Hizmet',
		discount: 'İlk danışmanlık görüşmesi ücretsiz',
		discount_code: null,
		contact_phone: '+90 212 000 01 05',
		contact_email: 'iletisim@ornek-denizhukuk.com.tr',
		alumnus_name: 'Av. Deniz Yalçın (1993)',
		idx: 5,
	},
	{
		business_name: 'Lingua Dil Okulu',
		category: 'Eğitim',
		discount: 'Fransızca kurslarında %20 indirim',
		discount_code: 'NDSFR',
		contact_phone: '+90 212 000 01 06',
		contact_email: 'bilgi@ornek-lingua.com.tr',
		alumnus_name: 'Claire Şahin (1999)',
		idx: 6,
	},
	{
		business_name: 'Çiçek Sepeti Ataşehir',
		category: 'Alışveriş',
		discount: 'Siparişlerde %10 indirim',
		discount_code: 'CICEK10',
		contact_phone: '+90 216 000 01 07',
		contact_email: null,
		alumnus_name: null,
		idx: 7,
	},
	{
		business_name: 'Form Pilates Stüdyosu',
		category: 'Sağlık',
		discount: 'Üyelik paketlerinde %15 indirim',
		discount_code: null,
		contact_phone: '+90 212 000 01 08',
		contact_email: 'form@ornek-pilates.com.tr',
		alumnus_name: 'Ece Güneş (2007)',
		idx: 8,
	},
	{
		business_name: 'Bahar Optik',
		category: null,
		discount: 'Gözlük çerçevelerinde %20 indirim',
		discount_code: null,
		contact_phone: '+90 212 000 01 09',
		contact_email: null,
		alumnus_name: 'Bahar Öz (1985)',
		idx: null,
	},
]

/** The board, the audit board and the presidents of earlier terms, each group in page order. */
export const DEMO_BOARD: Array<{ name: string; role: string | null; group: 'board' | 'audit' | 'past_president'; term: string | null }> = [
	{ name: 'Ayşe Nur Karaca', role: 'Başkan', group: 'board', term: '2025–2027' },
	{ name: 'Leyla Ertürk', role: 'Başkan Yardımcısı', group: 'board', term: '2025–2027' },
	{ name: 'Meltem Sözen', role: 'Genel Sekreter', group: 'board', term: '2025–2027' },
	{ name: 'Canan Yavuz', role: 'Sayman', group: 'board', term: '2025–2027' },
	{ name: 'Pınar Akın', role: 'Üye', group: 'board', term: '2025–2027' },
	{ name: 'Selma Dinçer', role: 'Üye', group: 'board', term: '2025–2027' },
	{ name: 'Hülya Özkan', role: 'Üye', group: 'board', term: '2025–2027' },
	{ name: 'Nevin Başaran', role: 'Üye', group: 'audit', term: '2025–2027' },
	{ name: 'Sibel Oktay', role: 'Üye', group: 'audit', term: '2025–2027' },
	{ name: 'Gönül Tezcan', role: 'Üye', group: 'audit', term: '2025–2027' },
	{ name: 'Gülten Arıkan', role: null, group: 'past_president', term: '1987–1993' },
	{ name: 'Sevinç Tuncer', role: null, group: 'past_president', term: '1993–1999' },
	{ name: 'Mualla Ergin', role: null, group: 'past_president', term: '1999–2005' },
	{ name: 'Nermin Sezer', role: null, group: 'past_president', term: '2005–2013' },
	{ name: 'Fulya Aydemir', role: null, group: 'past_president', term: '2013–2019' },
	{ name: 'Berrin Yazıcı', role: null, group: 'past_president', term: '2019–2025' },
]

const FIRST_NAMES = [
	'Ayşe',
	'Fatma',
	'Zeynep',
	'Elif',
	'Meltem',
	'Nilüfer',
	'Gülay',
	'Şule',
	'İpek',
	'Işıl',
	'Ümran',
	'Çiğdem',
	'Özlem',
	'Sevgi',
	'Leyla',
	'Nermin',
	'Oya',
	'Feride',
	'Jale',
	'Müge',
	'Ebru',
	'Tülin',
	'Nazan',
	'Deniz',
	'Aslı',
	'Betül',
	'Canan',
	'Dilek',
	'Esra',
	'Gönül',
	'Hale',
	'İnci',
	'Kıymet',
	'Lale',
	'Melek',
	'Neslihan',
]
const LAST_NAMES = [
	'Yılmaz',
	'Kaya',
	'Demir',
	'Şahin',
	'Çelik',
	'Yıldız',
	'Öztürk',
	'Aydın',
	'Özdemir',
	'Arslan',
	'Doğan',
	'Kılıç',
	'Aslan',
	'Çetin',
	'Kara',
	'Koç',
	'Kurt',
	'Özkan',
	'Şimşek',
	'Polat',
	'Erdem',
	'Ünal',
	'Işık',
	'Güneş',
]
const PROFESSIONS: Array<[string | null, string]> = [
	['Prof. Dr.', 'Akademisyen'],
	['Dr.', 'Hekim'],
	['Op. Dr.', 'Cerrah'],
	['Av.', 'Avukat'],
	[null, 'Mimar'],
	[null, 'Yazar'],
	[null, 'Gazeteci'],
	[null, 'İş insanı'],
	[null, 'Diplomat'],
	[null, 'Piyanist'],
	['Prof. Dr.', 'Fizikçi'],
	[null, 'Ressam'],
	[null, 'Mühendis'],
	['Dr.', 'Ekonomist'],
	[null, 'Tiyatro oyuncusu'],
	[null, 'Eğitimci'],
]

/** 100 sample honourees, NDS years 1938–2009. */
export function demoAwards() {
	const rows: Array<{
		first_name: string
		last_name: string
		nds_surname: string | null
		nds_year: number
		title: string | null
		profession: string
	}> = []
	let n = 0
	for (let year = 1938; year <= 2009; year++) {
		const perYear = year >= 1982 ? 2 : 1
		for (let k = 0; k < perYear; k++) {
			const first = FIRST_NAMES[(n * 7 + k * 3) % FIRST_NAMES.length] ?? 'Ayşe'
			const last = LAST_NAMES[(n * 5 + k) % LAST_NAMES.length] ?? 'Yılmaz'
			const maiden = n % 3 === 0 ? null : (LAST_NAMES[(n * 11 + 3) % LAST_NAMES.length] ?? null)
			const [title, profession] = PROFESSIONS[(n * 3 + k) % PROFESSIONS.length] ?? [null, 'Eğitimci']
			rows.push({ first_name: first, last_name: last, nds_surname: maiden === last ? null : maiden, nds_year: year, title, profession })
			n++
		}
	}
	return rows
}

const BOOK_TITLES = [
	['Rüzgârın Unuttuğu Ev', 'Nilgün Aras'],
	['Kuleden Görünen', 'Deniz Aksoy'],
	['Ağustos Sıcağında Bir Sokak', 'Tülay Erkin'],
	['Sessiz Körfez', 'Orhan Sayın'],
	['İncir Ağacının Gölgesi', 'Feraye Tan'],
	['Son Vapur', 'Kerem Uysal'],
	['Kırmızı Defter', 'Melis Oran'],
	['Taş Mektuplar', 'Emre Kılınç'],
	['Yarım Kalan Şarkı', 'Gülşen Aral'],
	['Karanfil Sokağı', 'Selim Akman'],
	['Boğaz’ın Öte Yakası', 'Nazlı Erim'],
	['Kış Bahçesi', 'Cem Öner'],
	['Rıhtımdaki Kadın', 'Aylin Demirel'],
	['Sabah Yıldızı', 'Burak Ersoy'],
	['Mavi Kapılar', 'İlknur Yalın'],
	['Kayıp Harita', 'Tarık Ozan'],
	['Işığın Ardından', 'Hande Sever'],
]
const MENTION_TITLES = [
	['Kumdan Saatler', 'Berna Ulus'],
	['Eski Bir Fotoğraf', 'Okan Tekin'],
	['Duvar Saati', 'Sevda Koral'],
	['Limon Kokusu', 'Yasemin Ateş'],
	['Göç Mevsimi', 'Ali Nurlu'],
	['Gece Treni', 'Pelin Ekşi'],
]

/** Literature award winners 2009–2025, with honourable mentions in some years. */
export function demoBooks() {
	const rows: Array<{ year: number; title: string; author: string; honourable_mention: boolean }> = []
	BOOK_TITLES.forEach(([title, author], i) => {
		const year = 2009 + i
		rows.push({ year, title: title ?? '', author: author ?? '', honourable_mention: false })
		if (i % 3 === 1) {
			const [mTitle, mAuthor] = MENTION_TITLES[(i / 3) | 0] ?? ['Kumdan Saatler', 'Berna Ulus']
			rows.push({ year, title: mTitle ?? '', author: mAuthor ?? '', honourable_mention: true })
		}
	})
	return rows
}

/** Juries and announcements of the latest literature award years (the other years have books only). */
export const DEMO_LITERATURE_YEARS: Record<number, { jury: Array<string>; announcement: string }> = {
	2025: {
		jury: [
			'Prof. Dr. Sevim Aktan – Edebiyat tarihçisi (seçici kurul başkanı)',
			'Nermin Bayraktar – Yazar',
			'Doç. Dr. Kerem Alpay – Eleştirmen',
			'Elif Tunç – Okulumuzun Türk Dili ve Edebiyatı öğretmeni',
			'Zeynep Ardıç – Çevirmen, derneğimiz adına seçici kurul üyesi',
		],
		announcement:
			'17. NDS Edebiyat Ödülü, seçici kurulumuzun oy birliğiyle Hande Sever’in Işığın Ardından adlı romanına verildi. Seçici kurul, Pelin Ekşi’nin Gece Treni adlı öykü kitabını da mansiyona değer gördü.\n\nÖdüller, nisan ayında okulumuzda düzenlenen törenle sahiplerine verildi. Katılan ve emeği geçen herkese teşekkür ederiz.',
	},
	2024: {
		jury: [
			'Prof. Dr. Sevim Aktan – Edebiyat tarihçisi (seçici kurul başkanı)',
			'Nermin Bayraktar – Yazar',
			'Hakan Durmaz – Yayıncı',
			'Elif Tunç – Okulumuzun Türk Dili ve Edebiyatı öğretmeni',
			'Ece Korkmaz – Gazeteci, derneğimiz adına seçici kurul üyesi',
		],
		announcement: '16. NDS Edebiyat Ödülü, Tarık Ozan’ın Kayıp Harita adlı romanına verildi. Yazarımızı kutlarız.',
	},
}
