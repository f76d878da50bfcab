/** TRUST_PROXY as Express's `trust proxy` setting. */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
	if (!value) return false
	if (value === 'true') return true
	if (value === 'false') return false
	if (/^\d+$/.test(value)) return Number(value)
	return value
}
