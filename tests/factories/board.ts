import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { BoardMembersTable } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts a board member (group `board` unless overridden; override anything) and returns the stored row. */
export async function createBoardMember(overrides: Partial<Insertable<BoardMembersTable>> = {}) {
	counter++
	const stamp = overrides.created_at ?? '2026-01-01T09:00:00.000Z'
	return db
		.insertInto('board_members')
		.values({
			name: `Üye ${counter}`,
			role: 'Üye',
			group: 'board',
			order_index: counter,
			created_at: stamp,
			updated_at: stamp,
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
