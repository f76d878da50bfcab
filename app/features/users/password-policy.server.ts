import type { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { DEFAULT_SETTINGS } from '#app/features/settings/settings.defaults.ts'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#app/lib/auth.server.ts'
import { msg } from '#app/lib/messages.ts'
import { foldTr } from '#app/lib/tr.ts'
import { zxcvbnTurkish } from './password-feedback-tr.ts'

/**
 * The password policy (OWASP ASVS 5 level 2, NIST SP 800-63B): at least 12
 * characters, no composition rules, and an offline strength estimate by
 * zxcvbn-ts with Turkish words and the association's own names; a password
 * scoring below 3 of 4 is refused with a hint in Turkish.
 */
export const MIN_PASSWORD_SCORE = 3

/** The association's and school's names in the forms people type them. */
export function associationWords() {
	const { name, shortName, motto, foundedYear } = DEFAULT_SETTINGS.association
	const phrases = [name, shortName, motto, 'Notre Dame de Sion', 'Notre Dame de Sion Fransız Lisesi', 'NDS Mezunları', 'Sion Mezunları']
	const words = phrases.flatMap((phrase) => {
		const folded = foldTr(phrase)
		return [folded.replace(/[^a-z0-9]/g, ''), ...folded.split(/[^a-z0-9]+/)]
	})
	const extra = ['nds', 'ndsl', 'sion', 'notredame', 'desion', 'sionlu', 'sionlular', 'mezun', 'mezunlar', 'mezunlari', 'mezuniyet']
	const more = ['dernek', 'dernegi', 'mezunlardernegi', 'fransizlisesi', 'sionlisesi', 'harbiye', 'sisli', 'firmata', 'insion']
	return [...new Set([...extra, ...more, ...words, String(foundedYear), '1856'])].filter((word) => word.length >= 2)
}

/** ç ğ ı İ ö ş ü → c g i I o s u, keeping the case (zxcvbn's word lists are plain ASCII). */
function foldTurkishLetters(text: string) {
	const folds: Record<string, string> = { ç: 'c', Ç: 'C', ğ: 'g', Ğ: 'G', ı: 'i', İ: 'I', ö: 'o', Ö: 'O', ş: 's', Ş: 'S', ü: 'u', Ü: 'U' }
	return text.replace(/[çÇğĞıİöÖşŞüÜ]/g, (ch) => folds[ch] ?? ch)
}

/** Words of the person the password is for (e-mail, name), as zxcvbn user inputs. */
function personalWords(inputs: Array<string>) {
	const words = inputs.flatMap((input) => {
		const folded = foldTr(input)
		const local = folded.split('@')[0] ?? ''
		return [folded, local, local.replace(/[^a-z0-9]/g, ''), folded.replace(/[^a-z0-9]/g, ''), ...folded.split(/[^a-z0-9]+/)]
	})
	return [...new Set(words)].filter((word) => word.length >= 3)
}

let checker: Promise<ZxcvbnFactory> | undefined

/** zxcvbn and its dictionaries (several megabytes) are loaded on the first password set, never for page requests. */
function loadChecker() {
	checker ??= Promise.all([
		import('@zxcvbn-ts/core'),
		import('@zxcvbn-ts/language-common'),
		import('@zxcvbn-ts/language-en'),
		import('./password-words-tr.ts'),
	]).then(
		([core, common, en, words]) =>
			new core.ZxcvbnFactory({
				dictionary: {
					...common.dictionary,
					...en.dictionary,
					'association-tr': associationWords(),
					'common-tr': [...new Set(words.TURKISH_PASSWORD_WORDS)],
				},
				graphs: common.adjacencyGraphs,
				translations: zxcvbnTurkish,
				// Each l33t substitution tried re-runs the dictionary match; the default cap (100) made one check
				// of a 21-character password cost ~90 ms of CPU in the request's thread, 12 finds the same weak
				// passwords (password-policy.server.test.ts) at a third of the cost.
				l33tMaxSubstitutions: 12,
			}),
	)
	return checker
}

/**
 * Why a new password is refused (in Turkish), or null when it is acceptable.
 * `userInputs` are the account's e-mail and name, which must not carry it.
 */
export async function passwordProblem(password: string, userInputs: Array<string> = []): Promise<string | null> {
	if ([...password].length < MIN_PASSWORD_LENGTH) return msg.password.tooShort(MIN_PASSWORD_LENGTH)
	if (password.length > MAX_PASSWORD_LENGTH) return msg.password.tooLong(MAX_PASSWORD_LENGTH)
	const zxcvbn = await loadChecker()
	const inputs = personalWords(userInputs)
	// Also checked with ç ğ ı ö ş ü folded and with separators dropped: the
	// word lists are ASCII, and a cracker joins words the same way.
	const folded = foldTurkishLetters(password)
	const candidates = [...new Set([password, folded, folded.replace(/[\s\-_.,;:+*/\\|~'"`]+/g, '')])]
	const weakest = candidates
		.map((candidate) => zxcvbn.check(candidate, inputs))
		.reduce((worst, result) => (result.score < worst.score ? result : worst))
	if (weakest.score < MIN_PASSWORD_SCORE) {
		return msg.password.weak(weakest.feedback.warning ?? weakest.feedback.suggestions[0] ?? msg.password.genericHint)
	}
	// zxcvbn rates any three tokens as strong enough, yet crackers try one or
	// two known words padded with digits and symbols (NotreDameDeSion2024!)
	// and strings of years early.
	const letters = foldTr(password).replace(/[^a-z]/g, '')
	if (letters.length >= 3 && [...password].length - letters.length <= 8) {
		const words = zxcvbn.check(letters, inputs).sequence
		if (words.length <= 2 && words.every((match) => match.pattern === 'dictionary')) {
			const personal = words.some((match) => ['userInputs', 'association-tr'].includes(String(match.dictionaryName)))
			const { warnings, suggestions } = zxcvbnTurkish
			return msg.password.weak(personal ? warnings.userInputs : words.length === 1 ? warnings.wordByItself : suggestions.anotherWord)
		}
	}
	if (/^(?:(?:19|20)\d\d[^\p{L}\d]*){3,}$/u.test(password)) return msg.password.weak(zxcvbnTurkish.warnings.dates)
	return null
}
