import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// Form posts are checked against the request origin by React Router; the
	// custom server derives that origin from the proxy headers (TRUST_PROXY).
	future: {},
} satisfies Config
