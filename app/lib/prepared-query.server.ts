import type { Compilable, CompiledQuery } from 'kysely'
import { getDatabase } from './db.server.ts'

type Value = string | number | boolean | null

/** A compiled query and, for each of its parameters, what to bind: a constant, or an argument by name. */
type Template<O> = { compiled: CompiledQuery<O>; slots: Array<{ name: string } | { value: unknown }> }

const MARK = '\u0000prepared:'

/**
 * A read query that public pages run on every render, built and compiled by
 * Kysely once per database (and shape) and afterwards only run with the
 * values of that render. Building and compiling a query cost more than
 * SQLite's running it (the home page's nine queries: about a tenth of its
 * render), and its shape never changes: only the moment it is asked for
 * does, or an id.
 *
 * `build` must use each argument as a whole value of the query (compared,
 * inserted); it is called once with placeholders in their place, and a
 * query that uses an argument any other way (inside a text, in the SQL
 * itself, or not at all) is refused at its first run, so a test of the
 * query finds it. A query whose form depends on an argument (a LIMIT, a
 * clause added or not) names it in `shape`: it is given to `build` as it
 * is, and each value of it is a query of its own.
 */
export function preparedQuery<A extends Record<string, Value>, O>(
	build: (args: A) => Compilable<O>,
	{ shape = [] }: { shape?: ReadonlyArray<keyof A & string> } = {},
): (args: A) => Promise<Array<O>> {
	const templates = new WeakMap<object, Map<string, Template<O>>>()

	function compile(args: A): Template<O> {
		const names = Object.keys(args).filter((name) => !shape.includes(name))
		const byPlaceholder = new Map(names.map((name) => [`${MARK}${name}\u0000`, name]))
		const placeholders = { ...args, ...Object.fromEntries([...byPlaceholder].map(([placeholder, name]) => [name, placeholder])) }
		const compiled = build(placeholders).compile()
		if (compiled.sql.includes(MARK)) throw new Error('preparedQuery: an argument is written into the SQL')
		const used = new Set<string>()
		const slots = compiled.parameters.map((value) => {
			const name = typeof value === 'string' ? byPlaceholder.get(value) : undefined
			if (name !== undefined) {
				used.add(name)
				return { name }
			}
			if (typeof value === 'string' && value.includes(MARK)) throw new Error(`preparedQuery: an argument is used inside a value (${value})`)
			return { value }
		})
		const unused = names.filter((name) => !used.has(name))
		if (unused.length > 0) throw new Error(`preparedQuery: ${unused.join(', ')} not bound as a whole value`)
		return { compiled, slots }
	}

	return async (args) => {
		const database = getDatabase().db
		let byShape = templates.get(database)
		if (!byShape) templates.set(database, (byShape = new Map()))
		const key = shape.map((name) => String(args[name])).join('\u0000')
		let template = byShape.get(key)
		if (!template) byShape.set(key, (template = compile(args)))
		const { compiled, slots } = template
		const parameters = slots.map((slot) => ('name' in slot ? args[slot.name] : slot.value))
		const result = await database.executeQuery<O>({ query: compiled.query, queryId: compiled.queryId, sql: compiled.sql, parameters })
		return result.rows
	}
}
