import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { CardCarousel } from './card-carousel.tsx'

const props = {
	id: 'duyurular',
	title: 'Duyurular',
	emptyMessage: 'Henüz duyuru yok.',
	cardHeight: 460,
	previousLabel: 'Önceki',
	nextLabel: 'Sonraki',
}

test('shows a read error in red in place of the cards', () => {
	const html = renderToStaticMarkup(<CardCarousel {...props} state={{ ok: false, error: 'Duyurular şu anda yüklenemedi.' }} />)
	expect(html).toContain('<p class="error-text" role="alert">Duyurular şu anda yüklenemedi.</p>')
	expect(html).not.toContain('data-card-carousel')
})

test('shows the empty message when there are no cards', () => {
	const html = renderToStaticMarkup(<CardCarousel {...props} state={{ ok: true, cards: [] }} />)
	expect(html).toContain('Henüz duyuru yok.')
	expect(html).not.toContain('data-card-carousel')
})

test('renders each card as a plain link with the carousel controls hidden until enhanced', () => {
	const cards = [1, 2, 3, 4].map((n) => ({
		key: String(n),
		title: `Başlık ${n}`,
		excerpt: `Özet ${n}`,
		href: `/duyurular/${n}`,
		image: null,
	}))
	const html = renderToStaticMarkup(<CardCarousel {...props} state={{ ok: true, cards }} />)
	expect(html.match(/<a href="\/duyurular\/\d"/g)).toHaveLength(4)
	expect(html.match(/<button[^>]* hidden=""/g)).toHaveLength(2)
	expect(html).toContain('--card-w:270px')
	expect(html).toContain('--card-gap:25px')
	expect(html).toContain('--card-h:460px')
})
