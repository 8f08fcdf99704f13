/**
 * Real time's parts of the components (toasts, the title's count, the desktop switch) are one chunk
 * of their own (extras/Extras.tsx), loaded after first paint where any of them is used: an app that
 * uses none of them loads none of it. The socket opens later still, so the toasts are there before
 * the first arrival.
 */
import { lazy, Suspense } from 'react';
import type { InboxLabels } from '../../i18n/labels';
import { useHydrated } from './use-hydrated';

const Lazy = lazy(() => import('../extras/Extras'));

export interface ToasterOptions {
  /** Where the toasts stack. Default `bottom-end`. */
  placement?: 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';
  /** How long each stays, in ms (the time stops while the pointer or focus is on them). Default 6000. */
  durationMs?: number;
}

export interface ExtrasProps {
  toasts?: boolean | ToasterOptions | undefined;
  titleBadge?: boolean | undefined;
  /** The desktop switch, with these labels. */
  desktop?: InboxLabels | undefined;
}

/**
 * Rendered once the page is the browser's: what they show is the browser's alone (the page's
 * visibility, its title, its notifications), and a server neither waits for their chunk nor leaves
 * a boundary for the browser to render again.
 */
export function Extras(props: ExtrasProps) {
  return (
    useHydrated() && (
      <Suspense>
        <Lazy {...props} />
      </Suspense>
    )
  );
}

/** `<Inbox.Toaster />`: new notifications as toasts while the inbox is closed (they come with real time). */
export const InboxToaster = (options: ToasterOptions) => <Extras toasts={options} />;
