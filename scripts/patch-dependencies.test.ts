import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
// @ts-expect-error -- plain JavaScript (it runs at install, under whatever Node npm uses), no declarations
import { patchServerRuntime, REACT_ROUTER_FILES } from './patch-dependencies.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const patch = patchServerRuntime as (text: string) => { text: string; changed: boolean }
const LAZY = /get serverHandoffStream\(\) \{ return Object\.defineProperty\(this, 'serverHandoffStream'/

test('the installed React Router encodes loader data only when a page reads it (npm ci ran the postinstall patch)', () => {
	for (const file of REACT_ROUTER_FILES as Array<string>) {
		const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
		expect({ file, lazy: LAZY.test(text) }).toEqual({ file, lazy: true })
		// The error path still builds its context eagerly (a second render after a failed one).
		expect(text.match(/serverHandoffStream: encodeViaTurboStream\(/g)).toHaveLength(1)
	}
})

test('the patch applies to the code it knows, once, and refuses any other code', () => {
	const installed = fs.readFileSync(path.join(ROOT, REACT_ROUTER_FILES[0] as string), 'utf8')
	const original = installed.replace(
		/get serverHandoffStream\(\) \{ return Object\.defineProperty\(this, 'serverHandoffStream', \{ value: (encodeViaTurboStream\([^)]*\)), enumerable: true, writable: true \}\)\.serverHandoffStream \}/,
		'serverHandoffStream: $1',
	)
	expect(original).not.toMatch(LAZY)
	const once = patch(original)
	expect(once.changed).toBe(true)
	expect(once.text).toBe(installed)
	expect(patch(once.text)).toEqual({ text: installed, changed: false })
	expect(() =>
		patch(original.replace('build.entry.module.streamTimeout, serverMode),\n\t\t\trenderMeta', 'streamTimeout),\n\t\t\trenderMeta')),
	).toThrow(/code to patch was not found/)
})

test('the getter encodes once, however often it is read, and a context without it hands nothing over', async () => {
	const { encodeLazily } = await lazyContext()
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

/** The patched getter's own text, evaluated around a stand-in for the encoder. */
async function lazyContext() {
	const installed = fs.readFileSync(path.join(ROOT, REACT_ROUTER_FILES[0] as string), 'utf8')
	const getter = /get serverHandoffStream\(\) \{.*\.serverHandoffStream \}/.exec(installed)?.[0]
	if (!getter) throw new Error('getter not found')
	const make = new Function('encodeViaTurboStream', 'state', 'request', 'build', 'serverMode', `return { ${getter} }`) as (
		...args: Array<unknown>
	) => { serverHandoffStream: ReadableStream }
	return {
		encodeLazily: (encode: () => ReadableStream) =>
			make(encode, {}, { signal: new AbortController().signal }, { entry: { module: {} } }, 'production'),
	}
}
