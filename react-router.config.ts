import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// Another directory lets several checkouts' builds and test runs coexist.
	buildDirectory: process.env.SITE_BUILD_DIR ?? 'build',
	// Form posts are checked against the request origin by React Router; the
	// custom server derives that origin from the proxy headers (TRUST_PROXY).
	future: {},
} satisfies Config
