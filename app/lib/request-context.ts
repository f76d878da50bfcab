import { createContext } from 'react-router'

/** Per-request facts the server hands to React Router. */
export type RequestInfo = {
	/** CSP nonce for this response's inline scripts. */
	nonce: string
	requestId: string
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', requestId: '' })
