/**
 * The snooze presets people expect (in an hour, this evening, tomorrow morning, next week), as
 * times in the reader's time zone: the browser's, through `Date`'s local fields. "Next week" starts
 * on the first day of the locale's week (Monday in most, Sunday in the US) where the browser says.
 */
import { perLocale } from './time';

export type SnoozePreset = 'hour' | 'evening' | 'tomorrow' | 'nextWeek';

const MORNING = 9;
const EVENING = 18;

/** Day of the week (0 Sunday) that starts a week in `locale`; Monday when the browser cannot say. */
function firstDayOf(locale: string | undefined): number {
  try {
    const info = new Intl.Locale(locale ?? navigator.language) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
    return (info.getWeekInfo?.() ?? info.weekInfo)?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/** `day` (a local date) at `hour`:00 local time. */
function at(day: Date, hour: number, addDays = 0): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + addDays, hour);
}

/**
 * Each preset that lies ahead of `now`, with its time, in order. "This evening" is offered until
 * an hour before it.
 */
export function snoozePresets(now: Date, locale?: string): [SnoozePreset, Date][] {
  const firstDay = firstDayOf(locale) % 7;
  // The next first day of a week, a week on when today is one.
  const toNextWeek = (firstDay - now.getDay() + 7) % 7 || 7;
  const presets: [SnoozePreset, Date][] = [
    ['hour', new Date(+now + 3_600_000)],
    ['evening', at(now, EVENING)],
    ['tomorrow', at(now, MORNING, 1)],
    ['nextWeek', at(now, MORNING, toNextWeek)],
  ];
  return presets.filter(([preset, time]) => preset !== 'evening' || +time - +now >= 3_600_000);
}

/** A `datetime-local` input's value for `time`, in the reader's time zone (`YYYY-MM-DDTHH:mm`). */
export function localInputValue(time: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${two(time.getMonth() + 1)}-${two(time.getDate())}T${two(time.getHours())}:${two(time.getMinutes())}`;
}

const dayTimeFormat = /* @__PURE__ */ perLocale((locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit' }));
const timeFormat = /* @__PURE__ */ perLocale((locale) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }));

/** When a snooze ends, as its preset shows it: the time today ("18:00"), else the day too ("Fri 9:00 AM"). */
export function formatSnoozeTime(time: Date, now: Date, locale: string | undefined): string {
  return (time.toDateString() === now.toDateString() ? timeFormat : dayTimeFormat)(locale).format(time);
}
