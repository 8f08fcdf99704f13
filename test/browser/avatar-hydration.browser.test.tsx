/**
 * Server rendering: an avatar whose image fails before React hydrates the page (its `error` event
 * fired while nobody listened) still falls back to the sender's initials, not the broken-image glyph.
 */
import { QueryClient } from '@tanstack/react-query';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { InboxProvider, NotificationItem } from 'inbox-kit';
import type { FeedItem } from 'inbox-kit/client';
import { fromV1 } from '../../src/client/v1-notifications';
import { serviceWithClient, waitFor } from './harness';

/** Not an image: the browser fails to decode it at once, with no request and no console error. */
const BROKEN = 'data:image/png;base64,AAAA';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  document.body.replaceChildren();
});

it('shows the initials when the image failed before hydration', async () => {
  const { service, client } = serviceWithClient();
  const seeded = service.feedOf('sub_ada').find((item) => item.actor?.type === 'user' && typeof item.actorSubscriber === 'object');
  if (!seeded || typeof seeded.actorSubscriber !== 'object' || !seeded.actorSubscriber) throw new Error('no notification from a person in the seed');
  // A v1 service's notification, which names its sender (v2 gives an image only).
  const v1 = { ...seeded, actor: { type: 'user', data: null }, actorSubscriber: { ...seeded.actorSubscriber, avatar: BROKEN } } as FeedItem;
  const notification = fromV1(v1, 'sub_ada');
  const { firstName, lastName } = v1.actorSubscriber as { firstName: string; lastName: string };
  const app = (
    <InboxProvider client={client} subscriberId="sub_ada" queryClient={new QueryClient()} pollInterval={false} crossTab={false}>
      <NotificationItem notification={notification} seenOnView={false} />
    </InboxProvider>
  );

  const container = document.createElement('div');
  container.innerHTML = renderToString(app);
  document.body.append(container);
  const img = container.querySelector<HTMLImageElement>('[data-inbox-slot="avatar"] img');
  if (!img) throw new Error('the server rendered no avatar image');
  // The failure happens before hydration, as it does when the HTML arrives before the scripts.
  await waitFor(() => img.complete);
  expect(img.naturalWidth).toBe(0);

  root = hydrateRoot(container, app);
  const initials = await waitFor(() => container.querySelector('[data-inbox-slot="avatar-initials"]'));
  expect(initials.textContent).toBe(`${firstName[0] ?? ''}${lastName[0] ?? ''}`.toUpperCase());
  expect(container.querySelector('[data-inbox-slot="avatar"] img')).toBeNull();
});
