import type { Kysely, Transaction } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { Database } from '#app/lib/db-types.ts'
import { removeImage } from '#app/lib/images.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { parseKeySize } from '#app/lib/media.ts'
import { getStorage } from '#app/lib/storage.server.ts'

type Executor = Kysely<Database> | Transaction<Database>

/** How long a replaced or deleted file stays, for backups in progress and pages already open. */
export const DELETION_GRACE_MS = 24 * 60 * 60 * 1000

function isStoredKey(value: string | null | undefined): value is string {
	return Boolean(value && !/^(https?:)?\/\//i.test(value) && !value.startsWith('/'))
}

/**
 * Schedules stored files for deletion after the grace period, in the same
 * transaction as the write that stopped using them. Addresses and site
 * paths (not ours) are ignored.
 */
export async function deleteMediaLater(executor: Executor, keys: Array<string | null | undefined>, now = Date.now()) {
	const deleteAfter = new Date(now + DELETION_GRACE_MS).toISOString()
	for (const key of new Set(keys.filter(isStoredKey))) {
		await executor
			.insertInto('pending_deletions')
			.values({ key, delete_after: deleteAfter })
			.onConflict((oc) => oc.column('key').doUpdateSet({ delete_after: deleteAfter }))
			.execute()
	}
}

/** A key in use again (an overwritten alumni-news image name) must not be deleted later. */
export async function keepMedia(executor: Executor, keys: Array<string | null | undefined>) {
	const stored = keys.filter(isStoredKey)
	if (stored.length > 0) await executor.deleteFrom('pending_deletions').where('key', 'in', stored).execute()
}

/** Removes files whose grace period has passed (images with their WebP variants). */
export async function collectDeletedMedia(now = Date.now()) {
	const due = await db
		.selectFrom('pending_deletions')
		.select('key')
		.where('delete_after', '<=', new Date(now).toISOString())
		.limit(500)
		.execute()
	const storage = getStorage()
	let removed = 0
	for (const { key } of due) {
		try {
			if (parseKeySize(key)) await removeImage(key, storage)
			else await storage.remove(key)
			await db.deleteFrom('pending_deletions').where('key', '=', key).execute()
			removed++
		} catch (error) {
			logger.warn({ err: error, key }, 'could not delete a replaced media file; will retry')
		}
	}
	return removed
}

/** Files stored for a save that then failed: removed at once, they were never referenced. */
export async function discardStored(keys: Array<string | null | undefined>) {
	for (const key of keys.filter(isStoredKey)) {
		try {
			if (parseKeySize(key)) await removeImage(key)
			else await getStorage().remove(key)
		} catch {
			// Nothing points at it; a leftover file is harmless.
		}
	}
}
