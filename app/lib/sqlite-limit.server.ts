import {
	LimitNode,
	ValueNode,
	type KyselyPlugin,
	type PluginTransformQueryArgs,
	type PluginTransformResultArgs,
	type QueryResult,
	type RootOperationNode,
	type UnknownRow,
} from 'kysely'

/**
 * Writes a query's LIMIT into its SQL (`limit 24`) instead of binding it
 * (`limit ?`), on SQLite. SQLite's planner reads the value bound to a LIMIT
 * and marks the statement as depending on it, so binding that parameter
 * again, which every run of a cached statement does, makes SQLite compile
 * the statement anew before it runs (a LIKE pattern does the same). For the
 * home page's queries that recompilation was half their time: 490 µs of
 * SQLite a render with `limit ?`, 238 µs with the numbers written in.
 *
 * Only the top-level LIMIT of a SELECT, and only a safe integer: anything
 * else stays a parameter. Page sizes are a few constants, so each query
 * stays a handful of cached statements.
 */
export class InlineLimitPlugin implements KyselyPlugin {
	transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
		if (node.kind !== 'SelectQueryNode' || !node.limit) return node
		const value = node.limit.limit
		if (!ValueNode.is(value) || value.immediate) return node
		if (typeof value.value !== 'number' || !Number.isSafeInteger(value.value)) return node
		return { ...node, limit: LimitNode.create(ValueNode.createImmediate(value.value)) }
	}

	transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
		return Promise.resolve(result)
	}
}
