import { describe, expect, it } from 'vitest';
import { safeUrl } from 'inbox-kit/client';

describe('safeUrl', () => {
  it.each(['https://example.com/x', 'http://example.com', '/billing/invoices/1', 'docs/1#c', '?tab=2', '//cdn.example.com/a.png', 'mailto:team@example.com'])(
    'keeps %s',
    (url) => expect(safeUrl(url)).toBe(url),
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' \u0000javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'vbscript:msgbox',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    '\\\\evil.example.com',
    '/\\evil.example.com',
    '',
    null,
    undefined,
  ])('drops %j', (url) => expect(safeUrl(url)).toBeUndefined());

  it('allows data: images for images only, and no mailto images', () => {
    expect(safeUrl('data:image/png;base64,AAAA', 'image')).toBe('data:image/png;base64,AAAA');
    expect(safeUrl('data:image/png;base64,AAAA', 'link')).toBeUndefined();
    expect(safeUrl('mailto:a@b.c', 'image')).toBeUndefined();
  });
});
