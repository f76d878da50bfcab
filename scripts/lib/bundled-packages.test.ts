import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { APP_BUNDLED_ROOTS, isExternal, NEVER_BUNDLED, packageOf, SERVER_BUNDLED_ROOTS, withDependencies } from './bundled-packages.ts'

const BUILD = path.resolve(import.meta.dirname, '..', '..', process.env.SITE_BUILD_DIR ?? 'build')

/** The packages a built file still loads from node_modules: its static and dynamic imports and its requires. */
function packagesImported(dir: string) {
	const found = new Set<string>()
	const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
	for (const file of files) {
		const code = fs.readFileSync(path.join(dir, file), 'utf8')
		const imports = code.matchAll(/^import [^;]*?from "([^"]+)"|^import "([^"]+)"|\bimport\("([^"]+)"\)|require\("([^"]+)"\)/gm)
		for (const match of imports) {
			const id = match[1] ?? match[2] ?? match[3] ?? match[4] ?? ''
			if (!id.startsWith('.') && !id.startsWith('node:') && isExternal(id, new Set())) found.add(packageOf(id))
		}
	}
	return found
}

test('a bundled package brings its dependencies, wherever they are installed, and never React or React Router', () => {
	const app = withDependencies(APP_BUNDLED_ROOTS)
	for (const name of [...APP_BUNDLED_ROOTS, 'postcss', 'htmlparser2', '@better-auth/core', 'jose']) expect(app).toContain(name)
	// Installed inside better-auth's own node_modules.
	expect(app).toContain('@better-auth/drizzle-adapter')
	for (const name of NEVER_BUNDLED) expect(app).not.toContain(name)
	const server = withDependencies(SERVER_BUNDLED_ROOTS)
	for (const name of ['express', 'body-parser', 'iconv-lite', 'compression', 'zod']) expect(server).toContain(name)
	expect(server).not.toContain('react-router')

	expect(isExternal('node:fs', server)).toBe(true)
	expect(isExternal('fs', server)).toBe(true)
	expect(isExternal('express/lib/router', server)).toBe(false)
	expect(isExternal('#app/lib/env.server.ts', server)).toBe(false)
	expect(isExternal('react-router', server)).toBe(true)
})

test('the production build loads no bundled package from node_modules, and React Router from there once for both builds', () => {
	const app = packagesImported(path.join(BUILD, 'server'))
	const server = packagesImported(path.join(BUILD, 'node'))
	expect([...app].filter((name) => withDependencies(APP_BUNDLED_ROOTS).has(name))).toEqual([])
	expect([...server].filter((name) => withDependencies(SERVER_BUNDLED_ROOTS).has(name))).toEqual([])
	expect(app).toContain('react-router')
	expect(server).toContain('react-router')
	expect(app).toContain('react-dom')
})

test('the server builds are ASCII only, so the process keeps each module’s source at one byte a character', () => {
	const notAscii: Array<string> = []
	for (const dir of ['server', 'node']) {
		for (const file of fs
			.readdirSync(path.join(BUILD, dir), { recursive: true, encoding: 'utf8' })
			.filter((name) => name.endsWith('.js'))) {
			const bytes = fs.readFileSync(path.join(BUILD, dir, file))
			if (bytes.some((byte) => byte > 0x7f)) notAscii.push(`${dir}/${file}`)
		}
	}
	expect(notAscii).toEqual([])
})
