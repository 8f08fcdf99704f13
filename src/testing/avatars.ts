/**
 * Avatars the reference service serves itself (`GET /avatars/{name}.svg`), so
 * demos and tests never load anything from outside hosts.
 */

export interface AvatarSpec {
  /** Initials drawn on the avatar (and its name when it draws a picture instead). */
  label: string;
  /** A picture drawn in paths instead of the label: no font (an emoji one, say) needed to see it. */
  picture?: keyof typeof PICTURES;
  /** Background color. */
  color: string;
  /**
   * A damaged file: served like the others, but no browser can draw it, so the UI's fallback
   * (initials) shows. Damaged rather than missing, so that pages showing it log no failed request.
   */
  damaged?: boolean;
}

const PALETTE = ['#6E56CF', '#0090FF', '#12A594', '#E5484D', '#F76B15', '#D6409F', '#3E63DD', '#29A383'];

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => Array.from(part ?? '')[0] ?? '').join('').toUpperCase();
}

export function colorFor(key: string): string {
  let hash = 0;
  for (const char of key) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#6E56CF';
}

/** Drawn on a 96 × 96 avatar; `currentColor` is its background. */
const PICTURES = {
  rocket:
    '<path d="M48 16c11 9 16 22 16 36l-7 11H39l-7-11c0-14 5-27 16-36Z" fill="#fff"/>' +
    '<circle cx="48" cy="41" r="6" fill="currentColor"/>' +
    '<path d="M33 52l-9 9v12l12-7ZM63 52l9 9v12l-12-7Z" fill="#fff"/>' +
    '<path d="M42 66h12l-6 14Z" fill="#f59e0b"/>',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function avatarSvg({ label, color, picture, damaged }: AvatarSpec): string {
  if (damaged) return '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect';
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" color="${escapeXml(color)}">` + `<rect width="96" height="96" fill="${escapeXml(color)}"/>`;
  if (picture) return `${open}<title>${escapeXml(label)}</title>${PICTURES[picture]}</svg>`;
  return (
    open +
    `<text x="48" y="50" fill="#fff" font-family="system-ui, sans-serif" font-size="38" font-weight="600" ` +
    `text-anchor="middle" dominant-baseline="middle">${escapeXml(label)}</text></svg>`
  );
}
