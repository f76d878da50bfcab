import os from 'node:os'
import path from 'node:path'

/** Where the e2e server on `port` writes the mail it sent, one JSON file per message (cleared when it starts). */
export function outboxDir(port: string | number | undefined) {
	return path.join(os.tmpdir(), `site-e2e-outbox-${port ?? 3210}`)
}
