import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { AwardsTable } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts an award honouree (override anything) and returns the stored row. */
export async function createAward(overrides: Partial<Insertable<AwardsTable>> = {}) {
	counter++
	return db
		.insertInto('awards')
		.values({
			first_name: `Ad${counter}`,
			last_name: `Soyad${counter}`,
			nds_year: 1980,
			profession: 'Mimar',
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
