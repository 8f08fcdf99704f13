/** The snooze presets, in the reader's time zone and locale (issue 26). */
import { describe, expect, it } from 'vitest';
import { localInputValue, snoozePresets } from '../src/i18n/snooze-times';

const at = (text: string) => new Date(text);

describe('snoozePresets', () => {
  it('offers in an hour, this evening, tomorrow morning and next week, in that order', () => {
    const presets = snoozePresets(at('2026-11-27T10:15'), 'en-GB');
    expect(presets.map(([name, time]) => [name, localInputValue(time)])).toEqual([
      ['hour', '2026-11-27T11:15'],
      ['evening', '2026-11-27T18:00'],
      ['tomorrow', '2026-11-28T09:00'],
      // A Friday: next week is Monday.
      ['nextWeek', '2026-11-30T09:00'],
    ]);
  });

  it('leaves out this evening from an hour before it', () => {
    expect(snoozePresets(at('2026-11-27T17:30'), 'en-GB').map(([name]) => name)).toEqual(['hour', 'tomorrow', 'nextWeek']);
  });

  it('starts next week on its first working day: Monday where the week starts on Sunday, Sunday where the weekend is Friday and Saturday', () => {
    const nextWeek = (locale: string) => localInputValue(snoozePresets(at('2026-11-25T10:00'), locale).at(-1)![1]);
    expect(nextWeek('en-US')).toBe('2026-11-30T09:00');
    expect(nextWeek('de-DE')).toBe('2026-11-30T09:00');
    expect(nextWeek('he-IL')).toBe('2026-11-29T09:00');
  });

  it('goes a week on when today is the first day of the week', () => {
    expect(localInputValue(snoozePresets(at('2026-11-30T08:00'), 'de-DE').at(-1)![1])).toBe('2026-12-07T09:00');
  });

  it('crosses a month and a year', () => {
    expect(snoozePresets(at('2026-12-31T20:00'), 'de-DE').map(([name, time]) => [name, localInputValue(time)])).toEqual([
      ['hour', '2026-12-31T21:00'],
      ['tomorrow', '2027-01-01T09:00'],
      ['nextWeek', '2027-01-04T09:00'],
    ]);
  });
});
