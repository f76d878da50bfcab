import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react'
import { CloseIcon } from '#app/components/ui/icons.tsx'
import { msg } from '#app/lib/messages.ts'

/**
 * An accessible modal: the native <dialog> shown with showModal(), so focus
 * stays inside and the page behind is inert; Escape closes it; focus goes
 * back to what opened it. Rendered by the server as an open, non-modal
 * dialog, it also works without JavaScript (its close link is a real link).
 */
export function Dialog({
	title,
	onClose,
	closeHref,
	children,
	wide = false,
}: {
	title: string
	onClose: () => void
	/** The address that closes the dialog without JavaScript. */
	closeHref: string
	children: ReactNode
	wide?: boolean
}) {
	const ref = useRef<HTMLDialogElement>(null)
	const titleId = useId()
	const cancel = useEffectEvent(() => onClose())

	useEffect(() => {
		const dialog = ref.current
		if (!dialog) return
		const opener = document.activeElement instanceof HTMLElement && !dialog.contains(document.activeElement) ? document.activeElement : null
		const openerKey = opener?.dataset.dialogTrigger
		// The server rendered it open but not modal; make it modal now.
		if (dialog.open) dialog.close()
		dialog.showModal()
		const first = dialog.querySelector<HTMLElement>('[autofocus], input:not([type=hidden]), select, textarea, button')
		first?.focus()
		const onCancel = (event: Event) => {
			event.preventDefault()
			cancel()
		}
		dialog.addEventListener('cancel', onCancel)
		return () => {
			dialog.removeEventListener('cancel', onCancel)
			if (dialog.open) dialog.close()
			const target = opener?.isConnected
				? opener
				: openerKey
					? document.querySelector<HTMLElement>(`[data-dialog-trigger="${CSS.escape(openerKey)}"]`)
					: null
			target?.focus()
		}
	}, [])

	return (
		<dialog ref={ref} className={`admin-dialog${wide ? ' admin-dialog--wide' : ''}`} aria-labelledby={titleId} open>
			<div className="admin-dialog__head">
				<h2 id={titleId}>{title}</h2>
				<a
					href={closeHref}
					className="icon-button admin-dialog__close"
					aria-label={msg.common.close}
					onClick={(event) => {
						event.preventDefault()
						onClose()
					}}
				>
					<CloseIcon />
				</a>
			</div>
			<div className="admin-dialog__body">{children}</div>
		</dialog>
	)
}
