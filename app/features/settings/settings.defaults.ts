import { msg } from '#app/lib/messages.ts'
import { DEFAULT_HOME_SECTIONS } from '#app/features/home/home.schema.ts'
import type { Settings } from './settings.schema.ts'

const NAME = 'Notre Dame de Sion Mezunları Derneği'

/**
 * Defaults, also the first values stored. Values the specification withholds
 * (phone, e-mail, IBAN, external addresses) are examples for the operator to
 * replace: `ornek` (example) domains and an all-zero IBAN.
 */
export const DEFAULT_SETTINGS: Settings = {
	association: {
		name: NAME,
		shortName: 'NDS Mezunları Derneği',
		motto: 'IN SION FIRMATA SUM',
		foundedYear: 1987,
		memberCount: 2325,
		memberCountAsOf: '2025-10',
	},
	contact: {
		addressLines: ['Cumhuriyet Caddesi No: 00, Kat: 3', 'Harbiye, Şişli', '34367 İstanbul'],
		phone: '+90 212 000 00 00',
		email: 'iletisim@ornek-dernek.org.tr',
		mapEmbedUrl:
			'https://www.openstreetmap.org/export/embed.html?bbox=28.9830%2C41.0430%2C28.9930%2C41.0490&layer=mapnik&marker=41.0460%2C28.9880',
		mapLinkUrl: 'https://www.openstreetmap.org/?mlat=41.0460&mlon=28.9880#map=17/41.0460/28.9880',
		officeHours: 'Hafta içi 10.00–17.00',
	},
	bank: {
		accounts: [
			{
				bankName: 'Örnek Bankası',
				branch: 'Harbiye Şubesi (örnek)',
				accountHolder: NAME,
				// An example that cannot be a real account (its check digits do not hold): the admin refuses it until replaced.
				iban: 'TR000000000000000000000000',
			},
		],
	},
	dues: { year: 2025, entryFee: 20, annualDues: 450, serviceCutPercent: 5 },
	links: {
		memberPlatform: 'https://uye.ornek-dernek.org.tr/',
		paymentPage: 'https://odeme.ornek-dernek.org.tr/',
		membershipForm: 'https://uye.ornek-dernek.org.tr/basvuru',
	},
	social: {
		instagram: 'https://www.instagram.com/ornekdernek/',
		youtube: 'https://www.youtube.com/@ornekdernek',
		facebook: 'https://www.facebook.com/ornekdernek',
		communityGroup: 'https://www.facebook.com/groups/ornekdernek',
	},
	homeSections: DEFAULT_HOME_SECTIONS,
	footer: {
		// Spec §1: the association's aims.
		about:
			'Eski ve yeni kuşakları buluşturuyor, okulumuzun ortak kimliğini yaşatıyor; kültürel, sanatsal ve sosyal çalışmalar yürütüyoruz.',
		copyright: `${NAME}. ${msg.layout.allRightsReserved}`,
	},
	notice: { enabled: false, text: '', link: '', until: null },
	ordering: { newAnnouncementsFirst: true },
	security: { requireTwoFactor: false },
}
