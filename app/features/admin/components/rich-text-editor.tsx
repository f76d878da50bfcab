import Image from '@tiptap/extension-image'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { msg } from '#app/lib/messages.ts'
import { editorIcons } from './rich-text-icons.tsx'
import { normaliseLinkHref } from './rich-text-link.ts'
import { cleanPastedHtml } from './rich-text-paste.ts'
import { isInTable, PageTable } from './rich-text-table.ts'

/** Extras a form may switch on: tables, images by address, links to `{{…}}` placeholders (the static pages). */
export type RichTextFeatures = { tables?: boolean; images?: boolean; placeholders?: boolean }

type Props = { name: string; label: string; defaultValue: string; features: RichTextFeatures; describedBy?: string; invalid: boolean }

const SAFE_IMAGE = /^(https:\/\/|\/(?!\/))/i

/** Tiptap with the spec's formatting; loaded only in the admin, only in the browser. */
export default function RichTextEditor({ name, label, defaultValue, features, describedBy, invalid }: Props) {
	const [html, setHtml] = useState(defaultValue)
	const labelId = useId()
	const linkId = useId()
	const [link, setLink] = useState<{ value: string; invalid: boolean } | null>(null)
	const linkInput = useRef<HTMLInputElement>(null)
	const linkOpen = link !== null
	useEffect(() => {
		if (linkOpen) linkInput.current?.focus()
	}, [linkOpen])
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
				underline: false,
				link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], defaultProtocol: 'https' },
			}),
			...(features.tables ? PageTable : []),
			...(features.images ? [Image.configure({ inline: false, allowBase64: false })] : []),
		],
		content: defaultValue,
		editorProps: { attributes, transformPastedHTML: cleanPastedHtml },
		onUpdate: ({ editor }) => setHtml(editor.isEmpty ? '' : editor.getHTML()),
	})
	// A refusal arrives after the editor was made: its hint and error stay tied to it.
	useEffect(() => {
		editor?.setOptions({ editorProps: { attributes, transformPastedHTML: cleanPastedHtml } })
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

	/** `active` null: an action, not a toggle (no aria-pressed). */
	const button = (label: string, active: boolean | undefined | null, run: () => void, icon: ReactNode) => (
		<button
			type="button"
			className="rich-text__button"
			aria-label={label}
			title={label}
			aria-pressed={active === null ? undefined : (active ?? false)}
			onMouseDown={(event) => event.preventDefault()}
			onClick={run}
		>
			{icon}
		</button>
	)

	const openLink = () => {
		if (!editor) return
		const current = editor.getAttributes('link').href
		setLink({ value: typeof current === 'string' ? current : '', invalid: false })
	}
	const closeLink = () => {
		setLink(null)
		editor?.chain().focus().run()
	}
	const applyLink = () => {
		if (!editor || !link) return
		const href = normaliseLinkHref(link.value, { placeholders: features.placeholders })
		if (!href) {
			setLink({ ...link, invalid: true })
			linkInput.current?.focus()
			return
		}
		setLink(null)
		const chain = editor.chain().focus()
		if (editor.isActive('link')) chain.extendMarkRange('link').setLink({ href }).run()
		else if (editor.state.selection.empty)
			chain.insertContent({ type: 'text', text: link.value.trim(), marks: [{ type: 'link', attrs: { href } }] }).run()
		else chain.setLink({ href }).run()
	}
	const removeLink = () => {
		setLink(null)
		editor?.chain().focus().extendMarkRange('link').unsetLink().run()
	}
	const onLinkKey = (event: KeyboardEvent) => {
		if (event.key === 'Escape') {
			event.preventDefault()
			event.stopPropagation()
			closeLink()
		} else if (event.key === 'Enter') {
			// Enter applies the link; it must not submit the surrounding form.
			event.preventDefault()
			applyLink()
		}
	}

	return (
		<div className="rich-text">
			<span id={labelId} className="rich-text__label">
				{label}
			</span>
			<div className="rich-text__toolbar" role="toolbar" aria-label={t.toolbar(label)}>
				{button(t.bold, state?.bold, () => editor?.chain().focus().toggleBold().run(), editorIcons.bold)}
				{button(t.italic, state?.italic, () => editor?.chain().focus().toggleItalic().run(), editorIcons.italic)}
				{button(t.heading, state?.h2, () => editor?.chain().focus().toggleHeading({ level: 2 }).run(), editorIcons.heading)}
				{button(t.subheading, state?.h3, () => editor?.chain().focus().toggleHeading({ level: 3 }).run(), editorIcons.subheading)}
				{button(t.bulletList, state?.bullet, () => editor?.chain().focus().toggleBulletList().run(), editorIcons.bulletList)}
				{button(t.orderedList, state?.ordered, () => editor?.chain().focus().toggleOrderedList().run(), editorIcons.orderedList)}
				{button(t.quote, state?.quote, () => editor?.chain().focus().toggleBlockquote().run(), editorIcons.quote)}
				{button(t.link, state?.link || link !== null, openLink, editorIcons.link)}
				{features.images
					? button(
							t.image,
							null,
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
							editorIcons.image,
						)
					: null}
				{features.tables && !state?.table
					? button(t.insertTable, null, () => editor?.chain().focus().insertPageTable().run(), editorIcons.table)
					: null}
				{features.tables && state?.table ? (
					<>
						{button(t.headerRow, null, () => editor?.chain().focus().togglePageTableHeaderRow().run(), editorIcons.headerRow)}
						{button(t.addRow, null, () => editor?.chain().focus().addPageTableRow().run(), editorIcons.addRow)}
						{button(t.addColumn, null, () => editor?.chain().focus().addPageTableColumn().run(), editorIcons.addColumn)}
						{button(t.deleteRow, null, () => editor?.chain().focus().deletePageTableRow().run(), editorIcons.deleteRow)}
						{button(t.deleteColumn, null, () => editor?.chain().focus().deletePageTableColumn().run(), editorIcons.deleteColumn)}
						{button(t.deleteTable, null, () => editor?.chain().focus().deletePageTable().run(), editorIcons.deleteTable)}
					</>
				) : null}
				{button(t.undo, null, () => editor?.chain().focus().undo().run(), editorIcons.undo)}
				{button(t.redo, null, () => editor?.chain().focus().redo().run(), editorIcons.redo)}
			</div>
			{link ? (
				// A small in-page dialog (not modal: the editor's own dialog stays the modal one).
				<div className="rich-text__dialog" role="dialog" aria-labelledby={`${linkId}-title`}>
					<p id={`${linkId}-title`} className="rich-text__dialog-title">
						{t.linkDialog}
					</p>
					<label htmlFor={`${linkId}-href`}>{t.linkAddress}</label>
					<input
						ref={linkInput}
						id={`${linkId}-href`}
						type="text"
						inputMode="url"
						autoComplete="off"
						spellCheck={false}
						value={link.value}
						onKeyDown={onLinkKey}
						onChange={(event) => setLink({ value: event.target.value, invalid: false })}
						aria-describedby={`${linkId}-hint${link.invalid ? ` ${linkId}-error` : ''}`}
						aria-invalid={link.invalid || undefined}
					/>
					<p id={`${linkId}-hint`} className="field__hint">
						{t.linkHint}
					</p>
					{link.invalid ? (
						<p id={`${linkId}-error`} className="field__error" role="alert">
							{t.linkInvalid}
						</p>
					) : null}
					<div className="rich-text__dialog-actions">
						<button type="button" className="button" onClick={applyLink}>
							{t.linkApply}
						</button>
						{state?.link ? (
							<button type="button" className="button button--ghost" onClick={removeLink}>
								{t.linkRemove}
							</button>
						) : null}
						<button type="button" className="button button--ghost" onClick={closeLink}>
							{t.linkCancel}
						</button>
					</div>
				</div>
			) : null}
			<EditorContent editor={editor} />
			<input type="hidden" name={name} value={html} />
		</div>
	)
}
