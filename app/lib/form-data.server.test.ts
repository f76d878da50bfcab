import { expect, test } from 'vitest'
import { readFormData } from './form-data.server.ts'

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
	new Request('http://127.0.0.1/admin/duyurular', { method: 'POST', body, headers })

test('a NUL character posted in any text field is dropped, urlencoded or multipart, and files stay whole', async () => {
	const urlencoded = await readFormData(
		post('title=java%00script&body=a%00b%00c&plain=Merhaba', { 'content-type': 'application/x-www-form-urlencoded' }),
	)
	expect([...urlencoded.entries()]).toEqual([
		['title', 'javascript'],
		['body', 'abc'],
		['plain', 'Merhaba'],
	])

	const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x00, 0x01])
	const sent = new FormData()
	sent.append('title', 'Ekim\u0000 Bülteni')
	sent.append('pdf', new File([bytes], 'ekim\u0000.pdf', { type: 'application/pdf' }))
	const multipart = await readFormData(post(sent))
	expect(multipart.get('title')).toBe('Ekim Bülteni')
	const file = multipart.get('pdf') as File
	expect(file.type).toBe('application/pdf')
	expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes)
})

test('a form without NUL comes back as it was sent', async () => {
	const form = await readFormData(
		post('title=%C4%B0stanbul&title=%C4%B1%C5%9F%C4%B1k', { 'content-type': 'application/x-www-form-urlencoded' }),
	)
	expect(form.getAll('title')).toEqual(['İstanbul', 'ışık'])
})
