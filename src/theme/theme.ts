/** The theme: a few semantic tokens, set as CSS variables on the kit's root element. */
import type { CSSProperties } from 'react';

/**
 * `inherit`: the `color-scheme` the host page declares (light when none); `system`: the reader's
 * setting; or a fixed scheme.
 */
export type ColorScheme = 'inherit' | 'light' | 'dark' | 'system';

export interface InboxTheme {
  colors?: {
    background?: string;
    foreground?: string;
    /** Secondary surfaces: hovered rows, skeletons. */
    muted?: string;
    mutedForeground?: string;
    /** Buttons, the unread dot, focus rings. */
    primary?: string;
    primaryForeground?: string;
    /** The unread badge. */
    accent?: string;
    accentForeground?: string;
    /** The ring around the badge: your header's background, so the badge stands clear of the bell. Default: the page's (`Canvas`). */
    badgeRing?: string;
    border?: string;
    danger?: string;
    /** High-severity notifications: their edge and icon, and the badge while one is unread. */
    high?: string;
    highForeground?: string;
  };
  /** Corner radius, e.g. `8px`. */
  radius?: string;
  /** Font stack. Default: the system UI font. */
  font?: string;
  /** Base spacing unit, e.g. `4px`; paddings are multiples of it. */
  spacing?: string;
  /** Shadow of the popover. */
  shadow?: string;
}

/** The colours, each set as `--inbox-` and its name in kebab case (`mutedForeground`: `--inbox-muted-foreground`). */
const COLORS: readonly (keyof NonNullable<InboxTheme['colors']>)[] = [
  'background',
  'foreground',
  'muted',
  'mutedForeground',
  'primary',
  'primaryForeground',
  'accent',
  'accentForeground',
  'badgeRing',
  'border',
  'danger',
  'high',
  'highForeground',
];

/**
 * The theme as CSS variables for the root element's `style`. React sets them
 * through the CSSOM, which a Content-Security-Policy without `unsafe-inline` allows.
 */
export function themeToStyle(theme: InboxTheme | undefined): CSSProperties | undefined {
  if (!theme) return undefined;
  const style: Record<string, string> = {};
  const set = (name: string, value: string | undefined) => {
    if (value) style[`--inbox-${name}`] = value;
  };
  for (const name of COLORS) set(name.replace(/[A-Z]/g, '-$&').toLowerCase(), theme.colors?.[name]);
  set('radius', theme.radius);
  set('font', theme.font);
  set('space', theme.spacing);
  set('shadow', theme.shadow);
  return style;
}
