/**
 * URLs from notification content (CTA links, avatars) are used only when they
 * are http(s), relative or mailto; images may also be `data:image/*`. Anything
 * else (`javascript:`, `vbscript:`, `data:text/html`, ...) is dropped.
 *
 * @returns the URL to use, or `undefined` when it must not be used.
 */
export function safeUrl(url: string | null | undefined, kind: 'link' | 'image' = 'link'): string | undefined {
  if (typeof url !== 'string') return undefined;
  // Browsers skip leading spaces and control characters, and drop tabs and newlines anywhere.
  let start = 0;
  while (start < url.length && url.charCodeAt(start) <= 0x20) start++;
  const trimmed = url.slice(start);
  if (trimmed === '') return undefined;
  let probe = '';
  for (const char of trimmed) {
    const code = char.charCodeAt(0);
    if (code >= 0x20 && code !== 0x7f) probe += char.toLowerCase();
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(probe)?.[1];
  if (scheme === undefined) return probe.startsWith('\\') || probe.startsWith('/\\') ? undefined : trimmed;
  if (scheme === 'http' || scheme === 'https') return trimmed;
  if (scheme === 'mailto' && kind === 'link') return trimmed;
  if (scheme === 'data' && kind === 'image' && probe.startsWith('data:image/')) return trimmed;
  return undefined;
}
