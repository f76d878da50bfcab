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
	{ ...E2E_SESSIONS, isAdmin: true, role: 'editor' },
	{ ...E2E_AUDITOR, isAdmin: true },
]
