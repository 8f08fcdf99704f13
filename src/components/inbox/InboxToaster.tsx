/**
 * New notifications as toasts (`<Inbox toasts>` or `<Inbox.Toaster />`): each one the socket brings,
 * while the page is visible and the inbox closed, drawn by the inbox's item renderer. The live region
 * is there from the start (so what comes is announced, politely, and never takes focus); the toasts'
 * own code loads with the first of them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { InboxNotification, RegisteredPayload } from '../../client/index';
import { useInboxContext } from '../../hooks/InboxProvider';
import { useInboxUi } from './context';

const ArrivalToasts = lazy(() => import('../toaster/ArrivalToasts'));

export interface ToasterOptions {
  /** Where the toasts stack. Default `bottom-end`. */
  placement?: 'top-start' | 'top-end' | 'bottom-start' | 'bottom-end';
  /** How long each stays, in ms (the time stops while the pointer or focus is on them). Default 6000. */
  durationMs?: number;
}

export function InboxToaster({ placement = 'bottom-end', durationMs = 6_000 }: ToasterOptions) {
  const ui = useInboxUi('Inbox.Toaster');
  const { inbox } = useInboxContext('Inbox.Toaster');
  const [list, setList] = useState<InboxNotification<RegisteredPayload>[]>([]);
  useEffect(() => inbox.arrivals.add((notification) => document.visibilityState === 'visible' && setList((shown) => [notification as InboxNotification<RegisteredPayload>, ...shown])), [inbox]);
  // The open inbox shows them.
  if (ui.open && list.length > 0) setList([]);
  return (
    <div data-inbox-slot="arrivals" data-placement={placement} role="status" aria-live="polite">
      {list.length > 0 && (
        <Suspense>
          <ArrivalToasts list={list} durationMs={durationMs} dismiss={(id) => setList((shown) => shown.filter((n) => n.id !== id))} />
        </Suspense>
      )}
    </div>
  );
}
