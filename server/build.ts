import fs from 'node:fs'
import path from 'node:path'
import type { RouterContext, ServerBuild } from 'react-router'
import { fail } from './fail.ts'

/** What server.ts uses from the app's server entry (app/entry.server.tsx). */
export type EntryModule = {
	prepareApp(options: { migrate?: boolean; seedDemo?: boolean }): Promise<void>
	shutdownApp(): Promise<void>
	requestInfoContext: RouterContext<{ nonce: string; requestId: string; clientIp: string; secure: boolean }>
	checkReadiness(): Promise<{ ok: boolean; checks: Record<string, string> }>
	getCacheState(): Promise<{ version: string; validUntil: number }>
	startBackgroundJobs(): void
	/** The bytes of a response the app made whole (a page rendered to a string, a feed), by that response (app/lib/response-bytes.server.ts). */
	renderedBody(response: Response): Buffer | undefined
	logger: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void; warn(obj: object, msg?: string): void }
}

export async function loadProductionBuild(buildDir: string): Promise<ServerBuild> {
	const file = path.join(buildDir, 'server', 'index.js')
	if (!fs.existsSync(file)) fail('No production build found. Run "npm run build" first (or use "npm start", which builds when needed).')
	return (await import(file)) as ServerBuild
}

export function entryOf(build: ServerBuild): EntryModule {
	return build.entry.module as unknown as EntryModule
}
