import {
	DeleteObjectCommand,
	GetObjectCommand,
	HeadObjectCommand,
	ListObjectsV2Command,
	PutObjectCommand,
	S3Client,
} from '@aws-sdk/client-s3'
import type { Env } from './env.server.ts'
import { assertSafeKey, contentTypeForKey, StorageError, type StorageDriver } from './storage-driver.server.ts'

export type S3Config = {
	endpoint?: string
	bucket: string
	region: string
	accessKeyId?: string
	secretAccessKey?: string
	/** Where browsers fetch objects (a CDN or the bucket's public address). */
	publicUrl?: string
}

export function s3ConfigFromEnv(env: Env): S3Config {
	return {
		endpoint: env.S3_ENDPOINT,
		bucket: env.S3_BUCKET,
		region: env.S3_REGION,
		accessKeyId: env.S3_ACCESS_KEY_ID,
		secretAccessKey: env.S3_SECRET_ACCESS_KEY,
		publicUrl: env.MEDIA_PUBLIC_URL,
	}
}

function isMissing(error: unknown) {
	const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
	return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/**
 * The S3-compatible driver (AWS S3, MinIO, Ceph, R2…). Uploads are buffered
 * (they are small after processing) and sent with checksums only when the
 * service requires them: streamed aws-chunked uploads are stored corrupted
 * by some S3-compatible servers.
 */
export function createS3Storage(config: S3Config): StorageDriver {
	const client = new S3Client({
		region: config.region,
		endpoint: config.endpoint,
		forcePathStyle: Boolean(config.endpoint),
		credentials:
			config.accessKeyId && config.secretAccessKey
				? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
				: undefined,
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
	})
	const base = (
		config.publicUrl || `${(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`).replace(/\/+$/, '')}/${config.bucket}`
	).replace(/\/+$/, '')
	const Bucket = config.bucket

	return {
		kind: 's3',
		async put(key, body, options) {
			assertSafeKey(key)
			if (!options.overwrite && (await this.exists(key))) throw new StorageError(`A file with this name already exists: ${key}`)
			await client.send(
				new PutObjectCommand({
					Bucket,
					Key: key,
					Body: Buffer.from(body),
					ContentType: options.contentType,
					ContentLength: body.byteLength,
					// Spec §5: cache control 3600 s where a name can be reused, otherwise long-lived.
					CacheControl: options.cacheControl ?? (options.overwrite ? 'public, max-age=3600' : 'public, max-age=31536000, immutable'),
					ContentDisposition: 'inline',
				}),
			)
		},
		async get(key) {
			assertSafeKey(key)
			const contentType = contentTypeForKey(key)
			if (!contentType) return null
			try {
				const result = await client.send(new GetObjectCommand({ Bucket, Key: key }))
				const body = Buffer.from(await result.Body!.transformToByteArray())
				return { body, contentType, size: body.length }
			} catch (error) {
				if (isMissing(error)) return null
				throw error
			}
		},
		async exists(key) {
			assertSafeKey(key)
			try {
				await client.send(new HeadObjectCommand({ Bucket, Key: key }))
				return true
			} catch (error) {
				if (isMissing(error)) return false
				throw error
			}
		},
		async remove(key) {
			assertSafeKey(key)
			await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
		},
		async list(prefix = '') {
			const keys: Array<string> = []
			let token: string | undefined
			do {
				const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken: token }))
				for (const item of page.Contents ?? []) if (item.Key && !item.Key.startsWith('.probe-')) keys.push(item.Key)
				token = page.IsTruncated ? page.NextContinuationToken : undefined
			} while (token)
			return keys.toSorted()
		},
		url(key) {
			return `${base}/${key}`
		},
		async check() {
			const key = `.probe-${process.pid}-${Date.now()}`
			await client.send(new PutObjectCommand({ Bucket, Key: key, Body: Buffer.from('ok'), ContentType: 'text/plain', ContentLength: 2 }))
			await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
		},
	}
}
