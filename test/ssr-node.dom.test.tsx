// @vitest-environment node
/** Server rendering as a framework does it: no window, no request, no fetch from the server render. */
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { Inbox, InboxProvider, PreferencesPanel } from 'inbox-kit';
import { createInboxClient, InboxArgumentError } from 'inbox-kit/client';

it('<InboxProvider baseUrl="/api/inbox"> renders on the server without a request and without throwing', () => {
  expect(typeof window).toBe('undefined');
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const html = renderToString(
    <InboxProvider baseUrl="/api/inbox" subscriberId="sub_ada">
      <Inbox />
      <PreferencesPanel />
    </InboxProvider>,
  );
  expect(html).toContain('data-inbox-slot="bell"');
  expect(html).toContain('Preferences');
  expect(fetchSpy).not.toHaveBeenCalled();
  fetchSpy.mockRestore();
});

it('a client with a relative baseUrl says, when asked to fetch on the server, what to do instead', async () => {
  const client = createInboxClient({ baseUrl: '/api/inbox' });
  const error = await client.getFeed({ subscriberId: 'sub_ada' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InboxArgumentError);
  expect((error as Error).message).toMatch(/is a path, which only a browser resolves; on a server use the service's URL \(see prefetchInbox\)/);
});
