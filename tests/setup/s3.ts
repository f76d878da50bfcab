import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export type TestS3 = { endpoint: string; bucket: string; env: Record<string, string>; stop(): Promise<void> }

/** A real S3-protocol server (s3rver) on 127.0.0.1 with an empty bucket, for the tests. */
export async function startS3(bucket = 'media'): Promise<TestS3> {
	const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'site-s3-'))
	const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
	const address = (await server.run()) as { port: number }
	const endpoint = `http://127.0.0.1:${address.port}`
	return {
		endpoint,
		bucket,
		env: {
			STORAGE: 's3',
			S3_ENDPOINT: endpoint,
			S3_BUCKET: bucket,
			S3_REGION: 'us-east-1',
			S3_ACCESS_KEY_ID: 'S3RVER',
			S3_SECRET_ACCESS_KEY: 'S3RVER',
		},
		async stop() {
			await server.close()
			fs.rmSync(directory, { recursive: true, force: true })
		},
	}
}
