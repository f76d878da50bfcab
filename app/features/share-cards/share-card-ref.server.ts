import { getStorage } from '#app/lib/storage.server.ts'
import { toShareCard, type ShareCard } from './share-cards.shared.ts'

/** An item's stored share card (`share_card_key`) as its page's og:image, or null while none is drawn. */
export function shareCardFor(key: string | null | undefined): ShareCard | null {
	const storage = getStorage()
	return toShareCard(key, (stored) => storage.url(stored))
}
