import { failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { guarded, unknownIntent, type AdminContext, type AdminTabServer } from '#app/features/admin/admin-tab.server.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import type { UserRole } from '#app/lib/db-types.ts'
import { msg } from '#app/lib/messages.ts'
import { changeOwnPassword, currentSessionToken } from './password-change.server.ts'

export const ACCOUNT_SECTION = 'hesabim'
const CHANGED_PARAM = 'degisti'

export type AccountAdminData = { fullName: string; email: string; role: UserRole; changed: boolean }

function text(form: FormData, name: string) {
	const value = form.get(name)
	return typeof value === 'string' ? value : ''
}

async function changePassword(form: FormData, ctx: AdminContext, sessionToken: string | null): Promise<ActionResult> {
	return guarded(ctx, msg.account.failed, async () => {
		const result = await changeOwnPassword(ctx.user, {
			current: text(form, 'current'),
			password: text(form, 'password'),
			repeat: text(form, 'password_repeat'),
			sessionToken,
		})
		if (!result.ok) {
			// Passwords are never echoed back.
			return failure(result.status, result.message ?? msg.account.fixFields, { fieldErrors: result.fieldErrors })
		}
		return { ok: true, location: sectionHref(ACCOUNT_SECTION, { [CHANGED_PARAM]: 1 }) }
	})
}

/** Admin "Hesabım" for one request: its session cookie says which session stays open after a password change. */
export function accountAdminFor(request: Request): AdminTabServer<AccountAdminData> {
	const sessionToken = currentSessionToken(request.headers.get('cookie'))
	return {
		load(ctx) {
			const { fullName, email, role } = ctx.user
			return Promise.resolve({ fullName, email, role, changed: ctx.url.searchParams.get(CHANGED_PARAM) === '1' })
		},
		act(intent, form, ctx) {
			if (intent === 'change-password') return changePassword(form, ctx, sessionToken)
			return Promise.resolve(unknownIntent(intent))
		},
	}
}
