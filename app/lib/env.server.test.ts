import path from 'node:path'
import { expect, test } from 'vitest'
import { ConfigError, parseDatabaseUrl, readEnv } from './env.server.ts'

test('uses SQLite in the data directory when DATABASE_URL is unset', () => {
	expect(parseDatabaseUrl(undefined, '/srv/site/data')).toEqual({ dialect: 'sqlite', file: path.join('/srv/site/data', 'site.db') })
	expect(readEnv({}).database).toEqual({ dialect: 'sqlite', file: path.resolve('data', 'site.db') })
})

test('accepts file: and postgres addresses', () => {
	expect(parseDatabaseUrl('file:/tmp/x.db', '/d')).toEqual({ dialect: 'sqlite', file: '/tmp/x.db' })
	expect(parseDatabaseUrl('postgres://u@127.0.0.1:5432/site', '/d')).toEqual({
		dialect: 'postgres',
		url: 'postgres://u@127.0.0.1:5432/site',
	})
	expect(parseDatabaseUrl('postgresql://u@db/site', '/d').dialect).toBe('postgres')
})

test('refuses a malformed DATABASE_URL with a message naming it', () => {
	expect(() => parseDatabaseUrl('mysql://x/y', '/d')).toThrow(ConfigError)
	expect(() => parseDatabaseUrl('mysql://x/y', '/d')).toThrow(/DATABASE_URL/)
	expect(() => parseDatabaseUrl('postgres://127.0.0.1:5432', '/d')).toThrow(/names no database/)
	expect(() => parseDatabaseUrl('file:', '/d')).toThrow(/file path/)
})

test('names the variable when a setting is invalid', () => {
	expect(() => readEnv({ PORT: 'abc' })).toThrow(/^PORT is invalid/)
	expect(() => readEnv({ STORAGE: 'ftp' })).toThrow(/^STORAGE is invalid/)
	expect(() => readEnv({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET is invalid: must be at least 32 characters/)
	expect(readEnv({ PORT: '8080', SEED_DEMO: 'yes' })).toMatchObject({ PORT: 8080, SEED_DEMO: true })
})
