import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useId, useState } from 'react'

type Props = { name: string; label: string; defaultValue: string }

/** Tiptap with the spec's formatting; loaded only in the admin, only in the browser. */
export default function RichTextEditor({ name, label, defaultValue }: Props) {
	const [html, setHtml] = useState(defaultValue)
	const labelId = useId()
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
		],
		content: defaultValue,
		editorProps: {
			attributes: { 'aria-labelledby': labelId, 'aria-multiline': 'true', role: 'textbox', class: 'rich-text__content prose' },
		},
		onUpdate: ({ editor }) => setHtml(editor.isEmpty ? '' : editor.getHTML()),
	})
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
					}
				: null,
	})

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
			<div className="rich-text__toolbar" role="toolbar" aria-label={`${label} biçimlendirme`}>
				{button('Kalın', state?.bold, () => editor?.chain().focus().toggleBold().run(), 'K')}
				{button('İtalik', state?.italic, () => editor?.chain().focus().toggleItalic().run(), 'İ')}
				{button('Başlık B2', state?.h2, () => editor?.chain().focus().toggleHeading({ level: 2 }).run(), 'B2')}
				{button('Alt başlık B3', state?.h3, () => editor?.chain().focus().toggleHeading({ level: 3 }).run(), 'B3')}
				{button('Madde işaretli liste', state?.bullet, () => editor?.chain().focus().toggleBulletList().run(), '•')}
				{button('Numaralı liste 1.', state?.ordered, () => editor?.chain().focus().toggleOrderedList().run(), '1.')}
				{button('Alıntı', state?.quote, () => editor?.chain().focus().toggleBlockquote().run(), '❝')}
				{button(
					'Bağlantı',
					state?.link,
					() => {
						if (!editor) return
						if (editor.isActive('link')) {
							editor.chain().focus().unsetLink().run()
							return
						}
						const href = window.prompt('Bağlantı adresi (https://…)')?.trim()
						if (href && /^(https?:\/\/|mailto:|tel:|\/)/i.test(href)) editor.chain().focus().setLink({ href }).run()
					},
					'🔗',
				)}
				{button('Geri al', false, () => editor?.chain().focus().undo().run(), '↶')}
				{button('Yinele', false, () => editor?.chain().focus().redo().run(), '↷')}
			</div>
			<EditorContent editor={editor} />
			<input type="hidden" name={name} value={html} />
		</div>
	)
}
