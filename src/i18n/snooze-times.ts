/**
 * The snooze presets people expect (in an hour, this evening, tomorrow morning, next week), as
 * times in the reader's time zone: the browser's, through `Date`'s local fields. "Next week" is the
 * first working day of the locale's next week, where the browser says (Monday in most; Sunday where
 * the weekend is Friday and Saturday).
 */
import { perLocale } from './time';

export type SnoozePreset = 'hour' | 'evening' | 'tomorrow' | 'nextWeek';

const MORNING = 9;
const EVENING = 18;

type WeekInfo = { firstDay: number; weekend: number[] };

/** The locale's week (days 1 Monday to 7 Sunday); Monday to Friday where the browser cannot say. */
function weekOf(locale: string | undefined): WeekInfo {
  try {
    const info = new Intl.Locale(locale ?? navigator.language) as Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };
    return info.getWeekInfo?.() ?? info.weekInfo ?? { firstDay: 1, weekend: [6, 7] };
  } catch {
    return { firstDay: 1, weekend: [6, 7] };
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
  const { firstDay, weekend } = weekOf(locale);
  // The first working day of the next week (Monday in the US, whose week starts on a Sunday).
  let toNextWeek = (firstDay - now.getDay() + 7) % 7 || 7;
  while (weekend.includes(((now.getDay() + toNextWeek + 6) % 7) + 1) && toNextWeek < 14) toNextWeek++;
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
