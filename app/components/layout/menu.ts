import { msg } from '#app/lib/messages.ts'

export type MenuLink = { label: string; to: string }
export type MenuSection = MenuLink & { children?: Array<MenuLink> }

/** Spec §2 "Navigation menu", in its order. */
export const MENU: Array<MenuSection> = [
	{ label: msg.nav.home, to: '/' },
	{
		label: msg.nav.corporate,
		to: '/kurumsal/hakkimizda',
		children: [
			{ label: msg.nav.about, to: '/kurumsal/hakkimizda' },
			{ label: msg.nav.history, to: '/kurumsal/tarihce' },
			{ label: msg.nav.board, to: '/kurumsal/yonetim-kurulu' },
			{ label: msg.nav.bylaws, to: '/kurumsal/dernek-tuzugu' },
			{ label: msg.nav.kvkk, to: '/kurumsal/kvkk' },
			{ label: msg.nav.schoolFamily, to: '/kurumsal/nds-ailesi' },
			{ label: msg.nav.literatureAward, to: '/kurumsal/nds-edebiyat-odulu' },
		],
	},
	{
		label: msg.nav.announcements,
		to: '/duyurular',
		children: [
			{ label: msg.nav.announcements, to: '/duyurular' },
			{ label: msg.nav.events, to: '/duyurular/etkinlikler' },
			{ label: msg.nav.calendar, to: '/duyurular/takvim' },
			{ label: msg.nav.bulletins, to: '/duyurular/bulten-arsivi' },
		],
	},
	{
		label: msg.nav.alumni,
		to: '/mezunlarimiz/mezunlardan-haberler',
		children: [
			{ label: msg.nav.awards, to: '/mezunlarimiz/basari-onur-odulleri' },
			{ label: msg.nav.alumniNews, to: '/mezunlarimiz/mezunlardan-haberler' },
		],
	},
	{
		label: msg.nav.membership,
		to: '/uyelik/neden-uye-olmaliyiz',
		children: [
			{ label: msg.nav.howToJoin, to: '/uyelik/nasil-uye-olunur' },
			{ label: msg.nav.whyJoin, to: '/uyelik/neden-uye-olmaliyiz' },
			{ label: msg.nav.membershipDues, to: '/uyelik/uyelik-aidati' },
			{ label: msg.nav.perks, to: '/uyelik/uyelere-avantajlar' },
		],
	},
	{
		label: msg.nav.dues,
		to: '/aidat',
		children: [{ label: msg.nav.duesPayment, to: '/aidat' }],
	},
	{
		label: msg.nav.contact,
		to: '/iletisim/iletisim-adresleri',
		children: [
			{ label: msg.nav.socialMedia, to: '/iletisim/nds-sosyal-medya' },
			{ label: msg.nav.contactAddresses, to: '/iletisim/iletisim-adresleri' },
		],
	},
]

/** Spec §2 "Layout": footer links. */
export const FOOTER_LINKS: Array<MenuLink> = [
	{ label: msg.nav.about, to: '/kurumsal/hakkimizda' },
	{ label: msg.nav.membership, to: '/uyelik/neden-uye-olmaliyiz' },
	{ label: msg.nav.dues, to: '/aidat' },
	{ label: msg.nav.announcements, to: '/duyurular' },
	{ label: msg.nav.contact, to: '/iletisim/iletisim-adresleri' },
]
