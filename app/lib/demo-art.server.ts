import * as fontkit from 'fontkit'
import { pdfFonts } from './pdf.server.ts'

/**
 * Illustrations drawn as SVG for the demo content and the default images, so
 * the site looks finished without downloading a single photo. Text is turned
 * into outlines with the bundled Noto Sans, so no system font is needed.
 */

export const PALETTES = [
	['#13294b', '#2f4f86', '#c9a227', '#f4e9d0'],
	['#4a1730', '#8c2f4f', '#e0b04a', '#fbeee0'],
	['#0f3d3e', '#1f6f6b', '#e3b75b', '#eef6f2'],
	['#2b2348', '#5a4a9c', '#f0a35e', '#f3eefb'],
	['#3b2f2f', '#7a5230', '#d9a441', '#f8efe1'],
	['#102a43', '#336b87', '#f6c85f', '#e8f1f8'],
] as const

type Palette = (typeof PALETTES)[number]

/** A small deterministic random generator, so the same seed draws the same picture. */
export function rng(seed: number) {
	let s = seed >>> 0 || 1
	return () => {
		s ^= s << 13
		s ^= s >>> 17
		s ^= s << 5
		return ((s >>> 0) % 100_000) / 100_000
	}
}

export function paletteFor(seed: number): Palette {
	return PALETTES[Math.abs(seed) % PALETTES.length] as Palette
}

let fonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined
function loadFonts() {
	if (!fonts) {
		const { regular, bold } = pdfFonts()
		fonts = { regular: fontkit.create(regular) as fontkit.Font, bold: fontkit.create(bold) as fontkit.Font }
	}
	return fonts
}

type TextOptions = {
	x: number
	y: number
	size: number
	fill: string
	weight?: 'regular' | 'bold'
	anchor?: 'start' | 'middle' | 'end'
	letterSpacing?: number
}

/** Text as an SVG path (outlines), measured with the real font. */
export function textPath(text: string, options: TextOptions) {
	const font = loadFonts()[options.weight ?? 'regular']
	const run = font.layout(text)
	const scale = options.size / font.unitsPerEm
	const spacing = (options.letterSpacing ?? 0) * options.size
	const width = run.positions.reduce((sum, p) => sum + p.xAdvance * scale + spacing, 0) - spacing
	let x = options.x - (options.anchor === 'middle' ? width / 2 : options.anchor === 'end' ? width : 0)
	const parts: Array<string> = []
	run.glyphs.forEach((glyph, i) => {
		const d = glyph.path.toSVG()
		if (d) {
			parts.push(`<path transform="translate(${x.toFixed(2)} ${options.y}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`)
		}
		x += (run.positions[i]?.xAdvance ?? 0) * scale + spacing
	})
	return `<g fill="${options.fill}">${parts.join('')}</g>`
}

/** Splits text into lines of at most `perLine` characters, on word boundaries. */
export function wrapWords(text: string, perLine: number, maxLines = 3) {
	const lines: Array<string> = []
	let line = ''
	for (const word of text.split(/\s+/)) {
		if ((line + ' ' + word).trim().length > perLine && line) {
			lines.push(line)
			line = word
		} else {
			line = `${line} ${word}`.trim()
		}
	}
	if (line) lines.push(line)
	if (lines.length > maxLines) {
		const kept = lines.slice(0, maxLines)
		kept[maxLines - 1] = `${kept[maxLines - 1]}…`
		return kept
	}
	return lines
}

function svg(width: number, height: number, body: string) {
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`
}

/** Istanbul at dusk: sky, sun, the silhouette of domes and minarets, the water. */
export function skylineArt(seed: number, width = 1600, height = 900) {
	const r = rng(seed)
	const [deep, mid, gold, light] = paletteFor(seed)
	const horizon = height * (0.62 + r() * 0.08)
	const sunX = width * (0.2 + r() * 0.6)
	const sunR = height * (0.07 + r() * 0.05)
	const shapes: Array<string> = []
	let x = -20
	while (x < width + 40) {
		const kind = r()
		if (kind < 0.3) {
			const w = 60 + r() * 120
			const h = 60 + r() * 80
			shapes.push(`<rect x="${x}" y="${horizon - h}" width="${w}" height="${h}"/>`)
			shapes.push(`<ellipse cx="${x + w / 2}" cy="${horizon - h}" rx="${w / 2}" ry="${w / 2.2}"/>`)
			x += w + 10 + r() * 30
		} else if (kind < 0.45) {
			const h = 140 + r() * 120
			shapes.push(`<rect x="${x}" y="${horizon - h}" width="9" height="${h}"/>`)
			shapes.push(`<path d="M${x - 3} ${horizon - h} L${x + 4.5} ${horizon - h - 30} L${x + 12} ${horizon - h} Z"/>`)
			x += 24 + r() * 30
		} else {
			const w = 40 + r() * 90
			const h = 20 + r() * 60
			shapes.push(`<rect x="${x}" y="${horizon - h}" width="${w}" height="${h}"/>`)
			x += w + r() * 20
		}
	}
	const waves = Array.from({ length: 9 }, (_, i) => {
		const y = horizon + 18 + i * ((height - horizon) / 9)
		const w = width * (0.1 + r() * 0.3)
		const wx = r() * width
		return `<rect x="${wx}" y="${y}" width="${w}" height="2" rx="1" fill="${light}" opacity="${0.08 + r() * 0.12}"/>`
	}).join('')
	return svg(
		width,
		height,
		`<defs>
			<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
				<stop offset="0" stop-color="${deep}"/>
				<stop offset="0.7" stop-color="${mid}"/>
				<stop offset="1" stop-color="${gold}"/>
			</linearGradient>
			<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
				<stop offset="0" stop-color="${mid}"/>
				<stop offset="1" stop-color="${deep}"/>
			</linearGradient>
			<radialGradient id="glow"><stop offset="0" stop-color="${light}" stop-opacity="0.55"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
		</defs>
		<rect width="${width}" height="${height}" fill="url(#sky)"/>
		<circle cx="${sunX}" cy="${horizon - sunR * 1.6}" r="${sunR * 3.2}" fill="url(#glow)"/>
		<circle cx="${sunX}" cy="${horizon - sunR * 1.6}" r="${sunR}" fill="${light}" opacity="0.85"/>
		<g fill="${deep}" opacity="0.92">${shapes.join('')}</g>
		<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#sea)"/>
		${waves}`,
	)
}

/** A colonnade of arches, as in an old school corridor. */
export function archesArt(seed: number, width = 1600, height = 900) {
	const r = rng(seed)
	const [deep, mid, gold, light] = paletteFor(seed)
	const count = 5 + Math.floor(r() * 3)
	const archW = width / count
	const arches = Array.from({ length: count }, (_, i) => {
		const x = i * archW + archW * 0.14
		const w = archW * 0.72
		const top = height * 0.28
		return `<path d="M${x} ${height} V${top + w / 2} A${w / 2} ${w / 2} 0 0 1 ${x + w} ${top + w / 2} V${height} Z" fill="url(#light)"/>`
	}).join('')
	return svg(
		width,
		height,
		`<defs>
			<linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
			<linearGradient id="light" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}" stop-opacity="0.9"/><stop offset="1" stop-color="${gold}" stop-opacity="0.55"/></linearGradient>
		</defs>
		<rect width="${width}" height="${height}" fill="url(#wall)"/>
		${arches}
		<rect y="${height * 0.9}" width="${width}" height="${height * 0.1}" fill="${deep}" opacity="0.55"/>`,
	)
}

/** Overlapping translucent circles: a celebration, a gathering. */
export function circlesArt(seed: number, width = 1600, height = 900) {
	const r = rng(seed)
	const palette = paletteFor(seed)
	const [deep] = palette
	const circles = Array.from({ length: 14 }, () => {
		const colour = palette[1 + Math.floor(r() * 3)]
		return `<circle cx="${r() * width}" cy="${r() * height}" r="${height * (0.08 + r() * 0.35)}" fill="${colour}" opacity="${0.18 + r() * 0.35}"/>`
	}).join('')
	return svg(width, height, `<rect width="${width}" height="${height}" fill="${deep}"/>${circles}`)
}

/** A head-and-shoulders silhouette on a soft background, for board portraits. */
export function portraitArt(seed: number, size = 640) {
	const r = rng(seed)
	const [deep, mid, gold, light] = paletteFor(seed)
	const hair = r() < 0.5 ? deep : mid
	return svg(
		size,
		size,
		`<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${gold}" stop-opacity="0.6"/></linearGradient></defs>
		<rect width="${size}" height="${size}" fill="url(#bg)"/>
		<ellipse cx="${size / 2}" cy="${size * 1.02}" rx="${size * 0.4}" ry="${size * 0.34}" fill="${mid}"/>
		<path d="M${size * 0.28} ${size * 0.46} Q${size / 2} ${size * 0.1} ${size * 0.72} ${size * 0.46} Q${size * 0.76} ${size * 0.66} ${size * 0.68} ${size * 0.72} L${size * 0.32} ${size * 0.72} Q${size * 0.24} ${size * 0.66} ${size * 0.28} ${size * 0.46} Z" fill="${hair}" opacity="${0.55 + r() * 0.25}"/>
		<circle cx="${size / 2}" cy="${size * 0.44}" r="${size * 0.16}" fill="${gold}" opacity="0.9"/>`,
	)
}

/** A book cover with its title and author, for the literature award grid. */
export function bookCoverArt(seed: number, title: string, author: string, width = 400, height = 600) {
	const r = rng(seed)
	const [deep, mid, gold, light] = paletteFor(seed)
	const lines = wrapWords(title, 16, 4)
	const text = lines
		.map((line, i) => textPath(line, { x: width / 2, y: 190 + i * 44, size: 34, fill: light, weight: 'bold', anchor: 'middle' }))
		.join('')
	const ornament = Array.from(
		{ length: 6 },
		(_, i) =>
			`<circle cx="${width / 2}" cy="${110}" r="${8 + i * 9}" fill="none" stroke="${gold}" stroke-opacity="${0.7 - i * 0.1}" stroke-width="2"/>`,
	).join('')
	return svg(
		width,
		height,
		`<rect width="${width}" height="${height}" fill="${r() < 0.5 ? deep : mid}"/>
		<rect x="18" y="18" width="${width - 36}" height="${height - 36}" fill="none" stroke="${gold}" stroke-width="3"/>
		<rect x="0" y="0" width="14" height="${height}" fill="${deep}" opacity="0.6"/>
		${ornament}
		${text}
		<rect x="${width / 2 - 40}" y="${height - 150}" width="80" height="3" fill="${gold}"/>
		${textPath(author, { x: width / 2, y: height - 100, size: 24, fill: light, anchor: 'middle' })}`,
	)
}

/** A logo mark with the firm's initials, for member perks. */
export function logoArt(seed: number, name: string, size = 400) {
	const [deep, mid, gold, light] = paletteFor(seed)
	const initials = name
		.split(/\s+/)
		.filter((w) => /^\p{L}/u.test(w))
		.slice(0, 2)
		.map((w) => w.charAt(0).toLocaleUpperCase('tr-TR'))
		.join('')
	return svg(
		size,
		size,
		`<rect width="${size}" height="${size}" fill="${light}"/>
		<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.38}" fill="${seed % 2 ? deep : mid}"/>
		<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.38}" fill="none" stroke="${gold}" stroke-width="${size * 0.03}"/>
		${textPath(initials || '•', { x: size / 2, y: size / 2 + size * 0.11, size: size * 0.3, fill: light, weight: 'bold', anchor: 'middle' })}`,
	)
}

/** The first page of a monthly bulletin, used when a PDF has no rendered cover. */
export function bulletinCoverArt(seed: number, heading: string, subheading: string, width = 420, height = 660) {
	const [deep, mid, gold, light] = paletteFor(seed)
	return svg(
		width,
		height,
		`<rect width="${width}" height="${height}" fill="${light}"/>
		<rect width="${width}" height="${height * 0.36}" fill="${deep}"/>
		<rect y="${height * 0.36}" width="${width}" height="8" fill="${gold}"/>
		${textPath('BÜLTEN', { x: width / 2, y: height * 0.16, size: 54, fill: light, weight: 'bold', anchor: 'middle', letterSpacing: 0.12 })}
		${textPath(heading, { x: width / 2, y: height * 0.27, size: 30, fill: gold, anchor: 'middle' })}
		${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="40" y="${height * 0.45 + i * 34}" width="${width - 80 - (i % 3) * 60}" height="10" rx="5" fill="${mid}" opacity="0.25"/>`).join('')}
		${textPath(subheading, { x: width / 2, y: height - 40, size: 20, fill: deep, anchor: 'middle' })}`,
	)
}
