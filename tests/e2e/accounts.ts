import type { UserRole } from '../../app/lib/db-types.ts'

/** Accounts the end-to-end server creates before it starts (see server.ts). */
export const E2E_ADMIN = { email: 'e2e-yonetici@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Test Yöneticisi' }
export const E2E_MEMBER = { email: 'e2e-uye@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Test Üyesi' }
/** An editör: content sections only. */
export const E2E_EDITOR = { email: 'e2e-editor@example.org', password: 'Bahar-Senligi-Afisi-1994', fullName: 'Test Editörü' }

/** Oturumlar journey (accounts-sessions): its sessions are ended and signed out; an editör, who may use Oturumlar too. */
export const E2E_SESSIONS = { email: 'e2e-oturumlar@example.org', password: 'Oturumlari-Kapat-Mayis-2026', fullName: 'Test Oturumları' }
/** Kayıtlar journey (accounts-audit): signs in twice and ends its other session, then finds that in the log. */
export const E2E_AUDITOR = { email: 'e2e-kayitlar@example.org', password: 'Denetim-Defteri-Kasim-1987', fullName: 'Test Denetçisi' }

/** İki adımlı doğrulama journey (accounts-2fa): sets two-factor sign-in up and signs in with codes; an editör, who may set it up too. */
export const E2E_TWO_FACTOR = { email: 'e2e-iki-adim@example.org', password: 'Iki-Adimli-Giris-Kasim-2026', fullName: 'Test İki Adım' }

/** Şifremi unuttum journeys (accounts-reset): each sets a new password through the e-mailed link. */
export const E2E_RESET = { email: 'e2e-sifre-yenile@example.org', password: 'Unutulan-Sifre-Kasim-2026', fullName: 'Test Şifre Yenileme' }
export const E2E_RESET_NOJS = {
	email: 'e2e-sifre-yenile-nojs@example.org',
	password: 'Unutulan-Sifre-Betiksiz-2026',
	fullName: 'Test Betiksiz Yenileme',
}
/** Hesabım journey (accounts-reset): changes its password while signed in; an editör, who may use Hesabım too. */
export const E2E_ACCOUNT_PAGE = { email: 'e2e-hesabim@example.org', password: 'Hesabim-Sayfasi-Kasim-2026', fullName: 'Test Hesabım' }

/** Kullanıcılar journeys (accounts-invite): a yönetici who invites and manages accounts, and the editör whose role and status it changes. */
export const E2E_USERS_ADMIN = {
	email: 'e2e-kullanici-yonetici@example.org',
	password: 'Papatya-Tarlasi-Kuzguncuk-61',
	fullName: 'Test Kullanıcı Yöneticisi',
}
export const E2E_USERS_TARGET = {
	email: 'e2e-kullanici-hedef@example.org',
	password: 'Salep-Kis-Gecesi-Moda-74',
	fullName: 'Test Hedef Editör',
}

export type E2EAccount = { email: string; password: string; fullName: string; isAdmin: boolean; role?: UserRole }

/**
 * Journeys that change an account (its password, its second factor, its
 * sessions) use one of their own from this list, so journeys running side
 * by side never sign each other out.
 */
export const E2E_ACCOUNTS: Array<E2EAccount> = [
	{ ...E2E_ADMIN, isAdmin: true },
	{ ...E2E_MEMBER, isAdmin: false },
	{ ...E2E_EDITOR, isAdmin: true, role: 'editor' },
	{ ...E2E_USERS_ADMIN, isAdmin: true },
	{ ...E2E_USERS_TARGET, isAdmin: true, role: 'editor' },
	{ ...E2E_RESET, isAdmin: true },
	{ ...E2E_RESET_NOJS, isAdmin: true },
	{ ...E2E_ACCOUNT_PAGE, isAdmin: true, role: 'editor' },
	{ ...E2E_SESSIONS, isAdmin: true, role: 'editor' },
	{ ...E2E_AUDITOR, isAdmin: true },
	{ ...E2E_TWO_FACTOR, isAdmin: true, role: 'editor' },
]
