/**
 * Typed payloads, end to end, as a user's app compiles them: one registered schema types
 * `notification.payload` in the client, the hooks, the components' callbacks and renderers, and
 * custom tabs' filters; a wrong field name is a compile error. `npm run typecheck` compiles this
 * file in a program of its own (the registration below is global to a program).
 */
import { expectTypeOf } from 'vitest';
import * as z from 'zod';
import { Inbox, InboxProvider, NotificationItem, useFeed, useMarkAllAs, type FeedItem } from 'inbox-kit';
import { createInboxClient, type feedItemSchema } from 'inbox-kit/client';

const payloadSchema = z.object({
  orderId: z.string(),
  total: z.number(),
  lines: z.array(z.object({ sku: z.string() })),
});
type OrderPayload = z.infer<typeof payloadSchema>;

declare module 'inbox-kit' {
  interface Register {
    payloadSchema: typeof payloadSchema;
  }
}

// The client infers the payload from its own option, registered or not.
const client = createInboxClient({ baseUrl: 'https://api.example.com', payloadSchema });
export async function clientTypes() {
  const page = await client.getFeed({ subscriberId: 'ada', payload: { lines: [{ sku: 'A-1' }] } });
  expectTypeOf(page.data[0]!.payload).toEqualTypeOf<OrderPayload>();
  // @ts-expect-error a payload filter names only fields of the payload
  await client.getFeed({ subscriberId: 'ada', payload: { orderID: '1' } });
  const untyped = createInboxClient({ baseUrl: 'https://api.example.com' });
  expectTypeOf((await untyped.getFeed({ subscriberId: 'ada' })).data[0]!.payload).toEqualTypeOf<Record<string, unknown> | undefined>();
}

export function HookTypes() {
  const { notifications } = useFeed({ payload: { orderId: 'o-1' } });
  const first = notifications[0]!;
  expectTypeOf(first.payload).toEqualTypeOf<OrderPayload>();
  expectTypeOf(first.payload.lines[0]!.sku).toBeString();
  // @ts-expect-error a typo in a payload field
  void first.payload.orderID;
  // @ts-expect-error a typo in a declared field: the types have no index signature
  void first.subjct;
  const markAll = useMarkAllAs();
  // @ts-expect-error mark-all's filter is typed too
  markAll.mutate({ payload: { total: 'many' } });
  return <NotificationItem notification={first} />;
}

export function ComponentTypes() {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId="ada" payloadSchema={payloadSchema}>
      <Inbox
        renderItem={(notification) => <p>{notification.payload.orderId}</p>}
        onNotificationClick={(notification) => expectTypeOf(notification.payload.total).toBeNumber()}
        onActionClick={(button, notification) => expectTypeOf(notification.payload).toEqualTypeOf<OrderPayload>()}
        renderAvatar={(notification) => notification.payload.orderId}
        tabs={[{ id: 'a-1', label: 'A-1', filter: { payload: { lines: [{ sku: 'A-1' }] } } }]}
      />
      {/* @ts-expect-error a custom tab filters by payload fields that exist */}
      <Inbox tabs={[{ id: 'x', label: 'X', filter: { payload: { orderID: '1' } } }]} />
    </InboxProvider>
  );
}

export function ProviderTypes() {
  return (
    <>
      {/* @ts-expect-error once a schema is registered, the provider must be given it (else the types would not be checked at run time) */}
      <InboxProvider baseUrl="/api/inbox" subscriberId="ada" />
      {/* @ts-expect-error another schema than the registered one */}
      <InboxProvider baseUrl="/api/inbox" subscriberId="ada" payloadSchema={z.object({ other: z.string() })} />
      {/* A client made with the schema carries it. */}
      <InboxProvider client={client} subscriberId="ada" />
      {/* @ts-expect-error a client without it does not */}
      <InboxProvider client={createInboxClient({ baseUrl: '/api/inbox' })} subscriberId="ada" />
    </>
  );
}

// The exported schemas are zod's: infer, extend, and no index signature on what they infer.
type Item = z.infer<typeof feedItemSchema>;
expectTypeOf<Item['read']>().toBeBoolean();
// @ts-expect-error no index signature: unknown fields are kept at run time, not typed
expectTypeOf<Item['subjct']>().toBeUnknown();
expectTypeOf<FeedItem<OrderPayload>['payload']>().toEqualTypeOf<OrderPayload>();
