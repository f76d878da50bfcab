import type { TranslationKeys } from '@zxcvbn-ts/core'

/**
 * zxcvbn-ts's feedback in Turkish (its own keys; the library ships no Turkish
 * translation). Only the warnings and suggestions reach a person, in the
 * password policy's hint.
 */
export const zxcvbnTurkish: TranslationKeys = {
	warnings: {
		straightRow: 'Klavyede yan yana duran tuşlar kolay tahmin edilir.',
		keyPattern: 'Kısa klavye desenleri kolay tahmin edilir.',
		simpleRepeat: '“aaa” gibi tekrar eden karakterler kolay tahmin edilir.',
		extendedRepeat: '“abcabcabc” gibi tekrar eden diziler kolay tahmin edilir.',
		sequences: '“abc” ya da “123” gibi sıralı karakterler kolay tahmin edilir.',
		recentYears: 'Yakın yıllar kolay tahmin edilir.',
		dates: 'Tarihler kolay tahmin edilir.',
		topTen: 'Bu, en çok kullanılan şifrelerden biri.',
		topHundred: 'Bu, çok sık kullanılan bir şifre.',
		common: 'Bu, yaygın kullanılan bir şifre.',
		similarToCommon: 'Bu, yaygın kullanılan bir şifreye çok benziyor.',
		wordByItself: 'Tek bir kelime kolay tahmin edilir.',
		namesByThemselves: 'Tek başına ad ya da soyadı kolay tahmin edilir.',
		commonNames: 'Yaygın adlar ve soyadları kolay tahmin edilir.',
		userInputs: 'Kişisel bilgiler ya da derneğin, okulun adı şifrede olmamalı.',
		pwned: 'Bu şifre internette yayılmış bir veri sızıntısında yer alıyor.',
	},
	suggestions: {
		l33t: '“a” yerine “@” gibi tahmin edilebilir harf değişikliklerinden kaçının.',
		reverseWords: 'Yaygın kelimeleri tersten yazmak işe yaramaz.',
		allUppercase: 'Harflerin hepsini değil, bazılarını büyük yazın.',
		capitalization: 'Yalnızca ilk harfi büyük yazmak yetmez.',
		dates: 'Sizinle ilgili tarih ve yıllardan kaçının.',
		recentYears: 'Yakın yıllardan kaçının.',
		associatedYears: 'Sizinle ilgili yıllardan kaçının.',
		sequences: 'Sıralı karakterlerden kaçının.',
		repeated: 'Tekrar eden kelime ve karakterlerden kaçının.',
		longerKeyboardPattern: 'Daha uzun klavye desenleri kullanın ve yazma yönünü birkaç kez değiştirin.',
		anotherWord: 'Az kullanılan birkaç kelime daha ekleyin.',
		useWords: 'Birkaç kelime kullanın, ama bilinen sözlerden kaçının.',
		noNeed: 'Güçlü bir şifre için sembol, rakam ya da büyük harf gerekmez.',
		pwned: 'Bu şifreyi başka bir yerde kullanıyorsanız değiştirin.',
	},
	timeEstimation: {
		ltSecond: 'bir saniyeden az',
		second: '{base} saniye',
		seconds: '{base} saniye',
		minute: '{base} dakika',
		minutes: '{base} dakika',
		hour: '{base} saat',
		hours: '{base} saat',
		day: '{base} gün',
		days: '{base} gün',
		month: '{base} ay',
		months: '{base} ay',
		year: '{base} yıl',
		years: '{base} yıl',
		centuries: 'yüzyıllar',
	},
}
