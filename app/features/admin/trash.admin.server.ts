import { msg } from '#app/lib/messages.ts'
import { failure, type ActionResult } from './admin-result.ts'
import { type AdminTabServer, formId, guarded, loadOrError, unknownIntent } from './admin-tab.server.ts'
import { sectionHref } from './sections.ts'
import { KIND_PARAM, TRASH_SECTION } from './trash.shared.ts'
import {
	emptyTrash,
	findRestoredItem,
	isTrashKind,
	listTrash,
	purgeTrashEntry,
	restoreFromTrash,
	TRASH_KINDS,
	type TrashKind,
	type TrashListRow,
} from './trash.server.ts'

export type TrashAdminData = {
	rows: Array<TrashListRow>
	loadError: string | null
	kind: TrashKind | null
	kinds: Array<{ value: TrashKind; label: string }>
	/** Only a yönetici may purge or empty the trash. */
	mayPurge: boolean
	/** `?purge=<id>`: the no-JavaScript confirmation of a purge. */
	confirmPurge: TrashListRow | null
	/** `?empty=1`: the no-JavaScript confirmation of emptying the trash. */
	confirmEmpty: boolean
	/** After a restore: what came back and where it is now. */
	restored: { title: string; href: string } | null
	/** After a purge or emptying: what happened. */
	notice: string | null
}

async function restoredFrom(url: URL): Promise<TrashAdminData['restored']> {
	const kind = url.searchParams.get('restoredKind') ?? ''
	const id = url.searchParams.get('restoredId') ?? ''
	if (!isTrashKind(kind) || !/^\d{1,12}$/.test(id)) return null
	return findRestoredItem(kind, Number(id))
}

function noticeFrom(url: URL): string | null {
	if (url.searchParams.get('purged') === '1') return msg.trash.purged
	const emptied = url.searchParams.get('emptied')
	if (emptied && /^\d{1,6}$/.test(emptied)) return msg.trash.emptied(Number(emptied))
	return null
}

/** The Çöp kutusu section: every editor restores, only a yönetici purges (checked here, on the server). */
export const trashAdmin: AdminTabServer<TrashAdminData> = {
	async load(ctx) {
		const param = ctx.url.searchParams.get(KIND_PARAM) ?? ''
		const kind = isTrashKind(param) ? param : null
		const { value: rows, loadError } = await loadOrError(ctx, msg.trash.title + ': ', () => listTrash(kind), [])
		const mayPurge = ctx.user.role === 'admin'
		const purge = ctx.url.searchParams.get('purge') ?? ''
		const purgeId = /^\d{1,12}$/.test(purge) ? Number(purge) : null
		return {
			rows,
			loadError,
			kind,
			kinds: (Object.keys(TRASH_KINDS) as Array<TrashKind>).map((value) => ({ value, label: msg.trash.kinds[value] })),
			mayPurge,
			confirmPurge: mayPurge && purgeId !== null ? (rows.find((row) => row.id === purgeId) ?? null) : null,
			confirmEmpty: mayPurge && ctx.url.searchParams.get('empty') === '1' && rows.length > 0,
			restored: await restoredFrom(ctx.url),
			notice: noticeFrom(ctx.url),
		}
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'restore': {
				const id = formId(form)
				if (id === null) return failure(400, `${msg.trash.restoreFailed}${msg.admin.invalidRecord}`)
				return guarded(ctx, msg.trash.restoreFailed, async () => {
					const item = await restoreFromTrash(id)
					const location = sectionHref(TRASH_SECTION, { restoredKind: item.kind, restoredId: item.id })
					return { ok: true, id: item.id, message: msg.trash.restored(item.title), location }
				})
			}
			case 'purge': {
				if (ctx.user.role !== 'admin') return failure(403, msg.trash.adminOnly)
				const id = formId(form)
				if (id === null) return failure(400, `${msg.trash.purgeFailed}${msg.admin.invalidRecord}`)
				return guarded(ctx, msg.trash.purgeFailed, async () => {
					await purgeTrashEntry(id)
					return { ok: true, message: msg.trash.purged, location: sectionHref(TRASH_SECTION, { purged: 1 }) }
				})
			}
			case 'empty': {
				if (ctx.user.role !== 'admin') return failure(403, msg.trash.adminOnly)
				return guarded(ctx, msg.trash.purgeFailed, async () => {
					const count = await emptyTrash()
					return { ok: true, message: msg.trash.emptied(count), location: sectionHref(TRASH_SECTION, { emptied: count }) }
				})
			}
			default:
				return unknownIntent(intent)
		}
	},
}
