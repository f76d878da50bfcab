import { expect, test } from 'vitest'
import { decodeEntities, parseHtml, splitAtTopLevel } from './html-tree.server.ts'

test('reads sanitised HTML into elements, attributes and decoded text', () => {
	expect(parseHtml('<p>a &amp; b<br />c <a href="/x?a=1&amp;b=2">d</a></p><img src="/i.png" alt="&quot;x&quot;" />')).toEqual([
		{
			tag: 'p',
			attrs: {},
			children: ['a & b', { tag: 'br', attrs: {}, children: [] }, 'c ', { tag: 'a', attrs: { href: '/x?a=1&b=2' }, children: ['d'] }],
		},
		{ tag: 'img', attrs: { src: '/i.png', alt: '"x"' }, children: [] },
	])
	expect(parseHtml('<ul><li>bir</li></p><li>iki</ul>son')).toEqual([
		{
			tag: 'ul',
			attrs: {},
			children: [
				{ tag: 'li', attrs: {}, children: ['bir'] },
				{ tag: 'li', attrs: {}, children: ['iki'] },
			],
		},
		'son',
	])
	expect(decodeEntities('&lt;&#39;&#x15F;&nbsp;&bogus;')).toBe("<'ş\u00a0&bogus;")
})

test('splits HTML at top-level headings only, never inside quotes, lists or tables', () => {
	const html =
		'<p>giriş</p><h2 id="bir">Bir <em>başlık</em></h2><p>a</p><blockquote><h2>içeride</h2></blockquote><h2 id="iki">İki</h2><ul><li><h2>listede</h2></li></ul>'
	expect(splitAtTopLevel(html, 'h2')).toEqual({
		intro: '<p>giriş</p>',
		sections: [
			{ attrs: { id: 'bir' }, headingHtml: 'Bir <em>başlık</em>', body: '<p>a</p><blockquote><h2>içeride</h2></blockquote>' },
			{ attrs: { id: 'iki' }, headingHtml: 'İki', body: '<ul><li><h2>listede</h2></li></ul>' },
		],
	})
	expect(splitAtTopLevel('<p>yalnız giriş</p>', 'h2')).toEqual({ intro: '<p>yalnız giriş</p>', sections: [] })
})
