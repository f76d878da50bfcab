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
import { useEffect, useId, useRef, useSyncExternalStore, type FormEvent, type ReactNode } from 'react'
import { useFetchers, useNavigation, useSearchParams } from 'react-router'
import { sectionHref, useAdminSearch } from '#app/features/admin/sections.ts'
import { msg } from '#app/lib/messages.ts'
import { isMoveDirection, movedOrder, postedDirection, type MoveDirection } from '#app/lib/ordering.ts'
import { includesTr } from '#app/lib/tr.ts'
import { DeleteConfirmPanel, RowActions, useDeleteRow, useSectionFetcher } from './crud.tsx'
import { FormAlert } from './fields.tsx'
import { GripIcon, ToBottomIcon, ToTopIcon } from '#app/components/ui/icons.tsx'

export type Column<Row> = {
	header: string
	/** Shown to screen readers only (an image or an action column). */
	hiddenHeader?: boolean
	cell: (row: Row) => ReactNode
	className?: string
}

type Reorder = {
	/** Extra fields sent with the new order (e.g. the group the rows belong to). */
	fields?: Record<string, string>
}

/**
 * The list of a section: its columns, the admin search applied to each row's
 * text, the empty and "no match" rows, a loading row while the list is
 * being fetched again, edit and delete on each row (the row gone at once,
 * back with the refusal if the server says no; a confirmation page without
 * JavaScript). With `reorder`, rows can be moved by drag and drop, with the
 * keyboard (the handle: space, arrows, space) and with ▲/▼ and "En üste /
 * En alta taşı" buttons that also work without JavaScript.
 */
export function AdminTable<Row extends { id: number }>({
	section,
	caption,
	columns,
	rows,
	label,
	searchText,
	emptyText,
	confirmText,
	reorder,
	rowActions,
	defaultActions = true,
	className,
}: {
	section: string
	caption: string
	columns: Array<Column<Row>>
	rows: Array<Row>
	label: (row: Row) => string
	searchText: (row: Row) => string
	emptyText: string
	confirmText: (row: Row) => string
	reorder?: Reorder
	rowActions?: (row: Row) => ReactNode
	/** False: the last cell holds only `rowActions` (rows that are not edited or deleted, e.g. accounts). */
	defaultActions?: boolean
	className?: string
}) {
	const [params] = useSearchParams()
	const query = useAdminSearch()
	const loading = useListLoading(section)
	const { hidden, failure: deleteFailure, remove } = useDeleteRow(section)
	const order = useSectionFetcher(section)
	const pendingOrder = pendingOrderOf(order.pending, rows)
	const ordered = inOrder(rows, pendingOrder)
	const shown = ordered.filter((row) => !hidden.has(row.id) && (!query || includesTr(searchText(row), query)))
	const confirmId = Number(params.get('delete'))
	const confirming = rows.find((row) => row.id === confirmId)
	const span = columns.length + (reorder ? 2 : 1)
	const orderFailure = order.failure ? { ...order.failure, message: msg.admin.reorderFailed } : null

	const body = loading ? (
		<tr>
			<td colSpan={span} className="admin-table__empty">
				<span role="status">{msg.common.loading}</span>
			</td>
		</tr>
	) : shown.length === 0 ? (
		<tr>
			<td colSpan={span} className="admin-table__empty">
				{query && rows.length > 0 ? msg.admin.noMatch : emptyText}
			</td>
		</tr>
	) : null

	const cells = (row: Row) => (
		<>
			{columns.map((column) => (
				<td key={column.header} className={column.className} data-label={column.header}>
					{column.cell(row)}
				</td>
			))}
			{defaultActions ? (
				<RowActions section={section} id={row.id} label={label(row)} confirmText={confirmText(row)} onDelete={remove}>
					{rowActions?.(row)}
				</RowActions>
			) : (
				<td className="admin-table__actions">{rowActions?.(row)}</td>
			)}
		</>
	)

	const head = (
		<thead>
			<tr>
				{reorder ? (
					<th scope="col">
						<span className="sr-only">{msg.admin.order}</span>
					</th>
				) : null}
				{columns.map((column) => (
					<th scope="col" key={column.header}>
						{column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
					</th>
				))}
				<th scope="col">
					<span className="sr-only">{msg.admin.actions}</span>
				</th>
			</tr>
		</thead>
	)

	return (
		<>
			<FormAlert failure={deleteFailure ?? orderFailure} />
			{confirming ? <DeleteConfirmPanel section={section} id={confirming.id} question={confirmText(confirming)} /> : null}
			<div className="admin-table-wrap">
				{reorder ? (
					<SortableTable
						section={section}
						caption={caption}
						className={className}
						head={head}
						body={body}
						ordered={ordered}
						shown={shown}
						label={label}
						cells={cells}
						saving={order.pending !== null}
						save={(ids) => order.send({ ...reorder.fields, intent: 'reorder', ids: ids.map(String) })}
						move={(id, direction) => order.send({ intent: 'move', id: String(id), direction })}
					/>
				) : (
					<table className={`admin-table${className ? ` ${className}` : ''}`} aria-busy={loading || undefined}>
						<caption className="sr-only">{caption}</caption>
						{head}
						<tbody>{body ?? shown.map((row) => <tr key={row.id}>{cells(row)}</tr>)}</tbody>
					</table>
				)}
			</div>
		</>
	)
}

/**
 * True while the section's list is being loaded again (the spec's "loading
 * row"): a navigation to the section without a dialog open, e.g. after a
 * save or when the section's link is followed.
 */
function useListLoading(section: string) {
	const navigation = useNavigation()
	// A delete or a new order sent from the list comes back through a redirect to the list; the list
	// already shows its outcome, so its rows stay (and keep the focus) while they are read again.
	const fetcherBusy = useFetchers().some((fetcher) => fetcher.state !== 'idle')
	if (fetcherBusy || navigation.state !== 'loading' || navigation.location.pathname !== sectionHref(section)) return false
	const params = new URLSearchParams(navigation.location.search)
	return !params.has('new') && !params.has('edit') && !params.has('delete')
}

/**
 * The order a save in progress will give the rows, shown before the server answers: the whole list
 * of a `reorder`, or a row's `move` as the server makes it (on the list as it is then, so a row
 * another editor added meanwhile does not make it fail).
 */
function pendingOrderOf(pending: FormData | null, rows: Array<{ id: number }>): Array<number> | null {
	if (!pending) return null
	const intent = pending.get('intent')
	if (intent === 'reorder') return pending.getAll('ids').map(Number)
	const direction = postedDirection(pending)
	const ids = rows.map((row) => row.id)
	const id = Number(pending.get('id'))
	return intent === 'move' && direction && ids.includes(id) ? movedOrder(ids, id, direction) : null
}

/** The rows in the given order of ids; rows the order does not know (added meanwhile) keep their place at the end. */
function inOrder<Row extends { id: number }>(rows: Array<Row>, order: Array<number> | null) {
	if (!order) return rows
	const position = new Map(order.map((id, i) => [id, i]))
	return rows.toSorted((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity))
}

/** False on the server and while hydrating, true in the browser afterwards. */
function useEnhanced() {
	return useSyncExternalStore(
		() => () => {},
		() => true,
		() => false,
	)
}

function SortableTable<Row extends { id: number }>({
	section,
	caption,
	className,
	head,
	body,
	ordered,
	shown,
	label,
	cells,
	saving,
	save,
	move,
}: {
	section: string
	caption: string
	className?: string
	head: ReactNode
	body: ReactNode
	ordered: Array<Row>
	shown: Array<Row>
	label: (row: Row) => string
	cells: (row: Row) => ReactNode
	saving: boolean
	save: (ids: Array<number>) => void
	/** A row one step or to either end of the whole list, worked out by the server from the list as it is then. */
	move: (id: number, direction: MoveDirection) => void
}) {
	const enhanced = useEnhanced()
	const dndId = useId()
	const sensors = useSensors(
		useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
		useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
	)
	const labelOf = (id: UniqueIdentifier) => {
		const row = ordered.find((candidate) => candidate.id === id)
		return row ? label(row) : ''
	}
	const positionOf = (id: UniqueIdentifier) => shown.findIndex((row) => row.id === id) + 1

	// A moved row's control keeps the focus: the ▲/▼ button pressed (or its twin, when the row reached the
	// top or the bottom) or the drag handle. Moving a row's DOM node drops the focus to the page, so after
	// each render a focus that fell to the page goes back, until the person clicks or types elsewhere.
	const refocus = useRef<{ id: number; control: string } | null>(null)
	useEffect(() => {
		const forget = (event: Event) => {
			const onControl = event.target instanceof Element && event.target.closest('[data-order-row], [data-drag-row]')
			if (!onControl || (event instanceof KeyboardEvent && event.key === 'Tab')) refocus.current = null
		}
		document.addEventListener('pointerdown', forget, true)
		document.addEventListener('keydown', forget, true)
		return () => {
			document.removeEventListener('pointerdown', forget, true)
			document.removeEventListener('keydown', forget, true)
		}
	}, [])
	useEffect(() => {
		const wanted = refocus.current
		if (!wanted) return
		const active = document.activeElement
		if (active && active !== document.body && !active.matches(`[data-order-row="${wanted.id}"], [data-drag-row="${wanted.id}"]`)) return
		const controls = [...document.querySelectorAll<HTMLButtonElement>(`[data-order-row="${wanted.id}"], [data-drag-row="${wanted.id}"]`)]
		const enabled = controls.filter((control) => !control.disabled)
		const target =
			enabled.find((control) => (wanted.control === 'drag' ? control.dataset.dragRow !== undefined : control.value === wanted.control)) ??
			enabled.find((control) => control.dataset.orderRow !== undefined)
		if (target && active !== target) target.focus()
	})

	const moveTo = (id: number, targetId: number) => {
		const ids = ordered.map((row) => row.id)
		const from = ids.indexOf(id)
		const to = ids.indexOf(targetId)
		if (from < 0 || to < 0 || from === to || saving) return
		save(arrayMove(ids, from, to))
	}

	const onDragEnd = ({ active, over }: DragEndEvent) => {
		if (!over || active.id === over.id) return
		refocus.current = { id: Number(active.id), control: 'drag' }
		moveTo(Number(active.id), Number(over.id))
	}

	const onMove = (event: FormEvent<HTMLFormElement>, row: Row) => {
		event.preventDefault()
		const direction = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value
		const index = shown.findIndex((candidate) => candidate.id === row.id)
		// To the top or the bottom of the whole list, as the server does without JavaScript (a search may hide rows).
		const neighbour =
			direction === 'top' ? ordered[0] : direction === 'bottom' ? ordered.at(-1) : shown[direction === 'up' ? index - 1 : index + 1]
		if (!neighbour || neighbour.id === row.id || saving) return
		refocus.current = { id: row.id, control: direction ?? 'up' }
		// The server moves the row in the list as it is then. In a searched list the row above may not be
		// the one above in the whole list, so a step there sends the order as shown.
		const whole = direction === 'top' || direction === 'bottom' || shown.length === ordered.length
		if (isMoveDirection(direction) && whole) move(row.id, direction)
		else moveTo(row.id, neighbour.id)
	}

	// Screen readers hear where the row is; the first "over" (the row itself) would drown the pick-up message.
	const lastOver = useRef<UniqueIdentifier | null>(null)
	const announcements: Announcements = {
		onDragStart: ({ active }) => {
			lastOver.current = active.id
			return msg.admin.dragStart(labelOf(active.id), positionOf(active.id), shown.length)
		},
		onDragOver: ({ active, over }) => {
			if ((over?.id ?? null) === lastOver.current) return undefined
			lastOver.current = over?.id ?? null
			return over ? msg.admin.dragOver(labelOf(active.id), positionOf(over.id)) : msg.admin.dragOutside(labelOf(active.id))
		},
		onDragEnd: ({ active, over }) =>
			over ? msg.admin.dragEnd(labelOf(active.id), positionOf(over.id)) : msg.admin.dragStay(labelOf(active.id)),
		onDragCancel: ({ active }) => msg.admin.dragCancel(labelOf(active.id)),
	}

	return (
		<DndContext
			id={dndId}
			sensors={sensors}
			collisionDetection={closestCenter}
			onDragEnd={onDragEnd}
			accessibility={{ announcements, screenReaderInstructions: { draggable: msg.admin.dragInstructions } }}
		>
			<table className={`admin-table${className ? ` ${className}` : ''}`} aria-busy={saving || undefined}>
				<caption className="sr-only">{caption}</caption>
				{head}
				<tbody>
					{body ?? (
						<SortableContext items={shown.map((row) => row.id)} strategy={verticalListSortingStrategy} disabled={saving}>
							{shown.map((row, index) => (
								<SortableRow key={row.id} id={row.id} label={label(row)} enhanced={enhanced} disabled={saving}>
									<form method="post" action={sectionHref(section)} className="order-buttons" onSubmit={(event) => onMove(event, row)}>
										<input type="hidden" name="intent" value="move" />
										<input type="hidden" name="id" value={row.id} />
										<button
											type="submit"
											name="direction"
											value="up"
											className="order-buttons__button"
											data-order-row={row.id}
											disabled={saving || index === 0}
											aria-label={msg.admin.moveUpLabel(label(row))}
											title={msg.admin.moveUp}
										>
											<span aria-hidden="true">▲</span>
										</button>
										<button
											type="submit"
											name="direction"
											value="down"
											className="order-buttons__button"
											data-order-row={row.id}
											disabled={saving || index === shown.length - 1}
											aria-label={msg.admin.moveDownLabel(label(row))}
											title={msg.admin.moveDown}
										>
											<span aria-hidden="true">▼</span>
										</button>
										<button
											type="submit"
											name="direction"
											value="top"
											className="order-buttons__button"
											data-order-row={row.id}
											disabled={saving || row.id === ordered[0]?.id}
											aria-label={msg.admin.moveTopLabel(label(row))}
											title={msg.admin.moveTop}
										>
											<ToTopIcon />
										</button>
										<button
											type="submit"
											name="direction"
											value="bottom"
											className="order-buttons__button"
											data-order-row={row.id}
											disabled={saving || row.id === ordered.at(-1)?.id}
											aria-label={msg.admin.moveBottomLabel(label(row))}
											title={msg.admin.moveBottom}
										>
											<ToBottomIcon />
										</button>
									</form>
									{cells(row)}
								</SortableRow>
							))}
						</SortableContext>
					)}
				</tbody>
			</table>
		</DndContext>
	)
}

function SortableRow({
	id,
	label,
	enhanced,
	disabled,
	children,
}: {
	id: number
	label: string
	enhanced: boolean
	disabled: boolean
	children: [ReactNode, ReactNode]
}) {
	const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
		id,
		disabled,
		attributes: { roleDescription: msg.admin.sortableRow },
	})
	const [orderButtons, cells] = children
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
						data-drag-row={id}
						{...attributes}
						{...listeners}
						aria-label={msg.admin.dragLabel(label)}
					>
						<GripIcon />
					</button>
				) : (
					<span className="drag-handle" aria-hidden="true">
						<GripIcon />
					</span>
				)}
				{orderButtons}
			</td>
			{cells}
		</tr>
	)
}

/** A small picture in a list row, or a dash. */
export function ThumbCell({ image, logo }: { image: { src: string; srcSet?: string } | null; logo?: boolean }) {
	if (!image) return <span className="admin-table__muted">—</span>
	return (
		<img
			className={`admin-table__thumb${logo ? ' admin-table__thumb--logo' : ''}`}
			src={image.src}
			srcSet={image.srcSet}
			sizes="64px"
			width={64}
			height={44}
			alt=""
			loading="lazy"
		/>
	)
}

/** An empty cell of a list. */
export function Muted() {
	return <span className="admin-table__muted">—</span>
}
