import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number }

function base({ size = 22, ...props }: IconProps) {
	return {
		width: size,
		height: size,
		viewBox: '0 0 24 24',
		fill: 'none',
		stroke: 'currentColor',
		strokeWidth: 2,
		strokeLinecap: 'round' as const,
		strokeLinejoin: 'round' as const,
		'aria-hidden': true,
		focusable: false,
		...props,
	}
}

export function SearchIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<circle cx="11" cy="11" r="7" />
			<path d="m20 20-3.5-3.5" />
		</svg>
	)
}

export function MenuIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<path d="M4 6h16M4 12h16M4 18h16" />
		</svg>
	)
}

export function CloseIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<path d="M6 6l12 12M18 6 6 18" />
		</svg>
	)
}

export function ChevronLeftIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<path d="m15 18-6-6 6-6" />
		</svg>
	)
}

export function ChevronRightIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<path d="m9 18 6-6-6-6" />
		</svg>
	)
}

export function ChevronDownIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<path d="m6 9 6 6 6-6" />
		</svg>
	)
}

export function PauseIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<path d="M9 5v14M15 5v14" />
		</svg>
	)
}

export function PlayIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<path d="M7 5v14l12-7z" fill="currentColor" />
		</svg>
	)
}

export function ExternalIcon(props: IconProps) {
	return (
		<svg {...base({ size: 16, ...props })}>
			<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
		</svg>
	)
}

export function InstagramIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<rect x="3" y="3" width="18" height="18" rx="5" />
			<circle cx="12" cy="12" r="4" />
			<circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
		</svg>
	)
}

export function YoutubeIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<rect x="2.5" y="5" width="19" height="14" rx="4" />
			<path d="m10 9 5 3-5 3z" fill="currentColor" />
		</svg>
	)
}

export function FacebookIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<path d="M14.5 8H17V4.5h-2.5A4 4 0 0 0 10.5 8.5V11H8v3.5h2.5V21H14v-6.5h2.6L17 11h-3V9a1 1 0 0 1 1-1z" />
		</svg>
	)
}

export function UsersIcon(props: IconProps) {
	return (
		<svg {...base(props)}>
			<circle cx="9" cy="8" r="3.5" />
			<path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
		</svg>
	)
}
/** The drag handle's six dots. */
export function GripIcon() {
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

/** An arrow up to a line: to the top of a list. */
export function ToTopIcon(props: IconProps) {
	return (
		<svg {...base({ size: 14, ...props })}>
			<path d="M5 4h14M12 20V9M7 13l5-5 5 5" />
		</svg>
	)
}

/** An arrow down to a line: to the bottom of a list. */
export function ToBottomIcon(props: IconProps) {
	return (
		<svg {...base({ size: 14, ...props })}>
			<path d="M5 20h14M12 4v11M7 11l5 5 5-5" />
		</svg>
	)
}
