export type MenuLink = { label: string; to: string }
export type MenuSection = MenuLink & { children?: Array<MenuLink> }

/** Spec §2 "Navigation menu", in its order. */
export const MENU: Array<MenuSection> = [
	{ label: 'Ana Sayfa', to: '/' },
	{
		label: 'Kurumsal',
		to: '/kurumsal/hakkimizda',
		children: [
			{ label: 'Hakkımızda', to: '/kurumsal/hakkimizda' },
			{ label: 'Tarihçe', to: '/kurumsal/tarihce' },
			{ label: 'Yönetim Kurulu', to: '/kurumsal/yonetim-kurulu' },
			{ label: 'Dernek Tüzüğü', to: '/kurumsal/dernek-tuzugu' },
			{ label: 'KVKK Aydınlatma Metni', to: '/kurumsal/kvkk' },
			{ label: 'NDS Ailesi', to: '/kurumsal/nds-ailesi' },
			{ label: 'NDS Edebiyat Ödülü', to: '/kurumsal/nds-edebiyat-odulu' },
		],
	},
	{
		label: 'Duyurular',
		to: '/duyurular',
		children: [
			{ label: 'Duyurular', to: '/duyurular' },
			{ label: 'Etkinlikler', to: '/duyurular/etkinlikler' },
			{ label: 'Takvim', to: '/duyurular/takvim' },
			{ label: 'Bülten Arşivi', to: '/duyurular/bulten-arsivi' },
		],
	},
	{
		label: 'Mezunlarımız',
		to: '/mezunlarimiz/mezunlardan-haberler',
		children: [
			{ label: 'Başarı ve Onur Ödülleri', to: '/mezunlarimiz/basari-onur-odulleri' },
			{ label: 'Mezunlardan Haberler', to: '/mezunlarimiz/mezunlardan-haberler' },
		],
	},
	{
		label: 'Üyelik',
		to: '/uyelik/neden-uye-olmaliyiz',
		children: [
			{ label: 'Nasıl Üye Olunur', to: '/uyelik/nasil-uye-olunur' },
			{ label: 'Neden Üye Olmalıyız', to: '/uyelik/neden-uye-olmaliyiz' },
			{ label: 'Üyelik Aidatı', to: '/uyelik/uyelik-aidati' },
			{ label: 'Üyelere Avantajlar', to: '/uyelik/uyelere-avantajlar' },
		],
	},
	{
		label: 'Aidat',
		to: '/aidat',
		children: [{ label: 'Aidat Ödeme', to: '/aidat' }],
	},
	{
		label: 'İletişim',
		to: '/iletisim/iletisim-adresleri',
		children: [
			{ label: 'Sosyal Medya', to: '/iletisim/nds-sosyal-medya' },
			{ label: 'İletişim Adresleri', to: '/iletisim/iletisim-adresleri' },
		],
	},
]

/** Spec §2 "Layout": footer links. */
export const FOOTER_LINKS: Array<MenuLink> = [
	{ label: 'Hakkımızda', to: '/kurumsal/hakkimizda' },
	{ label: 'Üyelik', to: '/uyelik/neden-uye-olmaliyiz' },
	{ label: 'Aidat', to: '/aidat' },
	{ label: 'Duyurular', to: '/duyurular' },
	{ label: 'İletişim', to: '/iletisim/iletisim-adresleri' },
]
