/** The element at the very start of the page where a screen puts its skip links (before the site header). */
export const SKIP_LINKS_SLOT_ID = 'skip-links';
