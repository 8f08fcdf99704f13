import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createBrowserClient, type InboxBrowserClient } from '../client/browser-client';
import {
  type HeadersOption,
  type InboxClient,
  type InboxNotification,
  type RegisteredPayload,
  type RegisteredPayloadSchema,
  type StandardSchemaV1,
} from '../client/index';
import { createInbox, type Inbox } from '../queries/inbox';
import { whenIdle } from './when-idle';
import type { SocketIoFactory } from '../realtime/realtime-options';

/**
 * `payloadSchema`: required once you declare one in `Register` (so the types you registered are
 * the ones validated), optional otherwise. `'proxy'`: your `createInboxProxy` route checks them.
 */
type PayloadSchemaProp = [RegisteredPayloadSchema] extends [undefined]
  ? {
      /**
       * Validates every notification's `payload` (zod or any Standard Schema); an item that fails is
       * left out and reported in `invalidItems`. Register it (see `Register`) to type the payload.
       * `'proxy'`: your `createInboxProxy` was given the schema and checks each page (a page it did
       * not check is refused); the schema then stays on your server, out of the browser's bundle,
       * and a server component can pass this prop.
       */
      payloadSchema?: StandardSchemaV1 | 'proxy';
    }
  : {
      /**
       * The schema declared in `Register`: every notification's `payload` is validated with it. Or
       * `'proxy'`: your `createInboxProxy` was given it and checks each page (a page it did not
       * check is refused); the schema stays on your server, and a server component can pass this.
       */
      payloadSchema: RegisteredPayloadSchema | 'proxy';
    };

type ConnectionProps =
  | ({
      /** Where the kit's requests go: your `createInboxProxy` route (e.g. `/api/inbox`). Give either this or `client`. */
      baseUrl: string;
      /** Headers for every request, or a function (may be async) returning them, e.g. your session token. */
      headers?: HeadersOption;
      client?: undefined;
    } & PayloadSchemaProp)
  | {
      /** A client made with `createInboxClient` (with your `payloadSchema`, if you registered one). Give either this or `baseUrl`. */
      client: InboxClient<RegisteredPayload>;
      baseUrl?: undefined;
      headers?: undefined;
      payloadSchema?: undefined;
    };

export type InboxProviderProps = ConnectionProps & {
  /** The signed-in user's subscriber id. */
  subscriberId: string;
  /** The QueryClient to use. Default: the app's (from a `QueryClientProvider` above), else one of the kit's own. */
  queryClient?: QueryClient;
  /** How often to look for new notifications while the tab is visible, in ms, or `false`. Default 30000. */
  pollInterval?: number | false;
  /** How long seen-on-view gathers ids before one request, in ms. Default 300. */
  seenBatchMs?: number;
  /** How long a deleted notification can be undone (its toast's Undo) before the delete is sent, in ms. Default 5000. */
  undoMs?: number;
  /** Share read/seen changes with the app's other open tabs. Default true. */
  crossTab?: boolean;
  /**
   * New notifications the moment they are sent, from the service's socket: your proxy route mints the
   * session (give it `applicationIdentifier` and `socketUrl`). Polling then slows to every 5 minutes.
   * Default true with `baseUrl`; a route without real time answers so once, and the inbox polls.
   */
  realtime?: boolean;
  /** Called once for each new notification the socket brings (in one tab of the app), for your own use: a sound, analytics. */
  onNotification?: (notification: InboxNotification<RegisteredPayload>) => void;
  /** socket.io's `io` from `socket.io-client`, for a self-hosted service whose socket is socket.io. */
  socketIo?: SocketIoFactory;
  children?: ReactNode;
};

export interface InboxContextValue {
  inbox: Inbox;
  client: InboxBrowserClient;
  pollInterval: number | false;
}

const InboxContext = createContext<InboxContextValue | null>(null);

/**
 * Connects the kit's hooks and components to the notification service for one
 * subscriber.
 *
 * ```tsx
 * <InboxProvider baseUrl="/api/inbox" subscriberId={user.id}>
 *   <Inbox />
 * </InboxProvider>
 * ```
 */
export function InboxProvider({
  client: givenClient,
  baseUrl,
  headers,
  payloadSchema,
  subscriberId,
  queryClient: givenQueryClient,
  pollInterval = 30_000,
  seenBatchMs,
  undoMs,
  crossTab,
  realtime = true,
  onNotification,
  socketIo,
  children,
}: InboxProviderProps) {
  if (!givenClient && !baseUrl) {
    throw new Error('<InboxProvider> needs `baseUrl` (your createInboxProxy route, e.g. "/api/inbox") or a `client` from createInboxClient.');
  }
  if (typeof subscriberId !== 'string' || subscriberId === '') {
    throw new Error('<InboxProvider> needs `subscriberId`: the signed-in user’s subscriber id.');
  }
  const appQueryClient = useContext(QueryClientContext);
  const [ownQueryClient] = useState(() => (givenQueryClient || appQueryClient ? undefined : new QueryClient()));
  const queryClient = givenQueryClient ?? appQueryClient ?? ownQueryClient;
  if (!queryClient) throw new Error('unreachable: no QueryClient');
  // Focus and reconnect refetches need a mounted client (QueryClientProvider does this; counted, so twice is fine).
  useEffect(() => {
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);

  // Headers given inline change identity each render, and so does a schema written inline
  // (`payloadSchema={z.object(...)}`: a new client per render would refetch forever): the client
  // keeps one source of each, which reads the latest value given.
  const byProxy = payloadSchema === 'proxy';
  const schema = byProxy ? undefined : payloadSchema;
  const [latest] = useState(() => createLatest(headers, schema));
  useEffect(() => latest.set(headers, schema), [latest, headers, schema]);
  const client = useMemo(
    // The store treats payloads as free-form objects (it only matches filters against them); their
    // type is the app's, declared in `Register` and guaranteed by the schema that validates them.
    // Your route speaks v2 for the inbox, whatever the service (the proxy answers v2 over a v1 one).
    (): InboxBrowserClient =>
      (givenClient as InboxBrowserClient | undefined) ??
      createBrowserClient({ baseUrl: baseUrl ?? '', headers: latest.headers, payloadSchema: byProxy ? 'proxy' : latest.schema }),
    [givenClient, baseUrl, latest, byProxy],
  );

  const inbox = useMemo(
    () => createInbox({ client, subscriberId, queryClient, seenBatchMs, crossTab, undoMs }),
    [client, subscriberId, queryClient, seenBatchMs, crossTab, undoMs],
  );
  // Listening starts and stops with the effect, so React's StrictMode remount reconnects it.
  useEffect(() => inbox.connect(), [inbox]);
  const notify = useRef(onNotification);
  useEffect(() => {
    notify.current = onNotification;
  });
  // Real time through your route only (it mints the session, and says so on each answer). Its code is a
  // chunk of its own, loaded once the page is idle after the route's first answer: first paint pays nothing for it.
  const live = realtime && !givenClient;
  useEffect(() => {
    if (!live) return undefined;
    let stop: (() => void) | undefined = () => undefined;
    let cancel = () => {};
    // Known from the first answer, with no request of its own (it waits for one, and never fails).
    void client.capabilities({ subscriberId }).then(({ realtime: minted }) => {
      if (minted && stop) cancel = whenIdle(() => void import('../realtime/start-realtime').then(({ startRealtime }) => stop && (stop = startRealtime(inbox, { payloadCheck: byProxy ? 'proxy' : latest.schema, onNotification: notify, socketIo })), () => undefined));
    });
    return () => {
      cancel();
      stop?.();
      stop = undefined;
    };
  }, [inbox, live, byProxy, latest, socketIo, client, subscriberId]);

  const value = useMemo(() => ({ inbox, client, pollInterval }), [inbox, client, pollInterval]);
  const provided = <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
  // A QueryClient of its own is offered to what is inside too, so TanStack Query's
  // <HydrationBoundary> (server-side prefetch) works in an app that has no QueryClientProvider.
  return ownQueryClient ? <QueryClientContext.Provider value={ownQueryClient}>{provided}</QueryClientContext.Provider> : provided;
}

/**
 * The latest `headers` and `payloadSchema` given, read by the client at each request: `headers`
 * returns the headers, `schema` is a Standard Schema that validates with the schema (none: the
 * payload as it came).
 */
function createLatest(headers: HeadersOption | undefined, schema: StandardSchemaV1 | undefined) {
  return {
    set(nextHeaders: HeadersOption | undefined, nextSchema: StandardSchemaV1 | undefined) {
      headers = nextHeaders;
      schema = nextSchema;
    },
    headers: async (): Promise<HeadersInit> => (typeof headers === 'function' ? await headers() : headers) ?? {},
    schema: {
      '~standard': {
        version: 1,
        vendor: 'inbox-kit',
        validate: (value) => (schema ? schema['~standard'].validate(value) : { value }),
      },
    } satisfies StandardSchemaV1 as StandardSchemaV1,
  };
}

/** The provider's context; `hook` names the caller in the error thrown outside a provider. */
export function useInboxContext(hook: string): InboxContextValue {
  const value = useContext(InboxContext);
  if (!value) throw new Error(`\`${hook}\` must be used within <InboxProvider>.`);
  return value;
}

/**
 * The provider's client: the one given as `client`, or the one it made for `baseUrl` (with its
 * headers and payload schema), for requests of your own on the same connection.
 *
 * ```ts
 * const client = useInboxClient();
 * const page = await client.notifications.list({ subscriberId, limit: 5 });
 * ```
 */
export function useInboxClient(): InboxBrowserClient<RegisteredPayload> {
  return useInboxContext('useInboxClient').client as InboxBrowserClient<RegisteredPayload>;
}
