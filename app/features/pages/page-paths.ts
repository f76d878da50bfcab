/**
 * Where each stored page (`pages.slug`, `content/pages/<slug>.md`) is shown,
 * for search results and links.
 */
export const PAGE_PATHS: Readonly<Record<string, string>> = {
	hakkimizda: '/kurumsal/hakkimizda',
	tarihce: '/kurumsal/tarihce',
	'yonetim-kurulu': '/kurumsal/yonetim-kurulu',
	'dernek-tuzugu': '/kurumsal/dernek-tuzugu',
	kvkk: '/kurumsal/kvkk',
	'nds-ailesi': '/kurumsal/nds-ailesi',
	'nds-edebiyat-odulu': '/kurumsal/nds-edebiyat-odulu',
	'baskanin-mesaji': '/kurumsal/baskanin-mesaji',
	'basari-onur-odulleri': '/mezunlarimiz/basari-onur-odulleri',
	'nasil-uye-olunur': '/uyelik/nasil-uye-olunur',
	'neden-uye-olmaliyiz': '/uyelik/neden-uye-olmaliyiz',
	'uyelik-aidati': '/uyelik/uyelik-aidati',
	aidat: '/aidat',
	'iletisim-adresleri': '/iletisim/iletisim-adresleri',
	'nds-sosyal-medya': '/iletisim/nds-sosyal-medya',
	'gizlilik-sozlesmesi': '/gizlilik-sozlesmesi',
	'iptal-iade-sartlari': '/iptal-iade-sartlari',
}

/** The KVKK notice as a PDF (app/routes/resources/kvkk-pdf.ts), made from the same page. */
export const KVKK_PDF_PATH = '/kurumsal/kvkk.pdf'
export const KVKK_PDF_FILENAME = 'kvkk-aydinlatma-metni.pdf'
