/** Card scheme marks shown in the footer (spec §1): Visa and Mastercard. */
export function VisaLogo() {
	return (
		<svg viewBox="0 0 64 40" role="img" aria-label="Visa">
			<rect width="64" height="40" rx="5" fill="#fff" />
			<text
				x="32"
				y="27"
				textAnchor="middle"
				fontFamily="Arial, Helvetica, sans-serif"
				fontStyle="italic"
				fontWeight="900"
				fontSize="18"
				fill="#1a1f71"
				letterSpacing="0.5"
			>
				VISA
			</text>
		</svg>
	)
}

export function MastercardLogo() {
	return (
		<svg viewBox="0 0 64 40" role="img" aria-label="Mastercard">
			<rect width="64" height="40" rx="5" fill="#fff" />
			<circle cx="26" cy="20" r="11" fill="#eb001b" />
			<circle cx="38" cy="20" r="11" fill="#f79e1b" />
			<path d="M32 10.8a11 11 0 0 1 0 18.4 11 11 0 0 1 0-18.4Z" fill="#ff5f00" />
		</svg>
	)
}
