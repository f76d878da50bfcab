/** Accounts the end-to-end server creates before it starts (see server.ts). */
export const E2E_ADMIN = { email: 'e2e-yonetici@example.org', password: 'Kurul-Toplantisi-1987', fullName: 'Test Yöneticisi' }
export const E2E_MEMBER = { email: 'e2e-uye@example.org', password: 'Mayis-Bulusmasi-2026', fullName: 'Test Üyesi' }
