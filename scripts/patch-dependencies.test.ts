import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from 'vitest'
// @ts-expect-error -- plain JavaScript (it runs at install, under whatever Node npm uses), no declarations
import { applyPatch, PATCHES, patchFiles } from './patch-dependencies.mjs'

type Patch = { name: string; file: string; find: string; replace: string; before?: { find: string; insert: string } }
const ROOT = path.resolve(import.meta.dirname, '..')
const patches = PATCHES as Array<Patch>
const apply = applyPatch as (text: string, patch: Patch) => { text: string; changed: boolean }
const filesOf = patchFiles as (patch: Patch) => Array<string>
const installed = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')
/** The file as React Router ships it: the patch taken back out. */
const unpatched = (text: string, patch: Patch) => {
	let original = text.replace(patch.replace, patch.find)
	if (patch.before) original = original.replace(patch.before.insert + patch.before.find, patch.before.find)
	return original
}
const productionModule = async (file: string) =>
	import(pathToFileURL(path.join(ROOT, 'node_modules/react-router/dist/production', file)).href)

test('the installed React Router carries every patch, in both its builds (npm ci ran the postinstall script)', () => {
	for (const patch of patches) {
		for (const file of filesOf(patch)) {
			const text = installed(file)
			expect({ file, patched: text.includes(patch.replace) }).toEqual({ file, patched: true })
			expect({ file, original: text.includes(patch.find) }).toEqual({ file, original: false })
		}
	}
	// The error path still builds its context eagerly (a second render after a failed one).
	expect(
		installed(filesOf(patches.find((p) => p.name === 'lazy-handoff')!)[0]!).match(/serverHandoffStream: encodeViaTurboStream\(/g),
	).toHaveLength(1)
})

test('each patch applies to the code it knows, once, and refuses any other code', () => {
	for (const patch of patches) {
		const text = installed(filesOf(patch)[0]!)
		const original = unpatched(text, patch)
		expect(original).not.toContain(patch.replace)
		const once = apply(original, patch)
		expect({ patch: patch.name, changed: once.changed, same: once.text === text }).toEqual({ patch: patch.name, changed: true, same: true })
		expect(apply(once.text, patch)).toEqual({ text, changed: false })
		const changedUpstream = original.replace(patch.find, patch.find.replace(/\(/, '( '))
		expect(() => apply(changedUpstream, patch)).toThrow(/code to patch was not found/)
	}
})

test('the lazy handoff encodes once, however often it is read, and a context without it hands nothing over', async () => {
	const text = installed(filesOf(patches.find((p) => p.name === 'lazy-handoff')!)[0]!)
	const getter = /get serverHandoffStream\(\) \{.*\.serverHandoffStream \}/.exec(text)?.[0]
	if (!getter) throw new Error('getter not found')
	const make = new Function('encodeViaTurboStream', 'state', 'request', 'build', 'serverMode', `return { ${getter} }`) as (
		...args: Array<unknown>
	) => { serverHandoffStream: ReadableStream }
	const encodeLazily = (encode: () => ReadableStream) =>
		make(encode, {}, { signal: new AbortController().signal }, { entry: { module: {} } }, 'production')
	let encoded = 0
	const context = encodeLazily(() => {
		encoded++
		return new ReadableStream()
	})
	expect(encoded).toBe(0)
	const stream = context.serverHandoffStream
	expect(context.serverHandoffStream).toBe(stream)
	expect(encoded).toBe(1)
	const publicPage: { serverHandoffStream?: ReadableStream } = Object.create(
		encodeLazily(() => {
			encoded++
			return new ReadableStream()
		}),
		{ serverHandoffStream: { value: undefined } },
	)
	expect(publicPage.serverHandoffStream).toBeUndefined()
	expect(encoded).toBe(1)
})

test('the route table objects are built once per build: the same objects for the same build, new ones for another', async () => {
	const { createEntryRouteModules } = await productionModule('lib/server-runtime/entry.js')
	const module = { default: () => null }
	const build = { root: { id: 'root', module }, home: { id: 'home', parentId: 'root', module } }
	const modules = createEntryRouteModules(build)
	expect(modules).toEqual({ root: module, home: module })
	expect(createEntryRouteModules(build)).toBe(modules)
	const rebuilt = { ...build }
	expect(createEntryRouteModules(rebuilt)).not.toBe(modules)
	expect(createEntryRouteModules(rebuilt)).toEqual(modules)

	const { createStaticRouter } = await productionModule('lib/dom/server.js')
	const routes = [{ id: 'root', path: '/', children: [{ id: 'home', index: true }] }]
	const context = {
		basename: '/',
		location: { pathname: '/', search: '', hash: '', state: null, key: 'default' },
		matches: [],
		loaderData: {},
		actionData: null,
		errors: null,
		_match: () => null,
	}
	const first = createStaticRouter(routes, context)
	const second = createStaticRouter(routes, { ...context, loaderData: { home: 1 } })
	expect(second.routes).toBe(first.routes)
	expect(second.manifest).toBe(first.manifest)
	expect(Object.keys(first.manifest)).toEqual(['root', 'home'])
	// Each router still reads its own request's state.
	expect(second.state.loaderData).toEqual({ home: 1 })
	expect(first.state.loaderData).toEqual({})
	expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes)
})

test('route matches are found once per path, each caller gets its own copy, and new routes forget them', async () => {
	const { V6RegExMatcher } = await productionModule('lib/router/matcher.js')
	const { matchRoutes } = await productionModule('lib/router/utils.js')
	const routes = [
		{
			id: 'root',
			path: '/',
			children: [
				{ id: 'home', index: true },
				{ id: 'list', path: 'duyurular' },
				{ id: 'item', path: 'duyurular/:id' },
				{ id: 'other', path: '*' },
			],
		},
	]
	const matcher = new V6RegExMatcher('/')
	matcher.update(routes)
	const ids = (matches: Array<{ route: { id: string } }> | null) => matches?.map((match) => match.route.id) ?? null
	for (const address of ['/', '/duyurular', '/duyurular/12', '/duyurular/12?sayfa=2', '/yok/boyle', '/duyurular/%C3%A7']) {
		const upstream = matchRoutes(routes, address)
		// Asked again, by string or by location, the answer is upstream's.
		for (const location of [address, address, { pathname: address.split('?')[0] }])
			expect({ address, matches: matcher.match(location) }).toEqual({ address, matches: upstream })
	}
	// A caller that changes its matches changes nothing for the next one.
	const first = matcher.match('/duyurular/12')
	first[1].params.id = 'değişti'
	first[0].pathname = '/başka'
	first.pop()
	const again = matcher.match('/duyurular/12')
	expect(again).toHaveLength(2)
	expect(again[0].pathname).toBe('/')
	expect(again[1].params).toEqual({ id: '12' })
	// Every match of one answer shares its params, as upstream's do.
	expect(again[0].params).toBe(again[1].params)
	expect(matcher.match('/duyurular/12', true)).toEqual(matchRoutes(routes, '/duyurular/12'))

	// The same paths against other routes: the kept matches are forgotten.
	matcher.update([{ id: 'only', path: '/duyurular' }])
	expect(ids(matcher.match('/duyurular'))).toEqual(['only'])
	expect(matcher.match('/duyurular/12')).toBeNull()
	expect(ids(matcher.match('/'))).toBeNull()
})
