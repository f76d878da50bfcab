/**
 * Dialect differences that feature code must not see: unique violations,
 * booleans and timestamps read back from SQLite or PostgreSQL.
 */

import { memoByText } from './text-memo.ts'

/** PostgreSQL 23505 or SQLite SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY. */
export function isUniqueViolation(error: unknown): boolean {
	if (!error || typeof error !== 'object') return false
	const e = error as { code?: unknown; errcode?: unknown; message?: unknown }
	if (e.code === '23505') return true
	if (e.errcode === 2067 || e.errcode === 1555) return true
	return typeof e.message === 'string' && /UNIQUE constraint failed/.test(e.message)
}

export function toBool(value: unknown): boolean {
	return value === true || value === 1 || value === '1' || value === 't' || value === 'true'
}

/** A stored timestamp as an ISO string, whatever shape the driver gave back. */
export function toIso(value: unknown): string | null {
	if (value === null || value === undefined || value === '') return null
	if (value instanceof Date) return value.toISOString()
	if (typeof value === 'string') return isoOfText(value)
	if (typeof value === 'number') return new Date(value).toISOString()
	return null
}

/**
 * A stored text timestamp (SQLite) as an ISO string, kept per text: pages and feeds read the
 * same rows' timestamps on every request, and parsing one costs as much as looking up hundreds.
 */
const isoOfText = memoByText(
	(value: string): string | null => {
		// SQLite's CURRENT_TIMESTAMP shape: '2026-11-22 16:51:45' (UTC).
		const normalised = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value
		const date = new Date(normalised)
		return Number.isNaN(date.getTime()) ? null : date.toISOString()
	},
	{ maxChars: 1_000_000, sizeOf: (iso) => iso?.length ?? 0 },
)

/** The current instant in the stored timestamp shape. */
export function nowIso(): string {
	return new Date().toISOString()
}
