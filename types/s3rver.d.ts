declare module 's3rver' {
	type Options = {
		port?: number
		address?: string
		silent?: boolean
		directory: string
		configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>
	}
	export default class S3rver {
		constructor(options: Options)
		run(): Promise<{ address: string; family: string; port: number }>
		close(): Promise<void>
	}
}
