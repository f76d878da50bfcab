import crypto from 'node:crypto'

/**
 * How a secret token (invitation and reset links, recovery codes,
 * remembered browsers) is kept: its SHA-256 only, as hex. The tokens are
 * random and long, so a fast hash is enough; the raw token never reaches
 * the database.
 */
export function hashToken(token: string) {
	return crypto.createHash('sha256').update(token, 'utf8').digest('hex')
}
