/**
 * The direction of one block of text, from the letters it is written in: right-to-left when at
 * least three quarters of its letters are Hebrew, Arabic, Syriac, Thaana or N'Ko, left-to-right
 * when at least three quarters are of other scripts, and undefined (the inbox's own direction)
 * when it is truly mixed or has no letters. Not the first letter (`dir="auto"`): an English
 * sentence that starts with an Arabic name stays an English line, and Latin text in an Arabic
 * inbox keeps its punctuation at its own end.
 */
const RTL = /(?=\p{L})[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/gu;
const LETTER = /\p{L}/gu;
const ANY_RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const ANY_LETTER = /\p{L}/u;
const CLEAR_MAJORITY = 0.75;

export function textDirection(text: string): 'ltr' | 'rtl' | undefined {
  // Most text has no right-to-left script at all: one scan, and no list of its letters to count.
  if (!ANY_RTL.test(text)) return ANY_LETTER.test(text) ? 'ltr' : undefined;
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return undefined;
  const rtl = (text.match(RTL)?.length ?? 0) / letters;
  if (rtl >= CLEAR_MAJORITY) return 'rtl';
  if (1 - rtl >= CLEAR_MAJORITY) return 'ltr';
  return undefined;
}
