import { logger } from './logger.server.ts'

export type SafeRead<T> = { ok: true; data: T } | { ok: false; error: string }

/**
 * Spec §8 "Data-read errors on public views": a failed read shows a message
 * in red where its content would be, and the rest of the page still works.
 * The cause is logged; visitors see the Turkish message, not the driver's.
 */
export async function safeRead<T>(read: () => Promise<T>, message: string, what: string): Promise<SafeRead<T>> {
	try {
		return { ok: true, data: await read() }
	} catch (error) {
		logger.error({ err: error, what }, 'public read failed')
		return { ok: false, error: message }
	}
}
