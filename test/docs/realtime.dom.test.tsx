/** The README's real time examples against the reference service: a broadcast arrives as a toast, in the title and through onNotification. */
import { render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { server, setupMockService } from '../helpers/inbox';
import { ServiceSocket } from '../helpers/service-socket';

const service = setupMockService();
beforeEach(() => {
  service.reset();
  ServiceSocket.service = service;
  vi.stubGlobal('WebSocket', ServiceSocket);
  vi.stubEnv('NOVU_APPLICATION_IDENTIFIER', service.applicationIdentifier);
  vi.stubEnv('INBOX_UPSTREAM_URL', service.baseUrl);
  vi.stubEnv('INBOX_API_KEY', service.apiKey);
});
afterEach(() => {
  for (const socket of ServiceSocket.open) socket.close();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

it('the proxy mints the session, and a broadcast arrives as a toast, in the title and through onNotification', async () => {
  const { inboxProxy, App } = await import('./realtime');
  // The app's /api/inbox route, signed in as Ada; its socket is the reference service's.
  server.use(http.all(`${location.origin}/api/inbox/*`, ({ request }) => inboxProxy(new Request(request, { headers: { ...Object.fromEntries(request.headers), 'x-test-user': 'sub_ada' } }))));
  document.title = 'Dashboard';
  const heard: string[] = [];
  render(<App userId="sub_ada" onArrival={(n) => heard.push(n.subject ?? '')} />);
  await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
  await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Dashboard$/));
  const unread = Number(/\d+/.exec(document.title)?.[0]);
  await service.handle(
    new Request(`${service.baseUrl}/v1/events/trigger/broadcast`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${service.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'product-announcement', payload: { title: 'Hello in real time', body: 'It came by itself.' } }),
    }),
  );
  expect(await screen.findByText('Hello in real time')).toBeInTheDocument();
  expect(heard).toEqual(['Hello in real time']);
  await waitFor(() => expect(document.title).toBe(`(${unread + 1}) Dashboard`));
});
