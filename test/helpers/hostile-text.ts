/**
 * Texts filled to hurt (the vectors of test/browser/hostile-fields.browser.test.tsx): a letter under
 * 200,000 combining marks, marks between zero-width non-joiners, an emoji sequence joined 20,000
 * times, 200,000 Hangul leading consonants, bidi controls that reorder what follows, and a
 * 200,000-character word; and what the display rule leaves of them (no reordering character, at most
 * eight marks in a row).
 */
export const HOSTILE = {
  'combining marks': `a${'\u0301'.repeat(200_000)}`,
  'combining marks between zero-width non-joiners': `a${`${'\u0301'.repeat(8)}\u200C`.repeat(22_222)}`,
  'an emoji sequence joined 20,000 times': '\u{1F468}\u200D'.repeat(20_000),
  'Hangul leading consonants, 200,000 in one syllable': '\u1100'.repeat(200_000),
  'bidi controls': 'invoice\u202Efdp.exe \u2066x\u2069',
  'a 200,000-character word': 'x'.repeat(200_000),
} as const;

/** The characters that reorder or hide what follows them. */
export const REORDERING = /[\u202A-\u202E\u2066-\u2069]/;

/** More combining marks (or zero-width joiners and non-joiners) in a row than the display rule keeps. */
export const STACKED = /[\p{M}\u200C\u200D]{9}/u;
