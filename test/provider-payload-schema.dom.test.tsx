/** `payloadSchema` on the provider (the baseUrl path): it validates what the feed shows, and re-rendering with an inline schema sends no request. */
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import * as z from 'zod';
import { InboxProvider, useFeed } from 'inbox-kit';
import { LIST_PATH } from './helpers/dialect';
import { setupMockService, SUBSCRIBER } from './helpers/inbox';

const service = setupMockService();
beforeEach(() => service.reset());

function Titles() {
  const { notifications, invalidItems } = useFeed({ limit: 50 });
  return (
    <p>
      {notifications.length} shown, {invalidItems.length} left out
    </p>
  );
}

function App({ render: count }: { render: number }) {
  return (
    <InboxProvider
      baseUrl={service.baseUrl}
      headers={{ Authorization: `ApiKey ${service.apiKey}` }}
      subscriberId={SUBSCRIBER}
      // Written inline on purpose: a new schema object on every render.
      payloadSchema={z.object({ category: z.literal('collaboration') })}
      pollInterval={false}
      crossTab={false}
    >
      <span data-render={count} />
      <Titles />
    </InboxProvider>
  );
}

it('shows only the notifications whose payload matches, and re-renders with an inline schema send nothing new', async () => {
  const firstPage = service.feedOf(SUBSCRIBER).slice(0, 50);
  // What the schema checks is what the inbox calls `data`: on v2, the data the workflow's in-app step gives.
  const matching = firstPage.filter((item) => service.data.messages.find((m) => m._id === item._id)?.data?.category === 'collaboration').length;
  expect(matching).toBeGreaterThan(0);
  const { rerender } = render(<App render={0} />);
  await screen.findByText(`${matching} shown, ${firstPage.length - matching} left out`);
  const feedRequests = () => service.requests.filter((request) => LIST_PATH.test(request.path)).length;
  const before = feedRequests();
  for (let n = 1; n <= 5; n++) rerender(<App render={n} />);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await waitFor(() => expect(screen.getByText(`${matching} shown, ${firstPage.length - matching} left out`)).toBeInTheDocument());
  expect(feedRequests()).toBe(before);
});
