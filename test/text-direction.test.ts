/** The direction of a block of notification text: by a clear majority of its letters, not the first. */
import { expect, it } from 'vitest';
import { textDirection } from '../src/i18n/text-direction';

it.each([
  ['عمر الفاروق invited you to the Design workspace.', 'ltr'],
  ['Ça me va, on en reparle demain 👍', 'ltr'],
  ['Looks good to me, ship it!', 'ltr'],
  ['أحسنت! لنناقش التفاصيل في اجتماع الغد.', 'rtl'],
  // Truly mixed: the inbox's own direction decides.
  ['Marcus Chen replied to your comment on “موجز الحملة”: أحسنت! لنناقش التفاصيل في اجتماع الغد.', undefined],
  ['שלום, Dana', undefined],
  ['שלום לכולם וברוכים הבאים, Dana', 'rtl'],
  ['🎉🎉 2024', undefined],
])('%s → %s', (text, direction) => {
  expect(textDirection(text)).toBe(direction);
});
