import {
	closestCenter,
	DndContext,
	KeyboardSensor,
	PointerSensor,
	useSensor,
	useSensors,
	type Announcements,
	type DragEndEvent,
	type UniqueIdentifier,
} from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react'
import { useNavigate, useRevalidator, useSearchParams } from 'react-router'
import {
	AdminForm,
	AdminPanel,
	DeleteConfirmPanel,
	FormActions,
	RowActions,
	tabAction,
	tabHref,
	useDeleteRow,
} from '#app/components/admin/crud.tsx'
import { Dialog } from '#app/components/admin/dialog.tsx'
import { CoverAndHeroPickers, FeaturedFields } from '#app/components/admin/featured-media-fields.tsx'
import { FormAlert, SelectInput, TextArea, TextInput } from '#app/components/admin/fields.tsx'
import { RichText } from '#app/components/admin/rich-text.tsx'
import { postAdminForm } from '#app/components/admin/submit.ts'
import type { ActionFailure } from '#app/features/admin/admin-result.ts'
import { useAdminSearch } from '#app/features/admin/admin-tabs.ts'
import { msg } from '#app/lib/messages.ts'
import { formatDate, includesTr } from '#app/lib/tr.ts'
import type { AnnouncementAdminRow, AnnouncementsAdminData } from '../announcements.admin.server.ts'

const TAB = 'announcements'

const STATUS_OPTIONS = [
	{ value: 'draft', label: msg.announcements.draft },
	{ value: 'published', label: msg.announcements.published },
]

const DRAG_INSTRUCTIONS =
	'Sırayı değiştirmek için boşluk tuşuna basın. Ok tuşlarıyla yukarı ya da aşağı taşıyın; bırakmak için yeniden boşluk, vazgeçmek için Escape tuşuna basın.'

/** False on the server and while hydrating, true in the browser afterwards. */
function useEnhanced() {
	return useSyncExternalStore(
		() => () => {},
		() => true,
		() => false,
	)
}

function GripIcon() {
	return (
		<svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
			<circle cx="9" cy="6" r="1.6" />
			<circle cx="15" cy="6" r="1.6" />
			<circle cx="9" cy="12" r="1.6" />
			<circle cx="15" cy="12" r="1.6" />
			<circle cx="9" cy="18" r="1.6" />
			<circle cx="15" cy="18" r="1.6" />
		</svg>
	)
}

/** The rows in the given order of ids; rows the order does not know (added meanwhile) keep their place at the end. */
function inOrder(rows: Array<AnnouncementAdminRow>, order: Array<number> | null) {
	if (!order) return rows
	const position = new Map(order.map((id, i) => [id, i]))
	return rows.toSorted((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity))
}

export function AnnouncementsAdmin({ data, failure }: { data: AnnouncementsAdminData; failure?: ActionFailure | null }) {
	const [params] = useSearchParams()
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const query = useAdminSearch()
	const enhanced = useEnhanced()
	const { hidden, failure: deleteFailure, remove } = useDeleteRow(TAB)
	// Spec §4: the list re-sorts at once on drop; the server's order comes back with the next load.
	const [order, setOrder] = useState<Array<number> | null>(null)
	const [orderFailure, setOrderFailure] = useState<ActionFailure | null>(null)
	const [savingOrder, setSavingOrder] = useState(false)
	const saving = useRef(false)
	const sensors = useSensors(
		useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
		useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
	)

	const creating = params.get('new') === '1'
	const editing = data.editing
	const confirmId = Number(params.get('delete'))
	const confirming = data.rows.find((row) => row.id === confirmId)
	const ordered = inOrder(data.rows, order)
	const shownRows = ordered.filter(
		(row) =>
			!hidden.has(row.id) &&
			(!query ||
				includesTr(
					`${row.title} ${row.date ? formatDate(row.date) : ''} ${row.status === 'published' ? msg.announcements.published : msg.announcements.draft}`,
					query,
				)),
	)
	const close = () => navigate(tabHref(TAB), { replace: true, preventScrollReset: true })
	const values = failure?.values
	const titleOf = (id: UniqueIdentifier) => ordered.find((row) => row.id === id)?.title ?? ''
	const positionOf = (id: UniqueIdentifier) => shownRows.findIndex((row) => row.id === id) + 1

	/** Sends every id in the new order; on refusal the table goes back to the server's order with the spec's alert. */
	const saveOrder = async (next: Array<number>) => {
		if (saving.current) return
		saving.current = true
		setSavingOrder(true)
		setOrder(next)
		setOrderFailure(null)
		const form = new FormData()
		form.set('intent', 'reorder')
		for (const id of next) form.append('ids', String(id))
		const result = await postAdminForm(TAB, form)
		if (result.ok) await revalidator.revalidate()
		else setOrderFailure({ ok: false, status: result.status, message: msg.announcements.reorderFailed })
		setOrder(null)
		saving.current = false
		setSavingOrder(false)
	}

	const moveTo = (id: number, targetId: number) => {
		const ids = ordered.map((row) => row.id)
		const from = ids.indexOf(id)
		const to = ids.indexOf(targetId)
		if (from < 0 || to < 0 || from === to) return
		void saveOrder(arrayMove(ids, from, to))
	}

	const onDragEnd = ({ active, over }: DragEndEvent) => {
		if (over && active.id !== over.id) moveTo(Number(active.id), Number(over.id))
	}

	// A moved row's button keeps the focus (or its twin, when the row reached the top or the bottom).
	const refocus = useRef<{ id: number; direction: string } | null>(null)
	useEffect(() => {
		const wanted = refocus.current
		if (!wanted) return
		const buttons = [...document.querySelectorAll<HTMLButtonElement>(`[data-order-row="${wanted.id}"]`)].filter((b) => !b.disabled)
		const target = buttons.find((button) => button.value === wanted.direction) ?? buttons[0]
		if (target && document.activeElement !== target) target.focus()
		if (!savingOrder) refocus.current = null
	})

	const onMove = (event: FormEvent<HTMLFormElement>, row: AnnouncementAdminRow) => {
		event.preventDefault()
		const direction = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value
		const index = shownRows.findIndex((shown) => shown.id === row.id)
		const neighbour = shownRows[direction === 'up' ? index - 1 : index + 1]
		if (!neighbour || saving.current) return
		refocus.current = { id: row.id, direction: direction ?? 'up' }
		moveTo(row.id, neighbour.id)
	}

	// Screen readers hear where the row is; the first "over" (the row itself) would drown the pick-up message.
	const lastOver = useRef<UniqueIdentifier | null>(null)
	const announcements: Announcements = {
		onDragStart: ({ active }) => {
			lastOver.current = active.id
			return `"${titleOf(active.id)}" tutuldu. Sırası ${positionOf(active.id)} / ${shownRows.length}.`
		},
		onDragOver: ({ active, over }) => {
			if ((over?.id ?? null) === lastOver.current) return undefined
			lastOver.current = over?.id ?? null
			return over ? `"${titleOf(active.id)}" ${positionOf(over.id)}. sıraya taşındı.` : `"${titleOf(active.id)}" listenin dışında.`
		},
		onDragEnd: ({ active, over }) =>
			over ? `"${titleOf(active.id)}" ${positionOf(over.id)}. sıraya bırakıldı.` : `"${titleOf(active.id)}" yerinde bırakıldı.`,
		onDragCancel: ({ active }) => `Taşıma iptal edildi. "${titleOf(active.id)}" yerinde kaldı.`,
	}

	const alert = deleteFailure ?? orderFailure ?? (creating || editing ? null : failure)

	return (
		<AdminPanel title={msg.announcements.adminTitle} tab={TAB} alert={<FormAlert failure={alert} />}>
			{confirming ? <DeleteConfirmPanel tab={TAB} id={confirming.id} question={msg.announcements.confirmDelete} /> : null}
			<div className="admin-table-wrap">
				<DndContext
					id="announcements-order"
					sensors={sensors}
					collisionDetection={closestCenter}
					onDragEnd={onDragEnd}
					accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
				>
					<table className="admin-table admin-table--announcements" aria-busy={savingOrder || undefined}>
						<caption className="sr-only">Duyurular, sitedeki sırasıyla</caption>
						<thead>
							<tr>
								<th scope="col">
									<span className="sr-only">Sıra</span>
								</th>
								<th scope="col">Kapak</th>
								<th scope="col">Başlık</th>
								<th scope="col">Tarih</th>
								<th scope="col">Durum</th>
								<th scope="col">
									<span className="sr-only">İşlemler</span>
								</th>
							</tr>
						</thead>
						<tbody>
							{shownRows.length === 0 ? (
								<tr>
									<td colSpan={6} className="admin-table__empty">
										{query && data.rows.length > 0 ? 'Aramayla eşleşen kayıt yok.' : msg.announcements.empty}
									</td>
								</tr>
							) : (
								<SortableContext items={shownRows.map((row) => row.id)} strategy={verticalListSortingStrategy} disabled={savingOrder}>
									{shownRows.map((row, index) => (
										<SortableRow
											key={row.id}
											row={row}
											enhanced={enhanced}
											disabled={savingOrder}
											order={
												<form method="post" action={tabAction(TAB)} className="order-buttons" onSubmit={(event) => onMove(event, row)}>
													<input type="hidden" name="intent" value="move" />
													<input type="hidden" name="id" value={row.id} />
													<button
														type="submit"
														name="direction"
														value="up"
														className="order-buttons__button"
														data-order-row={row.id}
														disabled={index === 0}
														aria-label={`${row.title} – yukarı taşı`}
														title="Yukarı taşı"
													>
														<span aria-hidden="true">▲</span>
													</button>
													<button
														type="submit"
														name="direction"
														value="down"
														className="order-buttons__button"
														data-order-row={row.id}
														disabled={index === shownRows.length - 1}
														aria-label={`${row.title} – aşağı taşı`}
														title="Aşağı taşı"
													>
														<span aria-hidden="true">▼</span>
													</button>
												</form>
											}
										>
											<td>
												{row.cover ? (
													<img
														className="admin-table__thumb"
														src={row.cover.src}
														srcSet={row.cover.srcSet}
														sizes="64px"
														alt=""
														width={64}
														height={44}
														loading="lazy"
													/>
												) : (
													<span className="admin-table__thumb admin-table__thumb--empty" aria-hidden="true" />
												)}
											</td>
											<td>{row.title}</td>
											<td>{row.date ? <time dateTime={row.date}>{formatDate(row.date)}</time> : '—'}</td>
											<td>
												<span className={`status-badge status-badge--${row.status}`}>
													{row.status === 'published' ? msg.announcements.published : msg.announcements.draft}
												</span>
											</td>
											<RowActions tab={TAB} id={row.id} label={row.title} confirmText={msg.announcements.confirmDelete} onDelete={remove} />
										</SortableRow>
									))}
								</SortableContext>
							)}
						</tbody>
					</table>
				</DndContext>
			</div>
			{creating || editing ? (
				<Dialog title={editing ? 'Duyuruyu düzenle' : 'Yeni duyuru'} onClose={close} closeHref={tabHref(TAB)} wide>
					<AdminForm tab={TAB} failure={failure} mode={editing ? { edit: editing.id } : { new: 1 }}>
						{({ saving: busy, progress, failure: shown }) => (
							<>
								<input type="hidden" name="intent" value="save" />
								{editing ? <input type="hidden" name="id" value={editing.id} /> : null}
								<TextInput
									label="Başlık"
									name="title"
									defaultValue={values?.title ?? editing?.title ?? ''}
									error={shown?.fieldErrors?.title}
									autoComplete="off"
								/>
								<TextArea
									label="Kısa açıklama"
									name="lead"
									rows={2}
									defaultValue={values?.lead ?? editing?.lead ?? ''}
									error={shown?.fieldErrors?.lead}
									hint="İsteğe bağlı; sayfanın başında ve ana sayfa slaytında görünür."
								/>
								<RichText name="body" label="Metin" defaultValue={values?.body ?? editing?.body ?? ''} />
								<CoverAndHeroPickers editing={editing} errors={shown?.fieldErrors} />
								<div className="admin-form__row">
									<TextInput
										label="Tarih"
										name="date"
										type="date"
										defaultValue={values?.date ?? editing?.date ?? data.today}
										error={shown?.fieldErrors?.date}
									/>
									<SelectInput
										label="Durum"
										name="status"
										options={STATUS_OPTIONS}
										defaultValue={values?.status ?? editing?.status ?? 'draft'}
										error={shown?.fieldErrors?.status}
									/>
								</div>
								<FeaturedFields
									editing={editing}
									values={values}
									errors={shown?.fieldErrors}
									hint="Yayındaki duyuru ana sayfanın büyük slaytlarında gösterilir."
								/>
								<FormActions tab={TAB} onCancel={close} saving={busy} progress={progress} />
							</>
						)}
					</AdminForm>
				</Dialog>
			) : null}
		</AdminPanel>
	)
}

function SortableRow({
	row,
	enhanced,
	disabled,
	order,
	children,
}: {
	row: AnnouncementAdminRow
	enhanced: boolean
	disabled: boolean
	order: ReactNode
	children: ReactNode
}) {
	const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
		id: row.id,
		disabled,
		attributes: { roleDescription: 'sıralanabilir satır' },
	})
	return (
		<tr
			ref={setNodeRef}
			style={{ transform: CSS.Translate.toString(transform), transition }}
			data-dragging={isDragging ? 'true' : undefined}
		>
			<td className="admin-table__order">
				{enhanced ? (
					<button
						type="button"
						ref={setActivatorNodeRef}
						className="drag-handle"
						{...attributes}
						{...listeners}
						aria-label={`${row.title} – sürükleyerek taşı`}
					>
						<GripIcon />
					</button>
				) : (
					<span className="drag-handle" aria-hidden="true">
						<GripIcon />
					</span>
				)}
				{order}
			</td>
			{children}
		</tr>
	)
}
