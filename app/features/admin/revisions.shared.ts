/** `?surum=geri-donuldu`: an edit dialog reopened after "Bu sürüme dön" says that the text came back. */
export const REVERTED_PARAM = 'geri-donuldu'
