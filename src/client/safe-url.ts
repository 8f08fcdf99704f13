/**
 * URLs from notification content (CTA links, avatars) are used only when they
 * are http(s), relative or mailto; images may also be `data:image/*`. Anything
 * else (`javascript:`, `vbscript:`, `data:text/html`, ...) is dropped.
 *
 * @returns the URL to use, or `undefined` when it must not be used.
 */
export function safeUrl(url: string | null | undefined, kind: 'link' | 'image' = 'link'): string | undefined {
  if (typeof url !== 'string') return undefined;
  // Browsers skip leading spaces and control characters (up to U+0020), and drop tabs and newlines
  // anywhere: the probe has no control character (below U+0020, and U+007F).
  const trimmed = url.replace(/^[^\x21-\uffff]+/, '');
  if (trimmed === '') return undefined;
  const probe = trimmed.replace(/[^\x20-\x7e\x80-\uffff]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(probe)?.[1];
  if (scheme === undefined) return probe.startsWith('\\') || probe.startsWith('/\\') ? undefined : trimmed;
  if (scheme === 'http' || scheme === 'https') return trimmed;
  if (scheme === 'mailto' && kind === 'link') return trimmed;
  if (scheme === 'data' && kind === 'image' && probe.startsWith('data:image/')) return trimmed;
  return undefined;
}
