/** The association's mark: a shield with NDS and the Sion star. */
export function Logo({ className }: { className?: string }) {
	return (
		<svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
			<path d="M32 3 7 11v19c0 15 10.5 25.5 25 31 14.5-5.5 25-16 25-31V11L32 3Z" fill="#13294b" stroke="#c9a227" strokeWidth="3" />
			<path d="m32 12 2.4 5 5.5.8-4 3.9.9 5.5-4.8-2.6-4.8 2.6.9-5.5-4-3.9 5.5-.8Z" fill="#c9a227" />
			<text
				x="32"
				y="47"
				textAnchor="middle"
				fontFamily="Georgia, 'Times New Roman', serif"
				fontWeight="700"
				fontSize="15"
				fill="#f4e9d0"
				letterSpacing="1"
			>
				NDS
			</text>
		</svg>
	)
}
