/** Search limits shared by the server module and the search page. */

/** Longer queries are cut; more words than MAX_QUERY_TERMS are ignored. */
export const MAX_QUERY_LENGTH = 200
export const MAX_QUERY_TERMS = 6
export const SEARCH_PER_PAGE = 20
