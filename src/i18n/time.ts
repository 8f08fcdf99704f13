/** Relative times through Intl, in the reader's locale. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * One formatter per locale, made on first use and kept: making one is slow (the first costs about
 * 15 ms, the browser's data for the locale's numbers).
 */
export function perLocale<F>(make: (locale: string | undefined) => F): (locale: string | undefined) => F {
  const made = new Map<string, F>();
  return (locale) => {
    let formatter = made.get(locale ?? '');
    if (!formatter) made.set(locale ?? '', (formatter = make(locale)));
    return formatter;
  };
}

/** The locale's relative-time formatter. An inbox makes it while it waits for its notifications, before any row needs it. */
export const relativeTimeFormat = /* @__PURE__ */ perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

/** "5 minutes ago", "yesterday", "vor 2 Stunden": the largest unit that fits. */
export function formatRelativeTime(iso: string | null | undefined, now: number, locale: string | undefined): string {
  // NaN for no date, an empty one or an unreadable one.
  const time = Date.parse(iso ?? '');
  if (Number.isNaN(time)) return '';
  const formatter = relativeTimeFormat(locale);
  const seconds = (time - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.round(seconds / size), unit);
  }
  return formatter.format(0, 'second');
}

const dateTimeFormat = /* @__PURE__ */ perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

/** The full date and time, for a tooltip and `<time>`'s title. */
export function formatDateTime(iso: string | null | undefined, locale: string | undefined): string {
  // NaN for no date, an empty one or an unreadable one.
  const time = Date.parse(iso ?? '');
  return Number.isNaN(time) ? '' : dateTimeFormat(locale).format(time);
}

