import type { Insertable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { ContactMessagesTable } from '#app/lib/db-types.ts'

let counter = 0

/** Inserts a contact form message (unread, in the inbox, sent now unless overridden) and returns the stored row. */
export async function createContactMessage(overrides: Partial<Insertable<ContactMessagesTable>> = {}) {
	counter++
	return db
		.insertInto('contact_messages')
		.values({
			created_at: new Date().toISOString(),
			name: `Gönderen ${counter}`,
			email: `gonderen${counter}@example.org`,
			subject: `Konu ${counter}`,
			message: `Merhaba, bu ${counter}. deneme mesajıdır.`,
			...overrides,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}
