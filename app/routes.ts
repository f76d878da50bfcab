import { index, prefix, route, type RouteConfig } from '@react-router/dev/routes'
import { ADMIN_SECTIONS } from './features/admin/sections.ts'

/**
 * The route table of spec §2, Turkish URLs onto English modules. Route ids
 * keep the spec's route names where it gives them (hakkimizda, duyurular,
 * duyuruDetay, etkinlikdinamik, login). Paths whose spec says "empty path
 * redirects" use the redirect module, which answers with a real HTTP redirect.
 */
export default [
	index('routes/public/home.tsx', { id: 'home' }),
	route('gizlilik-sozlesmesi', 'routes/public/pages/privacy.tsx', { id: 'gizlilik' }),
	route('iptal-iade-sartlari', 'routes/public/pages/refund.tsx', { id: 'iptalIade' }),
	route('arama', 'routes/public/search.tsx', { id: 'arama' }),

	...prefix('kurumsal', [
		index('routes/resources/redirect.ts', { id: 'kurumsal' }),
		route('hakkimizda', 'routes/public/pages/about.tsx', { id: 'hakkimizda' }),
		route('tarihce', 'routes/public/pages/history.tsx', { id: 'tarihce' }),
		route('yonetim-kurulu', 'routes/public/pages/board.tsx', { id: 'yonetimKurulu' }),
		route('dernek-tuzugu', 'routes/public/pages/bylaws.tsx', { id: 'dernekTuzugu' }),
		route('kvkk', 'routes/public/pages/kvkk.tsx', { id: 'kvkk' }),
		route('kvkk.pdf', 'routes/resources/kvkk-pdf.ts', { id: 'kvkkPdf' }),
		route('nds-ailesi', 'routes/public/pages/school-family.tsx', { id: 'ndsAilesi' }),
		route('nds-edebiyat-odulu', 'routes/public/pages/literature-award.tsx', { id: 'ndsEdebiyatOdulu' }),
		route('baskanin-mesaji', 'routes/public/pages/president-message.tsx', { id: 'baskaninMesaji' }),
	]),

	...prefix('duyurular', [
		index('routes/public/announcements.tsx', { id: 'duyurular' }),
		route('etkinlikler', 'routes/public/events.tsx', { id: 'etkinlikler' }),
		route('etkinlikler/:slug', 'routes/public/event.tsx', { id: 'etkinlikDetay' }),
		route('takvim', 'routes/public/calendar.tsx', { id: 'takvim' }),
		route('bulten-arsivi', 'routes/public/bulletins.tsx', { id: 'bultenArsivi' }),
		// Spec: `:id` (digits) and `:slug` are both announcement detail.
		route(':id', 'routes/public/announcement.tsx', { id: 'duyuruDetay' }),
	]),
	route('etkinlikler/:slug', 'routes/public/event.tsx', { id: 'etkinlikdinamik' }),

	...prefix('mezunlarimiz', [
		index('routes/resources/redirect.ts', { id: 'mezunlarimiz' }),
		route('basari-onur-odulleri', 'routes/public/awards.tsx', { id: 'basariOnurOdulleri' }),
		route('mezunlardan-haberler', 'routes/public/alumni-news.tsx', { id: 'mezunlardanHaberler' }),
		route('mezunlardan-haberler/:slug', 'routes/public/alumni-news-item.tsx', { id: 'mezunHaberDetay' }),
	]),

	...prefix('uyelik', [
		index('routes/resources/redirect.ts', { id: 'uyelik' }),
		route('nasil-uye-olunur', 'routes/public/pages/how-to-join.tsx', { id: 'nasilUyeOlunur' }),
		route('neden-uye-olmaliyiz', 'routes/public/pages/why-join.tsx', { id: 'nedenUyeOlmaliyiz' }),
		route('uyelik-aidati', 'routes/public/pages/membership-dues.tsx', { id: 'uyelikAidati' }),
		route('uyelere-avantajlar', 'routes/public/member-perks.tsx', { id: 'uyelereAvantajlar' }),
	]),

	route('aidat', 'routes/public/pages/dues-payment.tsx', { id: 'aidat' }),
	route('aidat/aidat-odeme', 'routes/resources/redirect.ts', { id: 'aidatOdeme' }),

	...prefix('iletisim', [
		index('routes/resources/redirect.ts', { id: 'iletisim' }),
		route('nds-sosyal-medya', 'routes/public/pages/social-media.tsx', { id: 'ndsSosyalMedya' }),
		route('iletisim-adresleri', 'routes/public/pages/contact.tsx', { id: 'iletisimAdresleri' }),
	]),

	route('giris', 'routes/auth/login.tsx', { id: 'login' }),
	// "Şifremi unuttum": the e-mail form, then the link's page where a new password is chosen (single-use, 30 minutes).
	route('sifremi-unuttum', 'routes/auth/forgot-password.tsx', { id: 'sifremiUnuttum' }),
	route('sifre-yenile', 'routes/auth/reset-password.tsx', { id: 'sifreYenile' }),
	// The second step of a sign-in with two-factor authentication (a code from the app or a recovery code).
	route('giris/dogrulama', 'routes/auth/two-factor.tsx', { id: 'twoFactor' }),
	route('kurulum', 'routes/auth/setup.tsx', { id: 'kurulum' }),
	// An invited person chooses their password here (the link from the invitation e-mail, single-use, 48 hours).
	route('davet', 'routes/auth/invitation.tsx', { id: 'davet' }),
	route('cikis', 'routes/auth/logout.ts', { id: 'logout' }),
	// An unpublished announcement's public page for admins; beside the admin layout (no admin chrome), guarded alike.
	route('admin/onizleme/duyuru/:id', 'routes/admin/preview.tsx', { id: 'adminPreview' }),
	// One nested route per admin section, from the section registry.
	route('admin', 'routes/admin/layout.tsx', { id: 'admin' }, [
		index('routes/admin/index.ts', { id: 'adminIndex' }),
		...ADMIN_SECTIONS.map((section) => route(section.slug, `routes/admin/sections/${section.slug}.tsx`, { id: `admin/${section.slug}` })),
		// The awards list as a CSV download (the Ödüller section links to it).
		route('oduller/disa-aktar', 'routes/admin/awards-export.ts', { id: 'adminAwardsExport' }),
		// The audit log (Kayıtlar, as filtered) as a CSV download, yöneticiler only.
		route('kayitlar/disa-aktar', 'routes/admin/audit-export.ts', { id: 'adminAuditExport' }),
		// Search over every section's list (the top bar's search box).
		route('ara', 'routes/admin/search.tsx', { id: 'adminSearch' }),
		route('*', 'routes/admin/missing.tsx', { id: 'adminMissing' }),
	]),

	// Feeds (RSS, Atom, JSON Feed) beside their lists, and the events calendar (iCalendar): static paths rank above `:id`/`:slug`.
	route('duyurular/rss.xml', 'routes/resources/feed.ts', { id: 'duyurularRss' }),
	route('duyurular/atom.xml', 'routes/resources/feed.ts', { id: 'duyurularAtom' }),
	route('duyurular/feed.json', 'routes/resources/feed.ts', { id: 'duyurularJson' }),
	route('duyurular/etkinlikler/rss.xml', 'routes/resources/feed.ts', { id: 'etkinliklerRss' }),
	route('duyurular/etkinlikler/atom.xml', 'routes/resources/feed.ts', { id: 'etkinliklerAtom' }),
	route('duyurular/etkinlikler/feed.json', 'routes/resources/feed.ts', { id: 'etkinliklerJson' }),
	route('mezunlarimiz/mezunlardan-haberler/rss.xml', 'routes/resources/feed.ts', { id: 'mezunHaberleriRss' }),
	route('mezunlarimiz/mezunlardan-haberler/atom.xml', 'routes/resources/feed.ts', { id: 'mezunHaberleriAtom' }),
	route('mezunlarimiz/mezunlardan-haberler/feed.json', 'routes/resources/feed.ts', { id: 'mezunHaberleriJson' }),
	route('etkinlikler.ics', 'routes/resources/events-calendar.ts', { id: 'etkinlikTakvimi' }),
	route('etkinlikler/:slug/takvim.ics', 'routes/resources/event-calendar.ts', { id: 'etkinlikTakvimDosyasi' }),

	route('robots.txt', 'routes/resources/robots.ts', { id: 'robots' }),
	route('sitemap.xml', 'routes/resources/sitemap.ts', { id: 'sitemap' }),
	route('*', 'routes/resources/redirect-home.ts', { id: 'notFound' }),
] satisfies RouteConfig
