/**
 * The build writes this placeholder wherever a page needs the Content-Security-Policy nonce (Vite's
 * `html.cspNonce`: a `<meta property="csp-nonce">` and the script and style tags); the server puts
 * a fresh nonce in its place in every page it serves, the same one its CSP header names.
 */
export const CSP_NONCE_PLACEHOLDER = 'PHOTOMUSE_CSP_NONCE';
