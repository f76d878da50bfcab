/** The Çöp kutusu section's address and its kind filter (`?tur=<table>`), shared by the screen and its server door. */
export const TRASH_SECTION = 'cop-kutusu'
export const KIND_PARAM = 'tur'
