import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { encodeImage, type EncodedImage } from '#app/lib/images.server.ts'
import { appRoot } from '#app/lib/app-root.server.ts'

/**
 * The demo's pictures and bulletins, drawn once per checkout.
 *
 * The demo seed draws about 70 pictures (SVG art re-encoded with its WebP
 * variants) and 90 bulletin PDFs with their covers: about 15 s of CPU,
 * on every fresh data directory (the first `npm start`, `npm run db:reset`,
 * each test server and measurement that starts from the demo). The same
 * input always gives the same files, so each result is kept under a hash
 * of its input and of what draws it (the drawing code and the versions of
 * sharp, pdfkit and mupdf): a changed picture, a changed encoder setting or
 * an upgraded library is simply a new entry. Entries are written whole
 * (a temporary file renamed), so processes seeding at the same time share
 * the folder safely.
 *
 * `DEMO_MEDIA_CACHE`: the folder (default `node_modules/.cache/nds-demo-media`),
 * or `off`. Only the demo seed uses it; uploads are always encoded afresh.
 */
export type DemoMediaCache = {
	/** `encodeImage(input)`, kept. */
	image(input: Buffer): Promise<EncodedImage>
	/** `make()`, kept under `name` (which must name everything the bytes depend on besides the drawing code). */
	bytes(name: string, make: () => Promise<Uint8Array>): Promise<Buffer>
}

/** Bumped when an entry's layout changes. */
const FORMAT = 1

/** The sources whose code decides what the cached bytes are. */
const DRAWING_SOURCES = [
	'app/lib/images.server.ts',
	'app/lib/pdf.server.ts',
	'app/lib/pdf-worker.server.ts',
	'app/features/site/seed/bulletin-pdf.ts',
	'app/features/site/seed/demo-data.ts',
]
const DRAWING_PACKAGES = ['sharp', 'pdfkit', 'mupdf', 'fontkit', '@expo-google-fonts/noto-sans']

/** What draws the cached bytes, as a hash; null when it cannot be told (a source missing), and nothing is then kept. */
function drawingFingerprint(root: string): string | null {
	const hash = crypto.createHash('sha256').update(`format ${FORMAT}\n`)
	try {
		for (const source of DRAWING_SOURCES) {
			const file = path.join(root, source)
			if (!fs.existsSync(file)) continue
			hash.update(`${source}\n`).update(fs.readFileSync(file))
		}
		for (const name of DRAWING_PACKAGES) {
			// Read where npm installs them: most of these packages do not export their package.json.
			const manifest = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }
			hash.update(`${name}@${manifest.version}\n`)
		}
	} catch {
		return null
	}
	return hash.digest('hex')
}

export function demoMediaCacheDir(setting = process.env.DEMO_MEDIA_CACHE, root = appRoot()): string | null {
	if (setting === 'off') return null
	return setting ? path.resolve(setting) : path.join(root, 'node_modules', '.cache', 'nds-demo-media')
}

export function createDemoMediaCache(dir = demoMediaCacheDir(), root = appRoot()): DemoMediaCache {
	const fingerprint = dir ? drawingFingerprint(root) : null
	const fileFor = (kind: string, input: Uint8Array | string) =>
		dir && fingerprint
			? path.join(
					dir,
					`${kind}-${crypto.createHash('sha256').update(fingerprint).update(kind).update(input).digest('hex').slice(0, 40)}.bin`,
				)
			: null

	return {
		async image(input) {
			const file = fileFor('image', input)
			const kept = file ? readEntry(file) : null
			if (kept) {
				const image = imageFromEntry(kept)
				if (image) return image
			}
			const image = await encodeImage(input)
			if (file) writeEntry(file, imageToEntry(image))
			return image
		},
		async bytes(name, make) {
			const file = fileFor('bytes', name)
			const kept = file ? readEntry(file) : null
			if (kept && kept.parts.length === 1) return kept.parts[0]!
			const made = Buffer.from(await make())
			if (file) writeEntry(file, { header: {}, parts: [made] })
			return made
		},
	}
}

type Entry = { header: Record<string, unknown>; parts: Array<Buffer> }

/** An entry's layout: a 4-byte length, its JSON header (with the parts' lengths), then the parts. */
function writeEntry(file: string, entry: Entry) {
	const header = Buffer.from(JSON.stringify({ ...entry.header, lengths: entry.parts.map((part) => part.length) }))
	const length = Buffer.alloc(4)
	length.writeUInt32BE(header.length)
	const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`
	try {
		fs.mkdirSync(path.dirname(file), { recursive: true })
		fs.writeFileSync(temporary, Buffer.concat([length, header, ...entry.parts]))
		fs.renameSync(temporary, file)
	} catch {
		// A cache that cannot be written (a read-only checkout) only means drawing again next time.
		fs.rmSync(temporary, { force: true })
	}
}

function readEntry(file: string): Entry | null {
	let bytes: Buffer
	try {
		bytes = fs.readFileSync(file)
	} catch {
		return null
	}
	try {
		const headerLength = bytes.readUInt32BE(0)
		const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as Record<string, unknown> & { lengths: Array<number> }
		const parts: Array<Buffer> = []
		let at = 4 + headerLength
		for (const length of header.lengths) {
			parts.push(bytes.subarray(at, at + length))
			at += length
		}
		// A cut-off or padded file is not an entry.
		return at === bytes.length ? { header, parts } : null
	} catch {
		return null
	}
}

function imageToEntry(image: EncodedImage): Entry {
	return {
		header: {
			width: image.width,
			height: image.height,
			hasAlpha: image.hasAlpha,
			variants: image.variants.map((variant) => variant.width),
		},
		parts: [image.data, ...image.variants.map((variant) => variant.data)],
	}
}

function imageFromEntry({ header, parts }: Entry): EncodedImage | null {
	const widths = header.variants
	if (!Array.isArray(widths) || widths.length !== parts.length - 1) return null
	if (typeof header.width !== 'number' || typeof header.height !== 'number' || typeof header.hasAlpha !== 'boolean') return null
	return {
		data: parts[0]!,
		width: header.width,
		height: header.height,
		hasAlpha: header.hasAlpha,
		variants: widths.map((width, i) => ({ width: Number(width), data: parts[i + 1]! })),
	}
}
