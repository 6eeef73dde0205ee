/** Texts at least this long are handled in a document worker (the page's or the core's), never on the page's main thread. */
export const LARGE_TEXT_CHARS = 256 * 1024;
