/**
 * `<InboxProvider payloadSchema="proxy">`: the route's `createInboxProxy` checks the payloads. The
 * inbox shows what passed and reports what it left out; behind a proxy that was not given the
 * schema it shows an error that says what to do, with a retry, never a blank inbox.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Inbox, InboxProvider, useFeed } from 'inbox-kit';
import { createInboxProxy } from 'inbox-kit/server';
import { createReferenceService } from 'inbox-kit/testing';

const payloadSchema = z.object({ category: z.literal('collaboration') });
const service = createReferenceService();
/** The app's route on the page's origin, with the schema (`/checked`) or without (`/unchecked`). */
const route = (basePath: string, schema?: typeof payloadSchema) => {
  const proxy = createInboxProxy({
    upstream: 'http://reference.test',
    apiKey: service.apiKey,
    basePath,
    authenticate: () => 'sub_ada',
    fetch: async (input, init) => service.handle(new Request(input, init)),
    ...(schema && { payloadSchema: schema }),
  });
  return http.all(new URL(`${basePath}/*`, location.href).href, ({ request }) => proxy(request));
};
const server = setupServer(route('/checked', payloadSchema), route('/unchecked'));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => service.reset());
const checked = service;

function Counted() {
  const { notifications, invalidItems } = useFeed({ limit: 50 });
  return (
    <p>
      {notifications.length} shown, {invalidItems.length} left out
    </p>
  );
}

it('shows what the proxy passed, and reports what it left out', async () => {
  const firstPage = checked.feedOf('sub_ada').slice(0, 50);
  // The schema checks `data`: on v2, what the workflow's in-app step gives (here, its category).
  const matching = firstPage.filter((item) => checked.data.messages.find((m) => m._id === item._id)?.data?.category === 'collaboration').length;
  expect(matching).toBeGreaterThan(0);
  render(
    <InboxProvider baseUrl="/checked" subscriberId="sub_ada" payloadSchema="proxy" pollInterval={false} crossTab={false}>
      <Counted />
    </InboxProvider>,
  );
  await screen.findByText(`${matching} shown, ${firstPage.length - matching} left out`);
});

function FeedError() {
  const { error } = useFeed({ limit: 20 });
  return <output>{error?.message}</output>;
}

it('behind a proxy without the schema, the inbox offers to try again, and the error says what to do', async () => {
  render(
    <InboxProvider baseUrl="/unchecked" subscriberId="sub_ada" payloadSchema="proxy" pollInterval={false} crossTab={false}>
      <Inbox variant="embedded" />
      <FeedError />
    </InboxProvider>,
  );
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('button', { name: /try again/i })).toBeTruthy();
  await waitFor(() => expect(document.querySelector('output')?.textContent).toMatch(/Give createInboxProxy your payloadSchema/));
  expect(screen.queryAllByRole('article')).toHaveLength(0);
});
