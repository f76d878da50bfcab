import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	editId,
	formId,
	guarded,
	unknownIntent,
	orderIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { storeFeaturedMedia, type FeaturedMediaKeys } from '#app/features/admin/featured-media.server.ts'
import { withStoredFiles } from '#app/features/admin/form-media.server.ts'
import { revertIntent, revisionsForEditing, type RevisionList } from '#app/features/admin/revisions.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { getSettings } from '#app/features/settings/settings.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { msg } from '#app/lib/messages.ts'
import { postedDirection, postedIds } from '#app/lib/ordering.ts'
import { istanbulToday } from '#app/lib/tr.ts'
import { ANNOUNCEMENT_FIELDS, AnnouncementFormSchema } from './announcements.schema.ts'
import { announcementStatusFilter, matchesAnnouncementFilter, type AnnouncementStatusFilter } from './announcements.shared.ts'
import {
	ANNOUNCEMENT_FOLDERS,
	announcementImages,
	deleteAnnouncement,
	getAnnouncementForEditing,
	listAnnouncementsForAdmin,
	moveAnnouncement,
	reorderAnnouncements,
	saveAnnouncement,
	type AnnouncementAdminRow,
	type AnnouncementEditing,
} from './announcements.write.server.ts'

export type AnnouncementsAdminData = {
	rows: Array<AnnouncementAdminRow>
	editing: AnnouncementEditing | null
	/** Spec §4: a new announcement defaults to today's date (Istanbul). */
	today: string
	/** The list's status filter (`?durum=`), null for all; a filtered list cannot be reordered. */
	filter: AnnouncementStatusFilter | null
	/** The edited item's earlier versions ("Sürümler"). */
	revisions: RevisionList | null
}

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	if (!ctx.user?.id) return failure(401, msg.auth.noSession)
	const parsed = AnnouncementFormSchema.safeParse({
		...formFields(form, ANNOUNCEMENT_FIELDS),
		featured_home: form.get('featured_home') === 'on',
	})
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		return failure(400, Object.values(fieldErrors)[0] ?? msg.announcements.titleRequired, { fieldErrors, values: echoValues(form) })
	}
	const id = formId(form)
	let current: FeaturedMediaKeys = { cover_url: null, hero_bg_url: null }
	if (id !== null) {
		const row = await announcementImages(id)
		if (!row) return failure(404, `${msg.announcements.saveFailed}${msg.validation.notFound}`, { values: echoValues(form) })
		current = row
	}
	// A refused upload reads like the other sections' (no technical prefix, whatever spec §8 showed).
	const stored = await storeFeaturedMedia(form, ANNOUNCEMENT_FOLDERS, current, ctx, msg.announcements.saveFailed)
	if (!stored.ok) return stored.result
	const { media } = stored
	return guarded(ctx, msg.announcements.saveFailed, async () => {
		const savedId = await withStoredFiles([media.cover, media.hero], async () =>
			saveAnnouncement(id, parsed.data, media, ctx.user.id, { newAtEnd: !(await getSettings()).ordering.newAnnouncementsFirst }),
		)
		return { ok: true, id: savedId }
	})
}

function reorder(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const ids = postedIds(form)
	return orderIntent(ctx, ids && (() => reorderAnnouncements(ids)))
}

function move(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const id = formId(form)
	const direction = postedDirection(form)
	return orderIntent(ctx, id !== null && direction ? () => moveAnnouncement(id, direction) : null)
}

export const announcementsAdmin: AdminTabServer<AnnouncementsAdminData> = {
	async load({ url, requestId }) {
		let rows: Array<AnnouncementAdminRow> = []
		let editing: AnnouncementEditing | null = null
		const today = istanbulToday()
		const filter = announcementStatusFilter(url.searchParams.get('durum'))
		try {
			rows = (await listAnnouncementsForAdmin()).filter((row) => matchesAnnouncementFilter(row, filter))
			const id = editId(url)
			if (id !== null) editing = await getAnnouncementForEditing(id, today)
		} catch (error) {
			// Spec §8: a failed announcements list load is only logged.
			logger.error({ err: error, requestId }, 'admin announcements list failed')
		}
		const revisions = await revisionsForEditing({ requestId }, 'announcements', editing?.id)
		return { rows, editing, today, filter, revisions }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save':
				return save(form, ctx)
			case 'reorder':
				return reorder(form, ctx)
			case 'move':
				return move(form, ctx)
			case 'delete':
				return deleteIntent(form, ctx, msg.announcements.deleteFailed, deleteAnnouncement)
			case 'revert':
				return revertIntent(ctx, 'announcements', form)
			default:
				return unknownIntent(intent)
		}
	},
}
