/**
 * Typed payloads, end to end, as a user's app compiles them: the README's registered schema
 * (readme-payload.tsx) types `payload` in the client's v1 feed, and `data` in its v2 list, the
 * hooks, the components' callbacks and renderers, and custom tabs' and mark-all's filters; a wrong
 * field name is a compile error. `npm run typecheck` compiles this folder as a program of its own, since a
 * registration is global to a program.
 */
import { expectTypeOf } from 'vitest';
import * as z from 'zod';
import { Inbox, InboxProvider, NotificationItem, useFeed, useMarkAllAs, type InboxNotification } from 'inbox-kit';
import type { FeedItem } from 'inbox-kit/client';
import { createInboxClient, type feedItemSchema } from 'inbox-kit/client';
import { payloadSchema, type BillingNotification } from './readme-payload';

type Payload = z.infer<typeof payloadSchema>;

// The client infers the payload from its own option, registered or not.
const client = createInboxClient({ baseUrl: 'https://api.example.com', payloadSchema });
export async function clientTypes() {
  const page = await client.getFeed({ subscriberId: 'ada', payload: { category: 'billing' } });
  expectTypeOf(page.data[0]!.payload).toEqualTypeOf<Payload>();
  // @ts-expect-error a payload filter names only fields of the payload
  await client.getFeed({ subscriberId: 'ada', payload: { categry: 'billing' } });
  // @ts-expect-error and only their values
  await client.getFeed({ subscriberId: 'ada', payload: { category: 'invoices' } });
  const untyped = createInboxClient({ baseUrl: 'https://api.example.com' });
  expectTypeOf((await untyped.getFeed({ subscriberId: 'ada' })).data[0]!.payload).toEqualTypeOf<Record<string, unknown> | undefined>();
  const arrays = createInboxClient({ baseUrl: 'https://api.example.com', payloadSchema: z.object({ lines: z.array(z.object({ sku: z.string() })) }) });
  await arrays.getFeed({ subscriberId: 'ada', payload: { lines: [{ sku: 'A-1' }] } });
  // @ts-expect-error deep, through arrays
  await arrays.getFeed({ subscriberId: 'ada', payload: { lines: [{ skus: 'A-1' }] } });

  // v2: the schema types each listed notification's `data`, and the `data` filter.
  const v2 = await client.notifications.list({ subscriberId: 'ada', data: { category: 'billing' }, severity: ['high'] });
  expectTypeOf(v2.data[0]!.data).toEqualTypeOf<Payload>();
  // @ts-expect-error a v2 data filter names only fields of the payload
  await client.notifications.list({ subscriberId: 'ada', data: { categry: 'billing' } });
  // @ts-expect-error severity is one of the service's four
  await client.notifications.list({ subscriberId: 'ada', severity: ['urgent'] });
  // A change answers with the notification as the service holds it: its data free-form.
  const archived = await client.notifications.archive({ subscriberId: 'ada', notificationId: 'n1' });
  expectTypeOf(archived.data).toEqualTypeOf<Record<string, unknown> | undefined>();
  expectTypeOf((await untyped.notifications.list({ subscriberId: 'ada' })).data[0]!.data).toEqualTypeOf<Record<string, unknown> | undefined>();
  // @ts-expect-error the button is primary or secondary
  await client.notifications.completeAction({ subscriberId: 'ada', notificationId: 'n1', actionType: 'tertiary' });
  // @ts-expect-error the dialect is one of three
  createInboxClient({ baseUrl: '/api/inbox', api: 'v3' });
}

export function HookTypes() {
  const { notifications } = useFeed({ data: { category: 'deploys' } });
  const first = notifications[0]!;
  expectTypeOf(first.data).toEqualTypeOf<Payload>();
  expectTypeOf(first.data.invoice).toEqualTypeOf<string | undefined>();
  // @ts-expect-error a typo in a data field
  void first.data.categry;
  // @ts-expect-error a typo in a declared field: the types have no index signature
  void first.subjct;
  // @ts-expect-error a feed's data filter names only fields of the registered data
  useFeed({ data: { categry: 'deploys' } });
  const markAll = useMarkAllAs();
  // @ts-expect-error mark-all's filter is typed too
  markAll.mutate({ data: { category: 'everything' } });
  return <NotificationItem notification={first} />;
}

export function ComponentTypes() {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId="ada" payloadSchema={payloadSchema}>
      <Inbox
        renderItem={(notification) => <p>{notification.data.category}</p>}
        onNotificationClick={(notification) => expectTypeOf(notification.data.category).toEqualTypeOf<Payload['category']>()}
        onActionClick={(_button, notification) => expectTypeOf(notification.data).toEqualTypeOf<Payload>()}
        onNavigate={(_url, notification) => expectTypeOf(notification.data).toEqualTypeOf<Payload>()}
        renderAvatar={(notification) => notification.data.invoice}
        tabs={[{ id: 'security', label: 'Security', filter: { data: { category: 'security' } } }]}
      />
      {/* @ts-expect-error a custom tab filters by data fields that exist */}
      <Inbox tabs={[{ id: 'x', label: 'X', filter: { data: { kind: 'x' } } }]} />
    </InboxProvider>
  );
}

export function ProviderTypes() {
  return (
    <>
      {/* @ts-expect-error once a schema is registered, the provider must be given it (else nothing checks the types at run time) */}
      <InboxProvider baseUrl="/api/inbox" subscriberId="ada" />
      {/* @ts-expect-error another schema than the registered one */}
      <InboxProvider baseUrl="/api/inbox" subscriberId="ada" payloadSchema={z.object({ other: z.string() })} />
      {/* Or the proxy checks it (createInboxProxy({ payloadSchema })): a plain string a server component can pass. */}
      <InboxProvider baseUrl="/api/inbox" subscriberId="ada" payloadSchema="proxy" />
      {/* @ts-expect-error nothing else stands for a schema */}
      <InboxProvider baseUrl="/api/inbox" subscriberId="ada" payloadSchema="server" />
      {/* A client made with the schema carries it. */}
      <InboxProvider client={client} subscriberId="ada" />
      {/* @ts-expect-error a client without it does not */}
      <InboxProvider client={createInboxClient({ baseUrl: '/api/inbox' })} subscriberId="ada" />
    </>
  );
}

// The exported schemas are zod's: infer, compose, and no index signature on what they infer.
type Item = z.infer<typeof feedItemSchema>;
expectTypeOf<Item['read']>().toBeBoolean();
// @ts-expect-error no index signature: unknown fields are kept at run time, not typed
expectTypeOf<Item['subjct']>().toBeUnknown();
expectTypeOf<FeedItem<Payload>['payload']>().toEqualTypeOf<Payload>();
// A bare FeedItem (as a custom row's props type it) is the registered one.
expectTypeOf<FeedItem['payload']>().toEqualTypeOf<Payload>();
expectTypeOf<InboxNotification['data']>().toEqualTypeOf<Payload>();
expectTypeOf<BillingNotification['data']['invoice']>().toBeString();
expectTypeOf<BillingNotification['data']['category']>().toEqualTypeOf<'billing'>();
