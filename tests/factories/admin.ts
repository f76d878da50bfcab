import sharp from 'sharp'
import { expect } from 'vitest'
import type { AdminContext } from '#app/features/admin/admin-tab.server.ts'
import type { AdminSectionSlug } from '#app/features/admin/sections.ts'
import { createAccount } from '#app/features/users/users.server.ts'
import type { SessionUser } from '#app/lib/auth.server.ts'
import { makePdf } from '#tests/fixtures/files.ts'

/** The administrator of admin tests that need no stored account. */
export const TEST_ADMIN: SessionUser = { id: 'u1', email: 'a@example.org', fullName: 'A', isAdmin: true, role: 'admin' }

/**
 * What an admin section's server side gets for a request to
 * `/admin/<section><query>` (e.g. `adminContext('etkinlikler', '?edit=3')`).
 */
export function adminContext(section: AdminSectionSlug, query = '', user: SessionUser = TEST_ADMIN): AdminContext {
	return { user, url: new URL(`http://x/admin/${section}${query}`), requestId: 't' }
}

/** A posted form: each field once, an array as the same field repeated (e.g. `ids` of a reorder). */
/** A yönetici account stored in the test database, and the context of a request it makes to `section`. */
export async function signedInAdmin(section: AdminSectionSlug, fullName = 'Test Yöneticisi'): Promise<AdminContext> {
	const user = await createAccount({
		email: `yonetici-${Math.random().toString(36).slice(2, 8)}@example.org`,
		password: 'Kurul-Toplantisi-1987',
		fullName,
		isAdmin: true,
	})
	return adminContext(section, '', { id: user.id, email: user.email, fullName, isAdmin: true, role: 'admin' })
}

export function formData(fields: Record<string, string | File | ReadonlyArray<string>>): FormData {
	const data = new FormData()
	for (const [key, value] of Object.entries(fields)) {
		if (typeof value === 'string' || value instanceof File) data.set(key, value)
		else for (const item of value) data.append(key, item)
	}
	return data
}

/** The id of a save the section accepted; fails the test on a refusal. */
export function savedId(result: unknown): number {
	expect(result).toMatchObject({ ok: true })
	return (result as { id: number }).id
}

type Size = { width: number; height: number }

/** A real JPEG photo of one colour (sharp), as an upload. */
export async function jpegFile(name: string, { width, height }: Size = { width: 600, height: 600 }): Promise<File> {
	const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 60 } } })
		.jpeg()
		.toBuffer()
	return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })
}

/**
 * A real PNG image of one colour (sharp), as an upload; `transparent` gives
 * it an alpha channel (half transparent), `type` a browser type other than
 * image/png (a picture sent as something else).
 */
export async function pngFile(
	name: string,
	{ width, height }: Size = { width: 600, height: 600 },
	{ transparent = false, type = 'image/png' }: { transparent?: boolean; type?: string } = {},
): Promise<File> {
	const background = transparent ? { r: 19, g: 41, b: 75, alpha: 0.5 } : { r: 19, g: 41, b: 75 }
	const bytes = await sharp({ create: { width, height, channels: transparent ? 4 : 3, background } })
		.png()
		.toBuffer()
	return new File([new Uint8Array(bytes)], name, { type })
}

/** A real PDF sent under an image's name and type (.png → image/png, otherwise image/jpeg): refused by content. */
export async function pdfAsImage(name: string): Promise<File> {
	const type = name.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg'
	return new File([new Uint8Array(await makePdf('Kapak'))], name, { type })
}

/** A 20 MB file that starts like an image (PNG for a .png name, otherwise JPEG): over the 15 MB limit. */
export function hugeImageFile(name = 'buyuk.jpg'): File {
	const bytes = new Uint8Array(20 * 1024 * 1024)
	if (name.toLowerCase().endsWith('.png')) bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
	else bytes.set([0xff, 0xd8, 0xff, 0xe0])
	return new File([bytes], name, { type: name.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg' })
}
