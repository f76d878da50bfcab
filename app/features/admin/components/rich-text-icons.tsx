import type { ReactNode } from 'react'

/** Toolbar pictures of the body editor: 20 px line drawings, hidden from screen readers (the buttons carry the names). */
function Svg({ children }: { children: ReactNode }) {
	return (
		<svg
			width="20"
			height="20"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			className="rich-text__icon"
		>
			{children}
		</svg>
	)
}

export const editorIcons = {
	bold: (
		<Svg>
			<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />
		</Svg>
	),
	italic: (
		<Svg>
			<path d="M19 4h-9M14 20H5M15 4 9 20" />
		</Svg>
	),
	heading: (
		<Svg>
			<path d="M4 5v14M12 5v14M4 12h8M16 10l3-2v11" />
		</Svg>
	),
	subheading: (
		<Svg>
			<path d="M4 7v10M11 7v10M4 12h7M15.5 9.5A2 2 0 0 1 19 11c0 2-3.5 3.5-3.5 6H20" />
		</Svg>
	),
	bulletList: (
		<Svg>
			<path d="M9 6h11M9 12h11M9 18h11" />
			<circle cx="4.5" cy="6" r="1" fill="currentColor" />
			<circle cx="4.5" cy="12" r="1" fill="currentColor" />
			<circle cx="4.5" cy="18" r="1" fill="currentColor" />
		</Svg>
	),
	orderedList: (
		<Svg>
			<path d="M10 6h10M10 12h10M10 18h10M4 4.5l1.5-1V9M3.5 14.5a1.5 1.5 0 1 1 2.6 1L3.5 19h3" />
		</Svg>
	),
	quote: (
		<Svg>
			<path d="M5 17c2.5-1 3.5-3 3.5-6V7H4v5h4.5M15 17c2.5-1 3.5-3 3.5-6V7H14v5h4.5" />
		</Svg>
	),
	link: (
		<Svg>
			<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
			<path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
		</Svg>
	),
	unlink: (
		<Svg>
			<path d="M17.5 13.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M6.5 10.5l-3 3a5 5 0 0 0 7 7l1.7-1.7M3 3l18 18" />
		</Svg>
	),
	image: (
		<Svg>
			<rect x="3" y="4" width="18" height="16" rx="2" />
			<circle cx="9" cy="10" r="2" />
			<path d="m21 16-5-5-9 9" />
		</Svg>
	),
	table: (
		<Svg>
			<rect x="3" y="4" width="18" height="16" rx="2" />
			<path d="M3 10h18M3 15h18M10 4v16" />
		</Svg>
	),
	headerRow: (
		<Svg>
			<rect x="3" y="4" width="18" height="16" rx="2" />
			<path d="M3 10h18M10 10v10" />
			<path d="M3 7h18" strokeWidth="4" />
		</Svg>
	),
	addRow: (
		<Svg>
			<path d="M3 5h18M3 10h18M12 14v7M8.5 17.5h7" />
		</Svg>
	),
	addColumn: (
		<Svg>
			<path d="M5 3v18M10 3v18M14 12h7M17.5 8.5v7" />
		</Svg>
	),
	deleteRow: (
		<Svg>
			<path d="M3 5h18M3 10h18M8.5 17.5h7" />
		</Svg>
	),
	deleteColumn: (
		<Svg>
			<path d="M5 3v18M10 3v18M14 12h7" />
		</Svg>
	),
	deleteTable: (
		<Svg>
			<rect x="3" y="4" width="18" height="16" rx="2" />
			<path d="m9 9 6 6M15 9l-6 6" />
		</Svg>
	),
	undo: (
		<Svg>
			<path d="M9 14 4 9l5-5" />
			<path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
		</Svg>
	),
	redo: (
		<Svg>
			<path d="m15 14 5-5-5-5" />
			<path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
		</Svg>
	),
}
