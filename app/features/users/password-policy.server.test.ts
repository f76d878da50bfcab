import fc from 'fast-check'
import { expect, test } from 'vitest'
import { associationWords, passwordProblem } from './password-policy.server.ts'
import { randomPassword } from './users.server.ts'

const RUNS = Number(process.env.PASSWORD_POLICY_RUNS ?? 25)
const refusedAsWeak = /^Bu şifre kolay tahmin edilir: .+/

const capitalised = (word: string) => fc.constantFrom(word, word.toUpperCase(), word[0]?.toUpperCase() + word.slice(1))
const year = fc.integer({ min: 1950, max: 2030 }).map(String)
const tail = fc.oneof(year, fc.constantFrom('1234', '12345', '123456', '2024!', '1907', '1905', '1903', '!!!!'))

const commonWords = [
	'password',
	'iloveyou',
	'sunshine',
	'football',
	'princess',
	'sifre',
	'parola',
	'galatasaray',
	'fenerbahce',
	'fenerbahçe',
	'besiktas',
	'beşiktaş',
	'trabzonspor',
	'istanbul',
	'turkiye',
	'türkiye',
	'ataturk',
	'atatürk',
	'sevgilim',
	'seniseviyorum',
	'askimsin',
	'aşkımsın',
	'bebegim',
	'hayatim',
	'kardesim',
	'yonetici',
	'mustafakemal',
]

test('refuses every password shorter than 12 characters, whatever it is made of (property)', async () => {
	await fc.assert(
		fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 11 }), async (password) => {
			expect(await passwordProblem(password)).toBe('Şifre en az 12 karakter olmalı.')
		}),
		{ numRuns: 300 },
	)
	expect(await passwordProblem('😀'.repeat(11))).toBe('Şifre en az 12 karakter olmalı.')
	expect(await passwordProblem('x'.repeat(257))).toBe('Şifre en fazla 256 karakter olabilir.')
})

test('refuses dictionary words and Turkish favourites with years, digits and capitals (property)', async () => {
	const password = fc
		.tuple(fc.constantFrom(...commonWords), tail, fc.boolean())
		.chain(([word, digits, before]) => capitalised(word).map((w) => (before ? `${digits}${w}` : `${w}${digits}`)))
	await fc.assert(
		fc.asyncProperty(password, async (value) => {
			expect(await passwordProblem(value), value).toMatch(/^(Bu şifre kolay tahmin edilir: |Şifre en az 12 karakter olmalı\.$)/)
		}),
		{ numRuns: RUNS },
	)
	expect(await passwordProblem('galatasaray1905')).toMatch(refusedAsWeak)
	expect(await passwordProblem('Fenerbahçe1907')).toMatch(refusedAsWeak)
	expect(await passwordProblem('Sevgilim2024!')).toMatch(refusedAsWeak)
})

test('refuses keyboard patterns, repeated characters and strings of years (property)', async () => {
	const rows = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '!@#$%^&*()', 'ğüşiçö']
	const walks = ['1qaz2wsx3edc', 'qazwsxedcrfv', '1q2w3e4r5t6y', 'zaq12wsxcde3', 'qwertyuiop12', 'asdfghjkl123', 'fgğıodrnhpqw']
	const keyboard = fc.oneof(
		fc
			.tuple(fc.constantFrom(...rows), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 6, max: 12 }), fc.boolean())
			.map(([row, start, length, upper]) => {
				const run = row.slice(start, start + length)
				const text = run.repeat(Math.ceil(12 / run.length))
				return upper ? text.toUpperCase() : text
			}),
		fc.constantFrom(...walks).chain((walk) => capitalised(walk)),
	)
	const repeated = fc
		.tuple(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 3 }), fc.integer({ min: 12, max: 40 }))
		.map(([block, length]) => block.repeat(Math.ceil(length / block.length)))
	const years = fc
		.tuple(fc.array(year, { minLength: 3, maxLength: 5 }), fc.constantFrom('', '.', '-', ' '))
		.map(([list, sep]) => list.join(sep))
	await fc.assert(
		fc.asyncProperty(fc.oneof(keyboard, repeated, years), async (value) => {
			expect(await passwordProblem(value), value).toMatch(refusedAsWeak)
		}),
		{ numRuns: RUNS },
	)
})

test("refuses the association's and school's names with digits (property)", async () => {
	const forms = [
		'NotreDameDeSion',
		'Notre Dame de Sion',
		'notre-dame-de-sion',
		'NotreDame',
		'NdsMezunlari',
		'NDS Mezunları',
		'nds mezunlar',
		'Mezunlar',
		'MezunlarDernegi',
		'Mezunlar Derneği',
		'Dernek',
		'SionLisesi',
		'Sion Mezunları',
		'NDS Mezunları Derneği',
		'FransizLisesi',
		'InSionFirmataSum',
		...associationWords().filter((word) => word.length >= 3),
	]
	const password = fc
		.tuple(fc.constantFrom(...forms), tail, fc.boolean())
		.chain(([form, digits, before]) => capitalised(form).map((f) => (before ? `${digits}${f}` : `${f}${digits}`)))
	await fc.assert(
		fc.asyncProperty(password, async (value) => {
			expect(await passwordProblem(value), value).toMatch(/^(Bu şifre kolay tahmin edilir: |Şifre en az 12 karakter olmalı\.$)/)
		}),
		{ numRuns: RUNS },
	)
	expect(await passwordProblem('NotreDameDeSion2025')).toMatch(refusedAsWeak)
	expect(await passwordProblem('Notre Dame de Sion 1856')).toMatch(refusedAsWeak)
	expect(await passwordProblem('NdsMezunlari1987')).toMatch(refusedAsWeak)
})

test("refuses a password made of the account's own e-mail or name", async () => {
	expect(await passwordProblem('Ayşe Nur Karaca 1', ['ayse.karaca@example.org', 'Ayşe Nur Karaca'])).toMatch(refusedAsWeak)
	expect(await passwordProblem('ayse.karaca2026', ['ayse.karaca@example.org', 'Ayşe Nur Karaca'])).toMatch(refusedAsWeak)
})

test('accepts long random passphrases, with or without capitals, digits or symbols (property)', async () => {
	const uncommon = ['pusula', 'kestane', 'zeytinlik', 'mandalina', 'lodos', 'kayık', 'fesleğen', 'martı', 'kumsal', 'ıhlamur']
	const more = ['çınaraltı', 'kervansaray', 'pergel', 'sarmaşık', 'yosun', 'tırpan', 'kozalak', 'dolunay', 'poyraz', 'çıkrık']
	const words = [...uncommon, ...more]
	const invented = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnoprstuvyzçğıöşü'), minLength: 5, maxLength: 9 })
	const passphrase = fc
		.tuple(
			fc.uniqueArray(fc.oneof(fc.constantFrom(...words), invented), { minLength: 4, maxLength: 6 }),
			fc.constantFrom(' ', '-', '.', '_', ''),
		)
		.map(([list, sep]) => list.join(sep))
	await fc.assert(
		fc.asyncProperty(fc.noBias(passphrase), async (value) => {
			expect(await passwordProblem(value, ['baskan@example.org', 'Ayşe Nur Karaca']), value).toBeNull()
		}),
		{ numRuns: RUNS },
	)
	for (let i = 0; i < 3; i++) expect(await passwordProblem(randomPassword())).toBeNull()
	expect(await passwordProblem('Kurul-Toplantisi-1987')).toBeNull()
})
