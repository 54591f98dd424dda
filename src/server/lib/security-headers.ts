import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppConfig } from './env';

/**
 * Where Stripe's embedded checkout loads from (Stripe's security guide: Stripe.js, its frames,
 * its API, the Checkout frame and the images inside it). Allowed only when Stripe is configured.
 */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** Profile pictures of social sign-in, shown as avatars; Apple sends none. */
const AVATAR_HOSTS = {
  google: 'https://*.googleusercontent.com',
  github: 'https://avatars.githubusercontent.com',
};

/**
 * The Content-Security-Policy: exactly what the app loads. Scripts, styles, fonts and API calls
 * come from this server; the few <style> elements libraries add at run time carry the page's
 * nonce (fresh for every answer; app.ts writes it into the page). Images come from this server
 * too, plus previews of photos being picked (blob:), inline SVG data (data:) and the avatars of
 * the configured sign-in providers. Nothing may frame the app.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'stripe' | 'social' | 'sentry'>) {
  const stripe = config.stripe.mode === 'stripe';
  // The web client sends its error reports to the host its DSN names.
  const errorReports = config.sentry.clientDsn ? [new URL(config.sentry.clientDsn).origin] : [];
  const avatars = [config.social.google && AVATAR_HOSTS.google, config.social.github && AVATAR_HOSTS.github].filter(
    (host): host is string => !!host,
  );
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(stripe ? STRIPE.script : [])],
    styleSrc: ["'self'", NONCE],
    imgSrc: ["'self'", 'data:', 'blob:', ...avatars, ...(stripe ? STRIPE.img : [])],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...(stripe ? STRIPE.connect : []), ...errorReports],
    frameSrc: stripe ? STRIPE.frame : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Security headers on every response (pages, API, files, errors), through Hono's secure-headers
 * middleware: the CSP above, no framing (also X-Frame-Options for old browsers), nosniff, a
 * referrer that never carries paths to other sites, no powerful browser features, and HSTS in
 * production (where the site is served over HTTPS). Its other defaults stay on (isolation of the
 * browsing context, resources readable by this site only).
 */
export function securityHeaders(config: Pick<AppConfig, 'stripe' | 'social' | 'isProduction' | 'sentry'>): MiddlewareHandler {
  const stripe = config.stripe.mode === 'stripe';
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: config.isProduction ? 'max-age=31536000; includeSubDomains' : false,
    // Stripe's checkout opens some payment methods' confirmations in a pop-up that reports back.
    crossOriginOpenerPolicy: stripe ? 'same-origin-allow-popups' : 'same-origin',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      usb: [],
      serial: [],
      hid: [],
      bluetooth: [],
      midi: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
      displayCapture: [],
      browsingTopics: [],
      payment: stripe ? ['self', 'https://js.stripe.com', 'https://checkout.stripe.com'] : [],
    },
  });
}
