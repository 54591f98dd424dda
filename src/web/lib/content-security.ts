import { setNonce } from 'get-nonce';

/**
 * Imported first by main.tsx, before any module builds a schema or injects a style: the page's
 * Content-Security-Policy allows no eval and no inline style without the page's nonce.
 */

/** The nonce the server put in this page (the attribute is hidden from the DOM; the property is not). */
function pageCspNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

// zod compiles fast parsers with `new Function`, and even its probe for that is reported as a
// violation. This is what `z.config({ jitless: true })` sets (zod keeps its settings on globalThis
// so that every copy shares them); set directly, it keeps zod (3.6 KB) out of the landing page.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
// Radix dialogs lock scrolling with an injected <style> (react-remove-scroll), which asks get-nonce.
const nonce = pageCspNonce();
if (nonce) setNonce(nonce);
