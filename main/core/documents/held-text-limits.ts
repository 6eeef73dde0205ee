import type { PreparedTextsLimits } from '../../../shared/document/prepared-texts.js';

/**
 * What the core's document thread keeps: the newest long texts up to this many characters (one
 * byte each for ASCII), with no time limit, since a result stays on screen as long as the person
 * likes. An older text's view then says it is no longer kept.
 */
export const HELD_TEXT_LIMITS: PreparedTextsLimits = { keepChars: 128 * 1024 * 1024, arrivalWaitMs: 10_000, preparedTexts: 2 };

/**
 * Open documents at most (a 20 MB JSON tree takes about 150 MB); opening one more closes the
 * oldest, so a page that went away without closing its own does not keep them for long.
 */
export const MAX_OPEN_DOCUMENTS = 8;
