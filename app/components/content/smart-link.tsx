import type { ReactNode } from 'react'
import { msg } from '#app/lib/messages.ts'
import { isExternalHref } from '#app/lib/links.ts'

/**
 * Spec §2: addresses starting with http or https open in a new tab (and say
 * so to screen readers); everything else is an ordinary in-site link.
 */
export function SmartLink({
	href,
	children,
	className,
	external,
	...rest
}: {
	href: string
	children: ReactNode
	className?: string
	external?: boolean
	'aria-describedby'?: string
	'aria-current'?: 'page' | 'true'
	id?: string
}) {
	const outside = external ?? isExternalHref(href)
	if (!outside) {
		return (
			<a href={href} className={className} {...rest}>
				{children}
			</a>
		)
	}
	return (
		<a href={href} className={className} target="_blank" rel="noopener noreferrer" {...rest}>
			{children}
			<span className="sr-only"> {msg.layout.newTab}</span>
		</a>
	)
}
