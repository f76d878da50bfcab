import { failure, type ActionResult } from '#app/features/admin/admin-result.ts'
import { guarded, loadOrError, unknownIntent, type AdminContext, type AdminTabServer } from '#app/features/admin/admin-tab.server.ts'
import { sectionHref } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { endOtherSessions, endOwnSession, listOwnSessions, sessionIdOf, sessionTokenOf, type OwnSession } from './sessions.server.ts'

export const SESSIONS_SECTION = 'oturumlar'

export type SessionsAdminData = {
	sessions: Array<OwnSession>
	loadError: string | null
	/** After a post/redirect/get: one session was ended (`?kapatildi=1`), or all others, how many (`?digerleri=<n>`). */
	ended: { kind: 'one' } | { kind: 'others'; count: number } | null
}

const ENDED_ONE_PARAM = 'kapatildi'
const ENDED_OTHERS_PARAM = 'digerleri'

function endedOf(url: URL): SessionsAdminData['ended'] {
	if (url.searchParams.get(ENDED_ONE_PARAM) === '1') return { kind: 'one' }
	const others = url.searchParams.get(ENDED_OTHERS_PARAM)
	return others && /^\d{1,6}$/.test(others) ? { kind: 'others', count: Number(others) } : null
}

async function endOne(form: FormData, ctx: AdminContext, token: string | null): Promise<ActionResult> {
	const id = sessionIdOf(form.get('id'))
	if (id === null) return failure(400, `${msg.sessions.endFailed}${msg.sessions.notFound}`)
	return guarded(ctx, msg.sessions.endFailed, async () => {
		const ended = await endOwnSession(ctx.user, id, token)
		if (!ended) return failure(404, `${msg.sessions.endFailed}${msg.sessions.notFound}`)
		// Ending this browser's own session signs it out: off to the sign-in page.
		if (ended.wasCurrent) return { ok: true, location: '/giris' }
		return { ok: true, location: sectionHref(SESSIONS_SECTION, { [ENDED_ONE_PARAM]: 1 }) }
	})
}

async function endOthers(ctx: AdminContext, token: string | null): Promise<ActionResult> {
	if (token === null) return failure(400, `${msg.sessions.endFailed}${msg.sessions.noCurrent}`)
	return guarded(ctx, msg.sessions.endFailed, async () => {
		const ended = await endOtherSessions(ctx.user, token)
		return { ok: true, location: sectionHref(SESSIONS_SECTION, { [ENDED_OTHERS_PARAM]: ended }) }
	})
}

/**
 * Admin "Oturumlar" for one request: its session cookie says which of the
 * account's sessions is this one (marked "Bu oturum"; "Diğer tüm oturumları
 * kapat" keeps it).
 */
export function sessionsAdminFor(request: Request): AdminTabServer<SessionsAdminData> {
	const token = sessionTokenOf(request.headers.get('cookie'))
	return {
		async load(ctx) {
			const { value, loadError } = await loadOrError(ctx, msg.sessions.loadFailed, () => listOwnSessions(ctx.user.id, token), [])
			return { sessions: value, loadError, ended: endedOf(ctx.url) }
		},
		act(intent, form, ctx) {
			switch (intent) {
				case 'end':
					return endOne(form, ctx, token)
				case 'end-others':
					return endOthers(ctx, token)
				default:
					return Promise.resolve(unknownIntent(intent))
			}
		},
	}
}
