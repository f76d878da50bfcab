import path from 'node:path'
import express from 'express'
import fc from 'fast-check'
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

test('refuses TRUST_PROXY=true at start with one line naming the new form', () => {
	for (const value of ['true', 'TRUE', ' True ']) {
		expect(() => readEnv({ TRUST_PROXY: value })).toThrow(ConfigError)
		const message = (() => {
			try {
				readEnv({ TRUST_PROXY: value })
				return ''
			} catch (error) {
				return (error as Error).message
			}
		})()
		expect(message).toMatch(/^TRUST_PROXY is invalid: .*X-Forwarded-For.*TRUST_PROXY=1.*TRUST_PROXY=loopback/)
		expect(message).not.toContain('\n')
	}
})

test('reads TRUST_PROXY as off, a hop count or a list of proxy addresses', () => {
	for (const value of [undefined, '', 'false', '0']) expect(readEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(false)
	expect(readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
	expect(readEnv({ TRUST_PROXY: ' loopback, 10.0.0.0/8 ,fd00::/8,192.168.1.7' }).TRUST_PROXY).toEqual([
		'loopback',
		'10.0.0.0/8',
		'fd00::/8',
		'192.168.1.7',
	])
	for (const wrong of [
		'11',
		'yes',
		'10.0.0.0/33',
		'0.0.0.0/0',
		'::/0',
		'::1/129',
		'10.0.0.1,',
		'loopback,,uniquelocal',
		'300.1.1.1',
		'10.0.0.0/8/8',
		'*',
	])
		expect(() => readEnv({ TRUST_PROXY: wrong }), wrong).toThrow(/^TRUST_PROXY is invalid/)
})

test('every TRUST_PROXY it accepts is one Express accepts; the rest get a one-line reason', () => {
	const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'))
	const ipv6 = fc.ipV6()
	const entry = fc.oneof(
		fc.constantFrom('loopback', 'linklocal', 'uniquelocal', 'true', 'false', '*', ''),
		ipv4,
		ipv6,
		fc.tuple(ipv4, fc.nat(40)).map(([ip, bits]) => `${ip}/${bits}`),
		fc.tuple(ipv6, fc.nat(140)).map(([ip, bits]) => `${ip}/${bits}`),
		fc.string({ maxLength: 12 }),
	)
	const value = fc.oneof(
		fc.array(entry, { minLength: 1, maxLength: 4 }).map((entries) => entries.join(',')),
		fc.nat(20).map(String),
		fc.string({ maxLength: 20 }),
	)
	const outcome = (raw: string) => {
		try {
			return { accepted: readEnv({ TRUST_PROXY: raw }).TRUST_PROXY }
		} catch (error) {
			return { refused: error instanceof ConfigError ? error.message : String(error) }
		}
	}
	const usable = (setting: unknown) => {
		try {
			express().set('trust proxy', setting)
			return setting === false || (typeof setting === 'number' && setting <= 10) || Array.isArray(setting)
		} catch {
			return false
		}
	}
	fc.assert(
		fc.property(value, (raw) => {
			const result = outcome(raw)
			const fine = 'accepted' in result ? usable(result.accepted) : /^TRUST_PROXY is invalid: [^\n]+$/.test(result.refused)
			expect(fine, JSON.stringify({ raw, result })).toBe(true)
		}),
		{ numRuns: 300 },
	)
})

test('WEB_CONCURRENCY is auto unless set to a whole number of workers', () => {
	expect(readEnv({}).WEB_CONCURRENCY).toBe('auto')
	expect(readEnv({ WEB_CONCURRENCY: ' Auto ' }).WEB_CONCURRENCY).toBe('auto')
	expect(readEnv({ WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3)
	for (const wrong of ['0', '65', '2.5', 'iki', '-1']) {
		expect(() => readEnv({ WEB_CONCURRENCY: wrong })).toThrow(/^WEB_CONCURRENCY is invalid: must be auto or a whole number from 1 to 64/)
	}
})
