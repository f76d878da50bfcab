/**
 * Last step of `npm run build`: writes `file.br` (brotli 11) and `file.gz`
 * (gzip 9) beside every compressible client file, so the server serves them
 * compressed at the best ratio without compressing anything per request
 * (server/static-files.ts reads them at start).
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { COMPRESS_MIN_BYTES, COMPRESSIBLE } from '../server/static-files.ts'

const client = path.resolve(import.meta.dirname, '..', process.env.SITE_BUILD_DIR ?? 'build', 'client')
let written = 0
for (const entry of fs.readdirSync(client, { recursive: true, withFileTypes: true })) {
	if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue
	const file = path.join(entry.parentPath, entry.name)
	const body = fs.readFileSync(file)
	if (body.length < COMPRESS_MIN_BYTES) continue
	fs.writeFileSync(
		`${file}.br`,
		zlib.brotliCompressSync(body, {
			params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
		}),
	)
	fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }))
	written++
}
if (process.env.LOG_LEVEL !== 'silent') console.log(`Precompressed ${written} client files (brotli, gzip).`)
