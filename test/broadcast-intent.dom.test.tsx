/** A broadcast whose answer was lost, sent again by the admin: delivered once. */
import { act, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { useBroadcast } from 'inbox-kit/admin';
import { renderInboxHook, setupMockService, SUBSCRIBER } from './helpers/inbox';

const service = setupMockService();
beforeEach(() => service.reset());

const params = { name: 'product-announcement', payload: { title: 'Dark mode is here', body: 'Read the notes.', url: '/' } };
const delivered = () => service.feedOf(SUBSCRIBER).filter((n) => n.content.includes('Read the notes.')).length;

it('sent again after its answer was lost, the same broadcast is delivered once; a changed one is new', async () => {
  const { result } = renderInboxHook(() => useBroadcast(), service);
  // Applied by the service, then the connection drops: the admin sees a failure.
  service.injectFault({ drop: 'after', path: '/events/trigger/broadcast' });
  await act(async () => {
    await result.current.mutateAsync(params).catch(() => undefined);
  });
  await waitFor(() => expect(result.current.isError).toBe(true));
  expect(delivered()).toBe(1);
  // The admin clicks Broadcast again with the same form: the service recognises it.
  await act(async () => {
    await result.current.mutateAsync(params);
  });
  expect(delivered()).toBe(1);
  // A new event (the same form sent again after success, or a changed one) is delivered.
  await act(async () => {
    await result.current.mutateAsync(params);
  });
  expect(delivered()).toBe(2);
});
