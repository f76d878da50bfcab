import crypto from 'node:crypto'

/**
 * Random bytes for nonces and request ids, cut from a 4 KB block of the
 * system's CSPRNG (never handed out twice): one call per request was 4 % of
 * serving a cached page.
 */
const randomPool = { block: Buffer.alloc(0), used: 0 }
export function randomBytes(size: number) {
	if (randomPool.used + size > randomPool.block.length) {
		randomPool.block = crypto.randomBytes(4096)
		randomPool.used = 0
	}
	randomPool.used += size
	return randomPool.block.subarray(randomPool.used - size, randomPool.used)
}
