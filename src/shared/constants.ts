/**
 * Every limit, size and timing the product specification names (section 9), named as the spec
 * names it. Both the server and the web client read them from here.
 */

export const CURRENCY = 'usd';

/** HTTP client time-out (120000 ms). */
export const HTTP_TIMEOUT_MS = 120_000;

/** Message composer. */
export const MESSAGE_MAX_LENGTH = 500;
export const MAX_ATTACHMENTS = 5;
export const TYPING_WINDOW_MS = 60_000;
export const MISSED_MESSAGES_FETCH_LIMIT = 100;
export const MESSAGES_FETCH_DEFAULT_LIMIT = 50;

/** Sessions list: one page of cards; the next loads as the list scrolls to its end. */
export const SESSIONS_PAGE_SIZE = 24;
export const SESSIONS_PAGE_MAX = 100;
/** The longest text the sessions search accepts (a message is at most 500 characters). */
export const SESSION_SEARCH_MAX_LENGTH = 100;

/** Library and verified-image lists. */
export const LIBRARY_PAGE_SIZE = 12;
export const LIBRARY_VIEW_ALL_LIMIT = 1000;
export const VERIFIED_IMAGES_DEFAULT_LIMIT = 20;

/** File verification polling: up to 15 attempts, 2 s apart. */
export const VERIFICATION_POLL_ATTEMPTS = 15;
export const VERIFICATION_POLL_INTERVAL_MS = 2_000;

export const UPLOAD_CACHE_CONTROL_SECONDS = 3600;
export const JPEG_REENCODE_QUALITY = 0.95;

/** Money. */
export const REFERENCE_PRICE_PER_IMAGE_CENTS = 8;
export const CUSTOM_TOP_UP_MIN_CENTS = 100;
export const CUSTOM_TOP_UP_MAX_CENTS = 100_000;
export const CUSTOM_TOP_UP_DEFAULT_DOLLARS = 10;
export const CUSTOM_TOP_UP_QUICK_AMOUNTS = [10, 25, 50, 100] as const;
export const HISTORY_PAGE_SIZE = 20;
export const BALANCE_REFRESH_AFTER_TOP_UP_MS = 3_000;

/** Redirect timings. */
export const PAYMENT_REDIRECT_STEPS = 5;
export const PAYMENT_REDIRECT_STEP_MS = 2_000;
export const PASSWORD_RESET_REDIRECT_MS = 3_000;
export const CAROUSEL_LOCK_MS = 300;

/** Display formatting. */
export const NAME_MAX_LENGTH = 25;
export const PROMPT_BADGE_MAX_LENGTH = 30;

/** Gestures. */
export const PREVIEW_SWIPE_CLOSE_THRESHOLD = 150;
export const SWIPE_THRESHOLD_PX = 100;
export const SWIPE_DEAD_ZONE_PX = 10;

/** Layout. */
export const SKELETON_ITEM_COUNT = 8;
export const HEADER_HEIGHT_PX = 64;
export const SHEET_CLOSE_MS = 300;
export const SHEET_OPEN_MS = 500;

export const MIN_PASSWORD_LENGTH = 8;

/** Toasts: 4000 ms, at most 3 visible, bottom-right. */
export const TOAST_DURATION_MS = 4_000;
export const TOAST_VISIBLE_MAX = 3;

export const APP_VERSION = '1.0.0';
