/**
 * Avatars the reference service serves itself (`GET /avatars/{name}.svg`), so
 * demos and tests never load anything from outside hosts.
 */

export interface AvatarSpec {
  /** Initials or a glyph drawn on the avatar. */
  label: string;
  /** Background color. */
  color: string;
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

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function avatarSvg({ label, color }: AvatarSpec): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" fill="${escapeXml(color)}"/>` +
    `<text x="48" y="50" fill="#fff" font-family="system-ui, sans-serif" font-size="38" font-weight="600" ` +
    `text-anchor="middle" dominant-baseline="middle">${escapeXml(label)}</text></svg>`
  );
}
