import type { UserRole } from '../../app/lib/db-types.ts'

/** Accounts the end-to-end server creates before it starts (see server.ts). */
export const E2E_ADMIN = { email: 'e2e-yonetici@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Test Yöneticisi' }
export const E2E_MEMBER = { email: 'e2e-uye@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Test Üyesi' }
/** An editör: content sections only. */
export const E2E_EDITOR = { email: 'e2e-editor@example.org', password: 'Bahar-Senligi-Afisi-1994', fullName: 'Test Editörü' }

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
]
