/**
 * Notification text as it is shown: without the characters that reorder or hide what follows
 * them (bidi embeddings, overrides and isolates: `invoice\u202Efdp.exe` would read
 * "invoiceexe.pdf"), and no longer than `max` characters, so one huge unbroken word cannot
 * cost the page seconds of line breaking. Marks that only hint a direction (LRM, RLM, ALM) stay.
 */
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/g;

export function displayText(text: string, max: number): { text: string; cut: boolean } {
  const cut = text.length > max;
  const shown = (cut ? Array.from(text.slice(0, max + 1)).slice(0, -1).join('') : text).replace(REORDERING, '');
  return { text: cut ? `${shown.trimEnd()}…` : shown, cut };
}
