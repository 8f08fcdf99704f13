/**
 * The one rule every text from the service goes through before it leaves the kit (subjects, content,
 * button labels and results, workflow names, senders' initials, in the page, its toasts and on the
 * desktop):
 * - the characters that reorder or hide what follows them are removed (bidi embeddings,
 *   overrides and isolates: `invoice\u202Efdp.exe` would read "invoiceexe.pdf"); marks that only
 *   hint a direction (LRM, RLM, ALM) stay;
 * - at most eight combining marks (and zero-width joiners and non-joiners, which keep marks in
 *   one cluster) stay in a row: the browser shapes a letter and its marks as one cluster, at a
 *   cost that grows with the square of its length (200,000 marks on one letter froze the page for
 *   88 s), and no script writes more than a few;
 * - at most `max` characters are shown, so one huge unbroken word cannot cost the page seconds
 *   of line breaking.
 */
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/g;
const STACKED_MARKS = /([\p{M}\u200C\u200D]{8})[\p{M}\u200C\u200D]+/gu;

/** Characters shown of a label: a button, a result, a workflow's name. */
export const LABEL_MAX = 120;
/** Characters shown of a subject, and of content before "Show more" and after it: in the page and on the desktop alike. */
export const SUBJECT_MAX = 200;
export const CONTENT_MAX = 300;
export const EXPANDED_MAX = 20_000;

export function displayText(text: string, max: number): { text: string; cut: boolean } {
  const clean = text.replace(REORDERING, '').replace(STACKED_MARKS, '$1');
  const cut = clean.length > max;
  return { text: cut ? `${Array.from(clean.slice(0, max + 1)).slice(0, -1).join('').trimEnd()}…` : clean, cut };
}

/** A short text as shown: a label's worth of it, by the same rule. */
export function displayLabel(text: string): string {
  return displayText(text, LABEL_MAX).text;
}
