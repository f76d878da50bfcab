import { sql, type Transaction } from 'kysely'
import { recordAudit } from '#app/lib/audit.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Database, UserRole } from '#app/lib/db-types.ts'
import { nowIso, toBool } from '#app/lib/db-utils.server.ts'
import { msg } from '#app/lib/messages.ts'
import { UserFacingError } from '#app/lib/user-message.server.ts'

/**
 * What a yönetici does to another account in Kullanıcılar: change its role,
 * disable or re-enable it, end its sessions. The last active yönetici can
 * be neither demoted nor disabled, and nobody changes their own account
 * without ticking the confirmation. Each change takes the accounts lock
 * first, so two requests at once (two admins demoting each other) are
 * decided one after the other and at least one yönetici always remains.
 */
export class AccountRefusal extends UserFacingError {
	override name = 'AccountRefusal'
}

/** Who asks, and whether they ticked "this is my own account". */
export type AccountActor = { userId: string; confirmSelf?: boolean }

const ACCOUNTS_LOCK_KEY = 'accounts:lock'

export const ROLE_LABELS: Record<UserRole, string> = { admin: msg.users.roleAdmin, editor: msg.users.roleEditor }

/**
 * Takes the accounts lock until the transaction ends: the upsert locks its
 * row on PostgreSQL (a second request waits here, then reads what the first
 * committed); on SQLite `begin immediate` already makes writers take turns.
 */
async function lockAccounts(trx: Transaction<Database>) {
	await trx
		.insertInto('app_meta')
		.values({ key: ACCOUNTS_LOCK_KEY, value: '1' })
		.onConflict((oc) => oc.column('key').doUpdateSet({ value: sql<string>`excluded.value` }))
		.execute()
}

async function readAccount(trx: Transaction<Database>, userId: string) {
	const row = await trx
		.selectFrom('users')
		.select(['id', 'email', 'role', 'is_admin', 'disabled_at'])
		.where('id', '=', userId)
		.executeTakeFirst()
	if (!row || !toBool(row.is_admin)) throw new AccountRefusal(msg.users.noSuchAccount)
	return {
		id: row.id,
		email: row.email,
		role: (row.role === 'editor' ? 'editor' : 'admin') as UserRole,
		disabled: Boolean(row.disabled_at),
	}
}

/** Active yönetici accounts other than `userId`, read after the lock. */
async function otherActiveAdmins(trx: Transaction<Database>, userId: string) {
	const row = await trx
		.selectFrom('users')
		.select((eb) => eb.fn.countAll<number | string>().as('n'))
		.where('is_admin', '=', true)
		.where('role', '=', 'admin')
		.where('disabled_at', 'is', null)
		.where('id', '<>', userId)
		.executeTakeFirst()
	return Number(row?.n ?? 0)
}

function requireSelfConfirmation(actor: AccountActor, userId: string) {
	if (actor.userId === userId && !actor.confirmSelf) throw new AccountRefusal(msg.users.confirmSelfRequired)
}

export type AccountChange = { email: string; changed: boolean }

/** Yönetici ↔ Editör. Demoting the last active yönetici is refused. */
export async function changeRole(userId: string, role: UserRole, actor: AccountActor): Promise<AccountChange> {
	return db.transaction().execute(async (trx) => {
		await lockAccounts(trx)
		const account = await readAccount(trx, userId)
		if (account.role === role) return { email: account.email, changed: false }
		requireSelfConfirmation(actor, userId)
		if (account.role === 'admin' && !account.disabled && (await otherActiveAdmins(trx, userId)) === 0)
			throw new AccountRefusal(msg.users.lastAdmin)
		await trx.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', userId).execute()
		await recordAudit(
			{
				kind: 'account',
				action: 'role-change',
				itemKind: 'users',
				itemId: userId,
				itemTitle: account.email,
				summary: `${ROLE_LABELS[account.role]} → ${ROLE_LABELS[role]}`,
			},
			trx,
		)
		return { email: account.email, changed: true }
	})
}

/** Disables the account and ends all its sessions at once. Disabling the last active yönetici is refused. */
export async function disableAccount(userId: string, actor: AccountActor, now: Date = new Date()): Promise<AccountChange> {
	return db.transaction().execute(async (trx) => {
		await lockAccounts(trx)
		const account = await readAccount(trx, userId)
		if (account.disabled) return { email: account.email, changed: false }
		requireSelfConfirmation(actor, userId)
		if (account.role === 'admin' && (await otherActiveAdmins(trx, userId)) === 0) throw new AccountRefusal(msg.users.lastAdmin)
		await trx.updateTable('users').set({ disabled_at: now.toISOString(), updated_at: nowIso() }).where('id', '=', userId).execute()
		const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
		const count = Number(ended.numDeletedRows)
		await recordAudit(
			{
				kind: 'account',
				action: 'disable',
				itemKind: 'users',
				itemId: userId,
				itemTitle: account.email,
				summary: count > 0 ? `${count} oturum kapatıldı` : '',
			},
			trx,
		)
		return { email: account.email, changed: true }
	})
}

export async function enableAccount(userId: string): Promise<AccountChange> {
	return db.transaction().execute(async (trx) => {
		await lockAccounts(trx)
		const account = await readAccount(trx, userId)
		if (!account.disabled) return { email: account.email, changed: false }
		await trx.updateTable('users').set({ disabled_at: null, updated_at: nowIso() }).where('id', '=', userId).execute()
		await recordAudit({ kind: 'account', action: 'enable', itemKind: 'users', itemId: userId, itemTitle: account.email }, trx)
		return { email: account.email, changed: true }
	})
}

/** Ends every session of another account ("Oturumlarını kapat"); one's own are ended by signing out or in Oturumlar. */
export async function endAccountSessions(userId: string, actor: AccountActor): Promise<{ email: string; count: number }> {
	if (actor.userId === userId) throw new AccountRefusal(msg.users.ownSessions)
	return db.transaction().execute(async (trx) => {
		const account = await readAccount(trx, userId)
		const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst()
		const count = Number(ended.numDeletedRows)
		await recordAudit(
			{
				kind: 'account',
				action: 'sessions-ended',
				itemKind: 'users',
				itemId: userId,
				itemTitle: account.email,
				summary: `${count} oturum kapatıldı`,
			},
			trx,
		)
		return { email: account.email, count }
	})
}
