/**
 * Hostile notification content for the XSS suite: every payload sets `window.__xss` if it ever
 * runs, and each is put in a field the kit renders. The test counts what it tried.
 */
export type XssField = 'subject' | 'content' | 'button' | 'sender' | 'link' | 'avatar' | 'custom-icon' | 'payload';

export interface XssVector {
  field: XssField;
  value: unknown;
}

const MARKUP = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '<svg onload=window.__xss=1>',
  '"><img src=x onerror=window.__xss=1>',
  "'><script>window.__xss=1</script>",
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">open</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  "{{constructor.constructor('window.__xss=1')()}}",
  '<body onload=window.__xss=1>',
  '&lt;img src=x onerror=window.__xss=1&gt;',
];

const URLS = [
  'javascript:window.__xss=1',
  'JaVaScRiPt:window.__xss=1',
  ' javascript:window.__xss=1',
  'java\tscript:window.__xss=1',
  'java\nscript:window.__xss=1',
  '&#106;avascript:window.__xss=1',
  'javascript&colon;window.__xss=1',
  'data:text/html,<script>window.__xss=1</script>',
  'vbscript:msgbox(1)',
  '\u0000javascript:window.__xss=1',
  'javascript://%0Awindow.__xss=1',
  'jav&#x09;ascript:window.__xss=1',
];

export const XSS_VECTORS: XssVector[] = [
  ...(['subject', 'content', 'button', 'sender'] as const).flatMap((field) => MARKUP.map((value) => ({ field, value }))),
  ...(['link', 'avatar', 'custom-icon'] as const).flatMap((field) => URLS.map((value) => ({ field, value }))),
  { field: 'payload', value: JSON.parse('{"__proto__": {"polluted": 1}}') as unknown },
  { field: 'payload', value: { constructor: { prototype: { polluted: 1 } } } },
  { field: 'custom-icon', value: '__proto__' },
];
