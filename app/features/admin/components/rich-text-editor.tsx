import Image from '@tiptap/extension-image'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useState } from 'react'
import { msg } from '#app/lib/messages.ts'
import { isInTable, PageTable } from './rich-text-table.ts'

/** Extras a form may switch on: tables, images by address, links to `{{…}}` placeholders (the static pages). */
export type RichTextFeatures = { tables?: boolean; images?: boolean; placeholders?: boolean }

type Props = { name: string; label: string; defaultValue: string; features: RichTextFeatures; describedBy?: string; invalid: boolean }

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/)/i
const PLACEHOLDER_LINK = /^(mailto:|tel:)?\{\{\s*[a-zA-Z]+\.[a-zA-Z]+\s*\}\}$/
const SAFE_IMAGE = /^(https:\/\/|\/(?!\/))/i

/** Tiptap with the spec's formatting; loaded only in the admin, only in the browser. */
export default function RichTextEditor({ name, label, defaultValue, features, describedBy, invalid }: Props) {
	const [html, setHtml] = useState(defaultValue)
	const labelId = useId()
	const attributes = {
		'aria-labelledby': labelId,
		'aria-multiline': 'true',
		role: 'textbox',
		class: 'rich-text__content prose',
		...(describedBy ? { 'aria-describedby': describedBy } : {}),
		...(invalid ? { 'aria-invalid': 'true' } : {}),
	}
	const editor = useEditor({
		immediatelyRender: false,
		extensions: [
			StarterKit.configure({
				heading: { levels: [2, 3] },
				code: false,
				codeBlock: false,
				horizontalRule: false,
				strike: false,
				link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], defaultProtocol: 'https' },
			}),
			...(features.tables ? PageTable : []),
			...(features.images ? [Image.configure({ inline: false, allowBase64: false })] : []),
		],
		content: defaultValue,
		editorProps: { attributes },
		onUpdate: ({ editor }) => setHtml(editor.isEmpty ? '' : editor.getHTML()),
	})
	// A refusal arrives after the editor was made: its hint and error stay tied to it.
	useEffect(() => {
		editor?.setOptions({ editorProps: { attributes } })
		// oxlint-disable-next-line react-hooks/exhaustive-deps -- `attributes` is rebuilt each render from these two
	}, [editor, describedBy, invalid])
	const state = useEditorState({
		editor,
		selector: ({ editor }) =>
			editor
				? {
						bold: editor.isActive('bold'),
						italic: editor.isActive('italic'),
						h2: editor.isActive('heading', { level: 2 }),
						h3: editor.isActive('heading', { level: 3 }),
						bullet: editor.isActive('bulletList'),
						ordered: editor.isActive('orderedList'),
						quote: editor.isActive('blockquote'),
						link: editor.isActive('link'),
						table: isInTable(editor.state),
					}
				: null,
	})
	const t = msg.richText

	const button = (label: string, active: boolean | undefined, run: () => void, text: string) => (
		<button
			type="button"
			className="rich-text__button"
			aria-label={label}
			title={label}
			aria-pressed={active ?? false}
			onMouseDown={(event) => event.preventDefault()}
			onClick={run}
		>
			{text}
		</button>
	)

	return (
		<div className="rich-text">
			<span id={labelId} className="rich-text__label">
				{label}
			</span>
			<div className="rich-text__toolbar" role="toolbar" aria-label={t.toolbar(label)}>
				{button(t.bold, state?.bold, () => editor?.chain().focus().toggleBold().run(), 'K')}
				{button(t.italic, state?.italic, () => editor?.chain().focus().toggleItalic().run(), 'İ')}
				{button(t.heading, state?.h2, () => editor?.chain().focus().toggleHeading({ level: 2 }).run(), 'B2')}
				{button(t.subheading, state?.h3, () => editor?.chain().focus().toggleHeading({ level: 3 }).run(), 'B3')}
				{button(t.bulletList, state?.bullet, () => editor?.chain().focus().toggleBulletList().run(), '•')}
				{button(t.orderedList, state?.ordered, () => editor?.chain().focus().toggleOrderedList().run(), '1.')}
				{button(t.quote, state?.quote, () => editor?.chain().focus().toggleBlockquote().run(), '❝')}
				{button(
					t.link,
					state?.link,
					() => {
						if (!editor) return
						if (editor.isActive('link')) {
							editor.chain().focus().unsetLink().run()
							return
						}
						const href = window.prompt(t.linkPrompt)?.trim()
						if (href && (SAFE_LINK.test(href) || (features.placeholders && PLACEHOLDER_LINK.test(href)))) {
							editor.chain().focus().setLink({ href }).run()
						}
					},
					'🔗',
				)}
				{features.images
					? button(
							t.image,
							false,
							() => {
								if (!editor) return
								const src = window.prompt(t.imagePrompt)?.trim()
								if (!src) return
								if (!SAFE_IMAGE.test(src)) {
									window.alert(t.imageInvalid)
									return
								}
								const alt = window.prompt(t.imageAltPrompt)?.trim() ?? ''
								editor.chain().focus().setImage({ src, alt }).run()
							},
							'🖼',
						)
					: null}
				{features.tables && !state?.table ? button(t.insertTable, false, () => editor?.chain().focus().insertPageTable().run(), '▦') : null}
				{features.tables && state?.table ? (
					<>
						{button(t.headerRow, false, () => editor?.chain().focus().togglePageTableHeaderRow().run(), 'B')}
						{button(t.addRow, false, () => editor?.chain().focus().addPageTableRow().run(), '+≡')}
						{button(t.addColumn, false, () => editor?.chain().focus().addPageTableColumn().run(), '+‖')}
						{button(t.deleteRow, false, () => editor?.chain().focus().deletePageTableRow().run(), '−≡')}
						{button(t.deleteColumn, false, () => editor?.chain().focus().deletePageTableColumn().run(), '−‖')}
						{button(t.deleteTable, false, () => editor?.chain().focus().deletePageTable().run(), '✕▦')}
					</>
				) : null}
				{button(t.undo, false, () => editor?.chain().focus().undo().run(), '↶')}
				{button(t.redo, false, () => editor?.chain().focus().redo().run(), '↷')}
			</div>
			<EditorContent editor={editor} />
			<input type="hidden" name={name} value={html} />
		</div>
	)
}
