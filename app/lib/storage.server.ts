import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { getEnv, type Env } from './env.server.ts'
import { assertSafeKey, contentTypeForKey, StorageError, type StorageDriver } from './storage-driver.server.ts'

// Media storage: the disk driver and the one driver this process uses, local
// disk (default, served by this app under /media/) or an S3-compatible bucket
// (storage-s3.server.ts, loaded only when chosen). Both meet StorageDriver
// (storage-driver.server.ts).

export const MEDIA_FOLDERS = [
	'announcements',
	'announcements/hero_bg',
	'announcements/og',
	'events',
	'events/hero_bg',
	'events/og',
	'bulletins',
	'alumni_news',
	'alumni_news/og',
	'perks',
	'board',
	'books',
	'pages',
] as const

export function createDiskStorage(root: string, publicBase = '/media'): StorageDriver {
	const base = publicBase.replace(/\/+$/, '')
	const fileFor = (key: string) => {
		assertSafeKey(key)
		return path.join(root, ...key.split('/'))
	}
	return {
		kind: 'local',
		async put(key, body, options) {
			const file = fileFor(key)
			await fsp.mkdir(path.dirname(file), { recursive: true })
			const temp = `${file}.${process.pid}.${Date.now()}.tmp`
			// Written to a temporary name, flushed, then renamed: a crash never
			// leaves half a file under a key the database points at.
			const handle = await fsp.open(temp, 'w')
			try {
				await handle.writeFile(body)
				if (options.durable !== false) await handle.sync()
			} finally {
				await handle.close()
			}
			if (!options.overwrite) {
				try {
					await fsp.link(temp, file)
				} catch (error) {
					await fsp.rm(temp, { force: true })
					if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
						throw new StorageError(`A file with this name already exists: ${key}`)
					}
					throw error
				}
				await fsp.rm(temp, { force: true })
			} else {
				await fsp.rename(temp, file)
			}
		},
		async get(key) {
			const contentType = contentTypeForKey(key)
			if (!contentType) return null
			try {
				const body = await fsp.readFile(fileFor(key))
				return { body, contentType, size: body.length }
			} catch (error) {
				if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
				throw error
			}
		},
		async exists(key) {
			try {
				await fsp.access(fileFor(key))
				return true
			} catch {
				return false
			}
		},
		async remove(key) {
			await fsp.rm(fileFor(key), { force: true })
		},
		async list(prefix = '') {
			const start = prefix ? path.join(root, ...prefix.split('/')) : root
			const keys: Array<string> = []
			async function walk(dir: string) {
				let entries: Array<fs.Dirent>
				try {
					entries = await fsp.readdir(dir, { withFileTypes: true })
				} catch {
					return
				}
				for (const entry of entries) {
					const full = path.join(dir, entry.name)
					if (entry.isDirectory()) await walk(full)
					else if (!entry.name.endsWith('.tmp')) keys.push(path.relative(root, full).split(path.sep).join('/'))
				}
			}
			await walk(start)
			return keys.toSorted()
		},
		url(key) {
			return `${base}/${key}`
		},
		async check() {
			await fsp.mkdir(root, { recursive: true })
			const probe = path.join(root, `.probe-${process.pid}-${Date.now()}`)
			await fsp.writeFile(probe, 'ok')
			await fsp.rm(probe, { force: true })
		},
	}
}

let driver: StorageDriver | undefined

export async function initStorage(env: Env = getEnv()): Promise<StorageDriver> {
	if (env.STORAGE === 's3') {
		// Loaded only when chosen: the AWS SDK is large.
		const { createS3Storage, s3ConfigFromEnv } = await import('./storage-s3.server.ts')
		driver = createS3Storage(s3ConfigFromEnv(env))
	} else {
		driver = createDiskStorage(path.join(env.dataDir, 'media'), env.MEDIA_PUBLIC_URL || '/media')
	}
	await driver.check()
	return driver
}

export function getStorage(): StorageDriver {
	if (!driver) {
		const env = getEnv()
		if (env.STORAGE === 's3') throw new StorageError('S3 storage is configured but was not initialised (initStorage).')
		driver = createDiskStorage(path.join(env.dataDir, 'media'), env.MEDIA_PUBLIC_URL || '/media')
	}
	return driver
}

export function setStorageForTests(next: StorageDriver) {
	driver = next
}

/** Deletes an object, never failing the request that asked (spec: replacing files). */
export async function removeQuietly(key: string | null | undefined) {
	if (!key || /^(https?:)?\/\//.test(key) || key.startsWith('/')) return
	try {
		await getStorage().remove(key)
	} catch {
		// The row already points elsewhere; a leftover file is harmless.
	}
}
