/** Inline SVG icons (no icon font, nothing loaded from elsewhere). */
import type { SVGProps } from 'react';

const PATHS: Record<string, string> = {
  bell: 'M12 3a6 6 0 0 0-6 6v3.6L4.3 15.3A1 1 0 0 0 5.1 17h13.8a1 1 0 0 0 .8-1.7L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0',
  check: 'M5 12.5 10 17l9-10',
  success: 'M5 12.5 10 17l9-10',
  warning: 'M12 4 2.8 19.5h18.4L12 4Zm0 6v4.5m0 2.5v.5',
  error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-3.5 5.5 7 7m0-7-7 7',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 8v5.5M12 7.5v.5',
  settings: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm7.4 3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2.2-1.3L14.4 2h-4l-.4 2.5a7.6 7.6 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2.2 1.3l.4 2.5h4l.4-2.5a7.6 7.6 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3Z',
  back: 'M15 5 8 12l7 7',
  close: 'M6 6l12 12M18 6 6 18',
  dot: 'M12 12h.01',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  high: 'M12 4v10m0 4.5v.5',
};

export type IconName = keyof typeof PATHS;

/** `d`: a path of the caller's own (the menus' icons load with them). */
export function Icon({ name, d, ...props }: { name: string; d?: string } & SVGProps<SVGSVGElement>) {
  return (
    <svg data-inbox-slot="icon" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth={name === 'more' ? 3 : 1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {/* Own properties only: an icon named `__proto__` or `constructor` (from the service) is the default. */}
      <path d={d ?? (Object.hasOwn(PATHS, name) ? PATHS[name] : PATHS.info)} />
    </svg>
  );
}
