import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

/**
 * The layers of the code, from the bottom up: app/lib (cross-cutting), app/components (shared UI),
 * app/features (one folder a kind of content), app/routes (thin route modules). A layer imports only
 * the ones below it, and no two modules import each other, directly or round a longer loop.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..')
const SOURCE = /\.(ts|tsx)$/
/** Imports from app/features that app/lib still has, each with the reason it may stay for now. */
const LIB_TO_FEATURES_ALLOWED = new Set<string>([])

function listFiles(dir: string): Array<string> {
	const entries = fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })
	return entries.flatMap((entry) => {
		const rel = `${dir}/${entry.name}`
		if (entry.isDirectory()) return entry.name === '+types' ? [] : listFiles(rel)
		return SOURCE.test(entry.name) ? [rel] : []
	})
}

const IMPORT = /(?:^|[;}\s])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm

/** What a file imports, as paths from the repository root (packages left out). */
function importsOf(file: string): Array<string> {
	const text = fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|(?<![:'"`])\/\/.*$/gm, '')
	const found: Array<string> = []
	for (const match of text.matchAll(IMPORT)) {
		const specifier = (match[1] ?? match[2])!
		if (specifier.startsWith('#app/')) found.push(`app/${specifier.slice('#app/'.length)}`)
		else if (specifier.startsWith('#db/')) found.push(`db/${specifier.slice('#db/'.length)}`)
		else if (specifier.startsWith('#tests/')) found.push(`tests/${specifier.slice('#tests/'.length)}`)
		else if (specifier.startsWith('.')) found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)))
	}
	return found.map((target) => target.replace(/\?.*$/, ''))
}

function importsInto(files: Array<string>, folder: string) {
	return files.flatMap((file) =>
		importsOf(file)
			.filter((target) => target.startsWith(folder))
			.map((target) => `${file} -> ${target}`),
	)
}

test('keeps app/lib free of imports from app/features', () => {
	const files = listFiles('app/lib').filter((file) => !LIB_TO_FEATURES_ALLOWED.has(file))
	expect(files.length).toBeGreaterThan(20)
	expect(importsInto(files, 'app/features/')).toEqual([])
})

test('keeps the shared components free of imports from app/features (the admin’s own components live in features/admin)', () => {
	const files = listFiles('app/components')
	expect(files.length).toBeGreaterThan(5)
	expect(importsInto(files, 'app/features/')).toEqual([])
})

test('keeps app/features and app/components free of imports from app/routes', () => {
	const files = [...listFiles('app/features'), ...listFiles('app/components')]
	expect(importsInto(files, 'app/routes/')).toEqual([])
	expect(importsInto(files, 'app/routes.ts')).toEqual([])
})

test('keeps app/lib, app/components, app/features, app/routes and server free of import cycles', () => {
	const files = ['app/lib', 'app/components', 'app/features', 'app/routes', 'server']
		.flatMap(listFiles)
		.filter((file) => !/\.test\.tsx?$/.test(file))
	const known = new Set(files)
	const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => known.has(target))]))
	const cycles: Array<string> = []
	const state = new Map<string, 'open' | 'done'>()
	const stack: Array<string> = []
	function visit(file: string) {
		state.set(file, 'open')
		stack.push(file)
		for (const next of graph.get(file) ?? []) {
			if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '))
			else if (!state.has(next)) visit(next)
		}
		stack.pop()
		state.set(file, 'done')
	}
	for (const file of files) if (!state.has(file)) visit(file)
	expect(cycles).toEqual([])
})

test('reads static, type-only, re-exported and dynamic imports, so the checks above see every arrow', () => {
	expect(importsOf('app/lib/storage.server.ts')).toEqual(
		expect.arrayContaining(['app/lib/storage-driver.server.ts', 'app/lib/env.server.ts', 'app/lib/storage-s3.server.ts']),
	)
	expect(importsOf('app/features/awards/components/awards-table.tsx')).toContain('app/features/awards/awards.shared.ts')
	expect(importsOf('app/root.tsx')).toContain('app/styles/app.css')
})

test('allows an import from app/features in app/lib only where one is still there', () => {
	const stale = [...LIB_TO_FEATURES_ALLOWED].filter(
		(file) => !fs.existsSync(path.join(ROOT, file)) || importsInto([file], 'app/features/').length === 0,
	)
	expect(stale, 'Take these files off LIB_TO_FEATURES_ALLOWED').toEqual([])
})
