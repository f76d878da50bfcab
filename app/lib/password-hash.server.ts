import crypto from 'node:crypto'

/**
 * Password hashes, for better-auth (`emailAndPassword.password`).
 *
 * A site's hashes are better-auth's own: scrypt with N 16384, r 16, p 1 and
 * a 64-byte key, stored as `<salt hex>:<key hex>` (what better-auth 1.7
 * writes itself), so hashes made before this module, backups and
 * restores stay valid. About 100 ms of one core a hash, on purpose.
 *
 * Test processes (`NODE_ENV=test`) hash the passwords of the accounts they
 * create with a sixteenth of that work, and say so in the hash
 * (`$scrypt$n=1024,r=16,p=1$<salt>$<key>`), so the servers the tests start
 * (in production mode) verify them at that cost too: the suite creates
 * and signs in to hundreds of accounts, and full-cost hashes were about a
 * tenth of its CPU. A server never writes such a hash; it only reads one a
 * test wrote. `TEST_PASSWORD_COST=full` makes a test hash at full cost (the
 * sign-in timing test compares a real verification with the dummy one).
 */

const FULL = { N: 16384, r: 16, p: 1 }
const TEST = { N: 1024, r: 16, p: 1 }
const KEY_BYTES = 64
const MARKED = /^\$scrypt\$n=(\d+),r=(\d+),p=(\d+)\$([0-9a-f]{32})\$([0-9a-f]{128})$/

type Cost = typeof FULL

function derive(password: string, salt: string, { N, r, p }: Cost): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		crypto.scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) =>
			error ? reject(error) : resolve(key),
		)
	})
}

function testCost() {
	return process.env.NODE_ENV === 'test' && process.env.TEST_PASSWORD_COST !== 'full'
}

export async function hashPassword(password: string): Promise<string> {
	const salt = crypto.randomBytes(16).toString('hex')
	if (testCost()) {
		const key = await derive(password, salt, TEST)
		return `$scrypt$n=${TEST.N},r=${TEST.r},p=${TEST.p}$${salt}$${key.toString('hex')}`
	}
	return `${salt}:${(await derive(password, salt, FULL)).toString('hex')}`
}

/** A marked hash's cost, within bounds: a row with any other settings verifies nothing. */
function markedCost(n: string, r: string, p: string): Cost | null {
	const cost = { N: Number(n), r: Number(r), p: Number(p) }
	const powerOfTwo = Number.isInteger(Math.log2(cost.N))
	if (!powerOfTwo || cost.N < 1024 || cost.N > FULL.N || cost.r < 1 || cost.r > FULL.r || cost.p < 1 || cost.p > 4) return null
	return cost
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
	let salt: string
	let expected: Buffer
	let cost: Cost | null = FULL
	const marked = MARKED.exec(hash)
	if (marked) {
		cost = markedCost(marked[1]!, marked[2]!, marked[3]!)
		salt = marked[4]!
		expected = Buffer.from(marked[5]!, 'hex')
	} else {
		const [saltPart, keyPart] = hash.split(':')
		if (!saltPart || !keyPart || !/^[0-9a-f]+$/i.test(keyPart)) throw new Error('Invalid password hash')
		salt = saltPart
		expected = Buffer.from(keyPart, 'hex')
	}
	if (!cost || expected.length !== KEY_BYTES) return false
	return crypto.timingSafeEqual(await derive(password, salt, cost), expected)
}
