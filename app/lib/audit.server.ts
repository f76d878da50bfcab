import { AsyncLocalStorage } from 'node:async_hooks'
import type { Kysely, Transaction } from 'kysely'
import { db as processDb } from './db.server.ts'
import type { AuditKind, Database } from './db-types.ts'

/**
 * The audit log ("Kayıtlar"): who did what, when, from where. Entries are
 * only ever added here; nothing in the admin edits or deletes one (old
 * entries are pruned after the configured period, see audit-prune). Write
 * an entry in the same transaction as the change it describes, so a change
 * that rolls back leaves no entry and a committed one always has its entry.
 */
export type AuditActor = { userId: string | null; email: string | null; ip: string | null; userAgent: string | null }

const actorStore = new AsyncLocalStorage<AuditActor>()

/** Runs `body` with `actor` as the author of every audit entry written inside it (set by the admin guard per request). */
export function withAuditActor<T>(actor: AuditActor, body: () => T): T {
	return actorStore.run(actor, body)
}

/** The author of the current request, or an unnamed one (CLI, startup). */
export function currentAuditActor(): AuditActor {
	return actorStore.getStore() ?? { userId: null, email: null, ip: null, userAgent: null }
}

export type AuditEntry = {
	kind: AuditKind
	/** What happened, as a short English code (`sign-in`, `sign-in-failed`, `create`, `update`, `delete`, `restore`, `role-change`, …); the admin shows it in Turkish. */
	action: string
	/** Which kind of item (`announcements`, `settings:contact`, `users`, …) and which one. */
	itemKind?: string | null
	itemId?: string | number | null
	itemTitle?: string | null
	/** A short before/after summary in Turkish ("Başlık: „A” → „B”"). */
	summary?: string
	/** Overrides the request's actor (sign-in, where nobody is signed in yet). */
	actor?: Partial<AuditActor>
}

const MAX_TEXT = 2000

function clip(value: string | null | undefined, max = MAX_TEXT) {
	if (value == null) return null
	return value.length > max ? `${value.slice(0, max - 1)}…` : value
}

/** Adds one entry; pass the write's transaction so the entry commits (or rolls back) with it. */
export async function recordAudit(entry: AuditEntry, executor: Kysely<Database> | Transaction<Database> = processDb) {
	const actor = { ...currentAuditActor(), ...entry.actor }
	await executor
		.insertInto('audit_log')
		.values({
			user_id: actor.userId,
			user_email: actor.email,
			kind: entry.kind,
			action: entry.action,
			item_kind: entry.itemKind ?? null,
			item_id: entry.itemId == null ? null : String(entry.itemId),
			item_title: clip(entry.itemTitle, 300),
			summary: clip(entry.summary ?? '') ?? '',
			ip_address: clip(actor.ip, 100),
			user_agent: clip(actor.userAgent, 300),
		})
		.execute()
}
