import { echoValues, failure, firstIssues, type ActionResult } from '#app/features/admin/admin-result.ts'
import {
	type AdminContext,
	type AdminTabServer,
	deleteIntent,
	editId,
	loadOrError,
	formId,
	guarded,
	unknownIntent,
} from '#app/features/admin/admin-tab.server.ts'
import { storeFeaturedMedia, type FeaturedMediaKeys } from '#app/features/admin/featured-media.server.ts'
import { withStoredFiles } from '#app/features/admin/form-media.server.ts'
import { revertIntent, revisionsForEditing, type RevisionList } from '#app/features/admin/revisions.server.ts'
import { formFields } from '#app/features/admin/schema-fields.ts'
import { msg } from '#app/lib/messages.ts'
import { EVENT_FIELDS, EventFormSchema } from './events.schema.ts'
import { eventStatusFilter, matchesEventFilter, type EventStatusFilter } from './events.shared.ts'
import {
	createEvent,
	deleteEvent,
	EVENT_FOLDERS,
	eventImages,
	eventSlugTaken,
	getEventForEditing,
	listEventsForAdmin,
	SlugTakenError,
	updateEvent,
	type EventAdminRow,
	type EventEditing,
} from './events.write.server.ts'

export type EventsAdminData = {
	rows: Array<EventAdminRow>
	editing: EventEditing | null
	/** Spec §8: a failed events list load is shown as an alert. */
	loadError: string | null
	/** The list's status filter (`?durum=`), null for all. */
	filter: EventStatusFilter | null
	/** The edited item's earlier versions ("Sürümler"). */
	revisions: RevisionList | null
}

/** The refusal of a slug another event has, at the slug field. */
const slugTaken = (form: FormData) =>
	failure(409, msg.events.slugTaken, { fieldErrors: { slug: msg.events.slugTaken }, values: echoValues(form) })

async function save(form: FormData, ctx: AdminContext): Promise<ActionResult> {
	const parsed = EventFormSchema.safeParse({ ...formFields(form, EVENT_FIELDS), featured_home: form.get('featured_home') === 'on' })
	if (!parsed.success) {
		const fieldErrors = firstIssues(parsed.error.issues)
		return failure(400, Object.values(fieldErrors)[0] ?? msg.events.titleRequired, { fieldErrors, values: echoValues(form) })
	}
	const input = parsed.data
	const id = formId(form)
	let current: FeaturedMediaKeys = { cover_url: null, hero_bg_url: null }
	if (id !== null) {
		const row = await eventImages(id)
		if (!row) return failure(404, `${msg.events.saveFailed}${msg.validation.notFound}`, { values: echoValues(form) })
		if (await eventSlugTaken(input.slug, id)) return slugTaken(form)
		current = row
	}
	const stored = await storeFeaturedMedia(form, EVENT_FOLDERS, current, ctx, msg.events.saveFailed)
	if (!stored.ok) return stored.result
	const { media } = stored
	return guarded(ctx, msg.events.saveFailed, async () => {
		try {
			const saved = await withStoredFiles([media.cover, media.hero], () =>
				id === null ? createEvent(input, media) : updateEvent(id, input, media),
			)
			return { ok: true, id: saved.id }
		} catch (error) {
			if (!(error instanceof SlugTakenError)) throw error
			return slugTaken(form)
		}
	})
}

/** The list and the event `?edit=` opens. */
async function readEvents(url: URL, filter: EventStatusFilter | null): Promise<Pick<EventsAdminData, 'rows' | 'editing'>> {
	const id = editId(url)
	const rows = (await listEventsForAdmin()).filter((row) => matchesEventFilter(row, filter))
	return { rows, editing: id === null ? null : await getEventForEditing(id) }
}

export const eventsAdmin: AdminTabServer<EventsAdminData> = {
	async load(ctx) {
		const filter = eventStatusFilter(ctx.url.searchParams.get('durum'))
		const { value, loadError } = await loadOrError(ctx, msg.events.loadFailed, () => readEvents(ctx.url, filter), {
			rows: [],
			editing: null,
		})
		const revisions = await revisionsForEditing(ctx, 'events', value.editing?.id)
		return { ...value, loadError, filter, revisions }
	},
	async act(intent, form, ctx): Promise<ActionResult> {
		switch (intent) {
			case 'save':
				return save(form, ctx)
			case 'delete':
				return deleteIntent(form, ctx, msg.events.deleteFailed, deleteEvent)
			case 'revert':
				return revertIntent(ctx, 'events', form)
			default:
				return unknownIntent(intent)
		}
	},
}
