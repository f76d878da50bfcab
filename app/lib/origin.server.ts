import { getEnv } from './env.server.ts'

/** The public origin: PUBLIC_URL when set, else the one the request came to. */
export function siteOrigin(request: Request) {
	return getEnv().PUBLIC_URL?.replace(/\/+$/, '') ?? new URL(request.url).origin
}
