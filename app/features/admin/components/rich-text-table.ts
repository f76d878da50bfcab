import { Extension, Node } from '@tiptap/core'
import type { Node as PmNode, NodeType, Schema } from '@tiptap/pm/model'
import { TextSelection } from '@tiptap/pm/state'
import {
	addColumnAfter,
	addRowAfter,
	deleteColumn,
	deleteRow,
	deleteTable,
	goToNextCell,
	isInTable,
	tableEditing,
	toggleHeader,
} from '@tiptap/pm/tables'

/**
 * Tables for the rich-text editor: the four nodes prosemirror-tables works
 * on (the engine @tiptap/extension-table wraps), written out here because
 * that package is not published for the Tiptap version the project pins.
 * The HTML is the plain one the site's sanitiser keeps: table, tbody, tr,
 * th and td with colspan/rowspan, paragraphs in the cells.
 */

declare module '@tiptap/core' {
	interface Commands<ReturnType> {
		pageTable: {
			insertPageTable: () => ReturnType
			addPageTableRow: () => ReturnType
			addPageTableColumn: () => ReturnType
			deletePageTableRow: () => ReturnType
			deletePageTableColumn: () => ReturnType
			deletePageTable: () => ReturnType
			togglePageTableHeaderRow: () => ReturnType
		}
	}
}

const ROLES: Record<string, string> = { table: 'table', tableRow: 'row', tableCell: 'cell', tableHeader: 'header_cell' }

/** prosemirror-tables finds its nodes by a `tableRole` in their schema. */
const TableRoles = Extension.create({
	name: 'pageTableRoles',
	extendNodeSchema(extension) {
		const role = ROLES[extension.name]
		return role ? { tableRole: role } : {}
	},
})

const span = (name: 'colspan' | 'rowspan') => ({
	default: 1,
	parseHTML: (element: HTMLElement) => {
		const value = Number.parseInt(element.getAttribute(name) ?? '1', 10)
		return Number.isFinite(value) && value > 1 ? value : 1
	},
	renderHTML: (attributes: Record<string, unknown>) => (Number(attributes[name]) > 1 ? { [name]: attributes[name] } : {}),
})

const cellAttributes = () => ({
	colspan: span('colspan'),
	rowspan: span('rowspan'),
	// prosemirror-tables keeps column widths here; the site's tables size themselves.
	colwidth: { default: null, rendered: false },
})

const TableCell = Node.create({
	name: 'tableCell',
	content: 'block+',
	isolating: true,
	addAttributes: cellAttributes,
	parseHTML: () => [{ tag: 'td' }],
	renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
})

const TableHeader = Node.create({
	name: 'tableHeader',
	content: 'block+',
	isolating: true,
	addAttributes: cellAttributes,
	parseHTML: () => [{ tag: 'th' }],
	renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
})

const TableRow = Node.create({
	name: 'tableRow',
	content: '(tableCell | tableHeader)*',
	parseHTML: () => [{ tag: 'tr' }],
	renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
})

/** A table of `rows` × `columns` empty cells, the first row headings. */
function createTable(schema: Schema, rows: number, columns: number): PmNode {
	const types = schema.nodes as Record<string, NodeType>
	const cell = (type: NodeType | undefined) => type?.createAndFill() as PmNode
	const row = (header: boolean) =>
		types.tableRow?.create(
			null,
			Array.from({ length: columns }, () => cell(header ? types.tableHeader : types.tableCell)),
		) as PmNode
	return types.table?.create(
		null,
		Array.from({ length: rows }, (_, i) => row(i === 0)),
	) as PmNode
}

const Table = Node.create({
	name: 'table',
	group: 'block',
	content: 'tableRow+',
	isolating: true,
	parseHTML: () => [{ tag: 'table' }],
	renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, ['tbody', 0]],
	addCommands() {
		return {
			insertPageTable:
				() =>
				({ tr, dispatch, editor }) => {
					if (dispatch) {
						const from = tr.selection.from
						tr.replaceSelectionWith(createTable(editor.schema, 3, 2)).scrollIntoView()
						tr.setSelection(TextSelection.near(tr.doc.resolve(from + 1)))
					}
					return true
				},
			addPageTableRow:
				() =>
				({ state, dispatch }) =>
					addRowAfter(state, dispatch),
			addPageTableColumn:
				() =>
				({ state, dispatch }) =>
					addColumnAfter(state, dispatch),
			deletePageTableRow:
				() =>
				({ state, dispatch }) =>
					deleteRow(state, dispatch),
			deletePageTableColumn:
				() =>
				({ state, dispatch }) =>
					deleteColumn(state, dispatch),
			deletePageTable:
				() =>
				({ state, dispatch }) =>
					deleteTable(state, dispatch),
			togglePageTableHeaderRow:
				() =>
				({ state, dispatch }) =>
					toggleHeader('row')(state, dispatch),
		}
	},
	addKeyboardShortcuts() {
		return {
			// Tab moves between cells inside a table, and leaves the page's tab order alone elsewhere.
			Tab: () => isInTable(this.editor.state) && goToNextCell(1)(this.editor.state, this.editor.view.dispatch),
			'Shift-Tab': () => isInTable(this.editor.state) && goToNextCell(-1)(this.editor.state, this.editor.view.dispatch),
		}
	},
	addProseMirrorPlugins: () => [tableEditing({ allowTableNodeSelection: false })],
})

export const PageTable = [TableRoles, Table, TableRow, TableHeader, TableCell]

export { isInTable }
