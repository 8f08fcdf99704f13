/** A count as hooks give it and a badge shows it, honest about what the service knows. */

export interface Count {
  /** The number, or a lower bound of it when `exact` is false. */
  value: number;
  exact: boolean;
}

/** Which count: notifications not read, or not seen (the "new since you last looked" badge). */
export type CountKind = 'unread' | 'unseen';

/**
 * The text of a badge: exact counts up to `max`, then `99+`; a lower bound `n` reads `${n - 1}+`
 * ("more than"), capped at `max+`.
 */
export function formatCount(count: Count, max = 99): string {
  if (count.exact) return count.value > max ? `${max}+` : String(count.value);
  return `${Math.min(Math.max(count.value - 1, 0), max)}+`;
}

/** A count the inbox shows (`count`, `exact`) as its badge or tab writes it; empty for none or 0. */
export function countText(shown: { count: number; exact: boolean } | undefined): string {
  return shown?.count ? formatCount({ value: shown.count, exact: shown.exact }) : '';
}
