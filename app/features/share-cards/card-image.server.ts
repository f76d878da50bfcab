import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { ReactNode } from 'react'
import { appRoot } from '#app/lib/app-root.server.ts'
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from './share-cards.shared.ts'

/**
 * Draws a share card: satori lays the card out to SVG (every letter as a
 * path, from a full Noto Sans TTF, so Turkish letters never depend on the
 * fonts of the machine) and sharp rasterises it, with the item's cover
 * composited on the right when it has one. satori, sharp and the fonts are
 * imported on the first card only: the drawing runs in a child process
 * (share-cards.jobs.server.ts), never on a page request.
 */

export type ShareCardText = {
	/** "Duyuru", "Etkinlik", "Mezunlardan Haberler". */
	kindLabel: string
	title: string
	/** The date as the card prints it (Turkish, Istanbul time), or null. */
	date: string | null
	/** The association's short name (settings). */
	siteName: string
}

export type RenderedCard = { body: Buffer; contentType: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' }

/** The association's colours (app/styles/app.css). */
const NAVY_900 = '#0b1a33'
const NAVY_800 = '#13294b'
const GOLD = '#c9a227'
const CREAM = '#f4e9d0'

/** With a cover: the text panel on the left, the cover filling the rest. */
export const COVER_LEFT = 660
export const COVER_WIDTH = SHARE_CARD_WIDTH - COVER_LEFT

/** The association's mark as in the header (app/components/ui/logo.tsx), without its lettering (drawn by satori, as paths). */
const SHIELD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M32 3 7 11v19c0 15 10.5 25.5 25 31 14.5-5.5 25-16 25-31V11L32 3Z" fill="${NAVY_800}" stroke="${GOLD}" stroke-width="3"/><path d="m32 12 2.4 5 5.5.8-4 3.9.9 5.5-4.8-2.6-4.8 2.6.9-5.5-4-3.9 5.5-.8Z" fill="${GOLD}"/></svg>`
const SHIELD_SRC = `data:image/svg+xml;base64,${Buffer.from(SHIELD_SVG).toString('base64')}`

const FONT_FILES = {
	regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
	bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const

export type ShareCardFonts = { regular: Buffer; bold: Buffer; files: { regular: string; bold: string } }

let fonts: ShareCardFonts | undefined

/** Full Noto Sans TTFs (Latin with Turkish, Greek, Cyrillic, Vietnamese): no subset can miss a letter of a title. */
export function shareCardFonts(): ShareCardFonts {
	if (!fonts) {
		const require = createRequire(path.join(appRoot(), 'package.json'))
		const files = { regular: require.resolve(FONT_FILES.regular), bold: require.resolve(FONT_FILES.bold) }
		fonts = { regular: fs.readFileSync(files.regular), bold: fs.readFileSync(files.bold), files }
	}
	return fonts
}

type CoverageFont = { hasGlyphForCodePoint(codePoint: number): boolean }
let coverage: Promise<CoverageFont> | undefined

async function coverageFont(): Promise<CoverageFont> {
	coverage ??= import('fontkit').then((fontkit) => fontkit.create(shareCardFonts().bold) as unknown as CoverageFont)
	return coverage
}

/** Text the font can draw: letters it has no glyph for (emoji, CJK) are left out instead of printing empty boxes. */
async function drawable(text: string) {
	const font = await coverageFont()
	const kept = [...text.normalize('NFC')].filter((char) => /\s/.test(char) || font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0))
	return kept.join('').replace(/\s+/g, ' ').trim()
}

type Style = Record<string, string | number>
type Node = { type: string; props: Record<string, unknown> }

/** A satori element without JSX (this module also runs as plain TypeScript in the child process). */
function h(type: string, props: { style?: Style; [name: string]: unknown }, ...children: Array<Node | string | null>): Node {
	const kept = children.filter((child) => child !== null)
	return { type, props: { ...props, children: kept.length === 1 ? kept[0] : kept } }
}

/** Long titles step down in size so three lines hold most of them. */
function titleSize(title: string, withCover: boolean) {
	const length = title.length
	if (withCover) return length <= 40 ? 52 : length <= 80 ? 44 : 38
	return length <= 40 ? 68 : length <= 80 ? 58 : 50
}

function layout(text: ShareCardText, withCover: boolean): Node {
	const panelWidth = withCover ? COVER_LEFT : SHARE_CARD_WIDTH
	const padX = withCover ? 56 : 80
	const textWidth = panelWidth - padX * 2
	return h(
		'div',
		{
			style: {
				width: SHARE_CARD_WIDTH,
				height: SHARE_CARD_HEIGHT,
				display: 'flex',
				backgroundColor: NAVY_900,
				fontFamily: 'Noto Sans',
			},
		},
		h(
			'div',
			{
				style: {
					width: panelWidth,
					height: SHARE_CARD_HEIGHT,
					display: 'flex',
					flexDirection: 'column',
					justifyContent: 'space-between',
					// satori's boxes are content-box by default: padding and borders would push the date off the card.
					boxSizing: 'border-box',
					padding: `56px ${padX}px 60px ${padX}px`,
					backgroundImage: `linear-gradient(135deg, ${NAVY_800} 0%, ${NAVY_900} 100%)`,
					borderBottom: `10px solid ${GOLD}`,
					...(withCover ? { borderRight: `8px solid ${GOLD}` } : {}),
				},
			},
			h(
				'div',
				{ style: { display: 'flex', alignItems: 'center' } },
				h(
					'div',
					{ style: { display: 'flex', position: 'relative', width: 88, height: 88, justifyContent: 'center' } },
					h('img', { src: SHIELD_SRC, width: 88, height: 88 }),
					h(
						'div',
						{ style: { position: 'absolute', top: 47, fontSize: 20, fontWeight: 700, color: CREAM, letterSpacing: 1, lineHeight: 1 } },
						'NDS',
					),
				),
				h(
					'div',
					{ style: { marginLeft: 22, fontSize: withCover ? 26 : 30, fontWeight: 700, color: CREAM, width: textWidth - 110 } },
					text.siteName,
				),
			),
			h(
				'div',
				{ style: { display: 'flex', flexDirection: 'column' } },
				h('div', { style: { fontSize: 24, fontWeight: 700, color: GOLD, letterSpacing: 4 } }, text.kindLabel.toLocaleUpperCase('tr-TR')),
				h(
					'div',
					{
						style: {
							display: 'block',
							width: textWidth,
							marginTop: 14,
							fontSize: titleSize(text.title, withCover),
							fontWeight: 700,
							lineHeight: 1.18,
							color: '#ffffff',
							lineClamp: 3,
							wordBreak: 'break-word',
						},
					},
					text.title,
				),
				text.date
					? h(
							'div',
							{ style: { display: 'flex', alignItems: 'center', marginTop: 26 } },
							h('div', { style: { width: 48, height: 4, backgroundColor: GOLD } }),
							h('div', { style: { marginLeft: 18, fontSize: withCover ? 26 : 30, color: CREAM } }, text.date),
						)
					: null,
			),
		),
	)
}

/** The card as SVG (text as paths); `withCover` leaves the right side for the cover. */
export async function renderShareCardSvg(text: ShareCardText, withCover: boolean): Promise<string> {
	const [{ default: satori }, cleaned] = await Promise.all([
		import('satori'),
		Promise.all([drawable(text.kindLabel), drawable(text.title), text.date ? drawable(text.date) : null, drawable(text.siteName)]),
	])
	const [kindLabel, title, date, siteName] = cleaned
	const { regular, bold } = shareCardFonts()
	return satori(layout({ kindLabel, title, date, siteName }, withCover) as unknown as ReactNode, {
		width: SHARE_CARD_WIDTH,
		height: SHARE_CARD_HEIGHT,
		fonts: [
			{ name: 'Noto Sans', data: regular, weight: 400, style: 'normal' },
			{ name: 'Noto Sans', data: bold, weight: 700, style: 'normal' },
		],
	})
}

/**
 * The card as an image: PNG (a palette of flat colours keeps it near 25 KB)
 * without a cover, JPEG with one (a photo as PNG would be ten times larger).
 * Scrapers do not all take WebP.
 */
export async function renderShareCard(text: ShareCardText, cover: Buffer | null): Promise<RenderedCard> {
	const { default: sharp } = await import('sharp')
	let fitted: Buffer | null = null
	if (cover) {
		try {
			fitted = await sharp(cover, { limitInputPixels: 40_000_000 })
				.rotate()
				.resize(COVER_WIDTH, SHARE_CARD_HEIGHT, { fit: 'cover', position: 'centre' })
				.toBuffer()
		} catch {
			// An unreadable cover: the card is drawn without it rather than not at all.
			fitted = null
		}
	}
	const svg = await renderShareCardSvg(text, fitted !== null)
	const card = sharp(Buffer.from(svg))
	if (fitted) {
		const body = await card
			.composite([{ input: fitted, left: COVER_LEFT, top: 0 }])
			.flatten({ background: NAVY_900 })
			.jpeg({ quality: 82, mozjpeg: true })
			.toBuffer()
		return { body, contentType: 'image/jpeg', ext: 'jpg' }
	}
	const body = await card.flatten({ background: NAVY_900 }).png({ palette: true, effort: 4 }).toBuffer()
	return { body, contentType: 'image/png', ext: 'png' }
}
