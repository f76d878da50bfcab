import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { encodeImage } from '#app/lib/images.server.ts'
import { appRoot } from '#app/lib/app-root.server.ts'
import { makeTempDir } from '#tests/setup/db.ts'
import { createDemoMediaCache, demoMediaCacheDir } from './demo-media-cache.ts'

const svg = (fill: string) =>
	Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="900" height="500"><rect width="900" height="500" fill="${fill}"/></svg>`)

const entries = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.bin')) : [])

test('keeps an encoded picture and gives the same image back from the folder, a new entry for a new picture', async () => {
	const dir = makeTempDir('demo-media-')
	const cache = createDemoMediaCache(dir)
	const first = await cache.image(svg('#13294b'))
	expect(entries(dir)).toHaveLength(1)
	// What encodeImage itself gives, variants and all.
	const direct = await encodeImage(svg('#13294b'))
	const shape = (image: typeof first) => ({ ...image, data: image.data.length, variants: image.variants.map((variant) => variant.width) })
	expect(shape(first)).toEqual(shape(direct))

	// A second cache on the same folder (another process) reads the entry: the same bytes.
	const again = await createDemoMediaCache(dir).image(svg('#13294b'))
	expect(again.data.equals(first.data)).toBe(true)
	expect(again.variants.map((variant) => variant.data.equals(first.variants.find((v) => v.width === variant.width)!.data))).not.toContain(
		false,
	)
	expect((await sharp(again.variants[0]!.data).metadata()).format).toBe('webp')
	expect(entries(dir)).toHaveLength(1)

	await cache.image(svg('#c9a227'))
	expect(entries(dir)).toHaveLength(2)
})

test('reads the kept bytes instead of making them again, and makes them again when an entry is damaged', async () => {
	const dir = makeTempDir('demo-media-')
	const cache = createDemoMediaCache(dir)
	let made = 0
	const make = async () => {
		made++
		return Buffer.from('%PDF-1.7 örnek bülten')
	}
	const first = await cache.bytes('bulletin 2024-3', make)
	const second = await createDemoMediaCache(dir).bytes('bulletin 2024-3', make)
	expect(made).toBe(1)
	expect(second.equals(first)).toBe(true)

	// A cut-off entry (a process stopped while writing, a full disk) is not taken: the bytes are made and kept again.
	const [entry] = entries(dir)
	const file = path.join(dir, entry!)
	fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 10))
	expect((await createDemoMediaCache(dir).bytes('bulletin 2024-3', make)).equals(first)).toBe(true)
	expect(made).toBe(2)
	expect(await createDemoMediaCache(dir).bytes('bulletin 2024-3', make)).toEqual(first)
	expect(made).toBe(2)

	// Another name is another entry.
	await cache.bytes('bulletin 2024-6', make)
	expect(made).toBe(3)
})

test('a change to the drawing code is a new entry; DEMO_MEDIA_CACHE=off keeps nothing', async () => {
	// A copy of the sources the entries depend on, so one can be changed.
	const root = makeTempDir('demo-root-')
	for (const source of ['app/lib/images.server.ts', 'app/features/site/seed/bulletin-pdf.ts']) {
		fs.mkdirSync(path.join(root, path.dirname(source)), { recursive: true })
		fs.copyFileSync(path.join(appRoot(), source), path.join(root, source))
	}
	fs.symlinkSync(path.join(appRoot(), 'node_modules'), path.join(root, 'node_modules'))
	const dir = makeTempDir('demo-media-')
	let made = 0
	const make = async () => Buffer.from(`bytes ${++made}`)
	await createDemoMediaCache(dir, root).bytes('cover', make)
	await createDemoMediaCache(dir, root).bytes('cover', make)
	expect(made).toBe(1)
	fs.appendFileSync(path.join(root, 'app/features/site/seed/bulletin-pdf.ts'), '\n// a changed bulletin\n')
	expect((await createDemoMediaCache(dir, root).bytes('cover', make)).toString()).toBe('bytes 2')
	expect(entries(dir)).toHaveLength(2)

	expect(demoMediaCacheDir('off')).toBeNull()
	expect(demoMediaCacheDir(undefined, '/srv/site')).toBe(path.join('/srv/site', 'node_modules', '.cache', 'nds-demo-media'))
	let off = 0
	const offCache = createDemoMediaCache(demoMediaCacheDir('off'))
	await offCache.bytes('cover', async () => Buffer.from(`off ${++off}`))
	await offCache.bytes('cover', async () => Buffer.from(`off ${++off}`))
	expect(off).toBe(2)
})
