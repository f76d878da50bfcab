import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { MemberPerksTable } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts a member perk (override anything) and returns the stored row. */
export async function createMemberPerk(overrides: Partial<Insertable<MemberPerksTable>> = {}) {
	counter++
	const stamp = overrides.created_at ?? '2026-01-01T09:00:00.000Z'
	return db
		.insertInto('member_perks')
		.values({
			business_name: `Firma ${counter}`,
			category: 'Sağlık',
			discount: '%10 indirim',
			created_at: stamp,
			updated_at: stamp,
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
