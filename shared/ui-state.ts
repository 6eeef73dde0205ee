/**
 * What the window remembers between starts, stored by the core in the data folder
 * (`uiState.*` requests): opaque strings by key, within these bounds.
 */
export const UI_STATE_LIMITS = {
  keyChars: 200,
  /** The tool run history is the largest value, with its own budget of 1.5 M characters. */
  valueChars: 2_000_000,
  totalChars: 8_000_000,
} as const;
