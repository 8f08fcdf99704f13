/** Relative times through Intl, in the reader's locale. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const formatters = new Map<string, Intl.RelativeTimeFormat>();

/**
 * The locale's relative-time formatter, made once. Making the first one costs about 15 ms (the
 * locale's number data), so an inbox makes it while it waits for its notifications, before any row needs it.
 */
export function relativeTimeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "5 minutes ago", "yesterday", "vor 2 Stunden": the largest unit that fits. */
export function formatRelativeTime(iso: string | null | undefined, now: number, locale: string | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return '';
  const formatter = relativeTimeFormat(locale);
  const seconds = (time - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.round(seconds / size), unit);
  }
  return formatter.format(0, 'second');
}

// Intl formatters are slow to make (a fraction of a millisecond each): one per locale, kept.
const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/** The full date and time, for a tooltip and `<time>`'s title. */
export function formatDateTime(iso: string | null | undefined, locale: string | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return '';
  const key = locale ?? '';
  let formatter = dateTimeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormatters.set(key, formatter);
  }
  return formatter.format(time);
}
