import { createContext } from 'react-router'

/** Per-request facts the server hands to React Router. */
export type RequestInfo = {
	/** CSP nonce for this response's inline scripts. */
	nonce: string
	requestId: string
	/** The client address as Express sees it (honouring TRUST_PROXY). */
	clientIp: string
	/** The request reached the site over HTTPS (directly or through a trusted proxy). */
	secure: boolean
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', requestId: '', clientIp: '', secure: false })
