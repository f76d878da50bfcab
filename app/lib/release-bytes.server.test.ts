import { expect, test } from 'vitest'
import { release } from './release-bytes.server.ts'

test('release gives back a buffer that is its own memory and never touches Node’s shared pool', () => {
	const own = Buffer.from('Şükrü Saraçoğlu’nda buluşuyoruz. '.repeat(4000))
	expect(own.byteOffset).toBe(0)
	release(own)
	expect(own.length).toBe(0)
	expect(own.buffer.detached).toBe(true)
	// Released twice: nothing happens the second time.
	release(own)

	// Small buffers share one block of Node's pool: releasing one must leave its neighbours whole.
	const pooled = Buffer.from('İğdır')
	const neighbour = Buffer.from('Ilgaz')
	expect(pooled.buffer).toBe(neighbour.buffer)
	release(pooled)
	expect(pooled.toString()).toBe('İğdır')
	expect(neighbour.toString()).toBe('Ilgaz')
})
