/**
 * The inbox's own client for its `baseUrl` (your `createInboxProxy` route): v2's notifications and
 * the preferences, nothing of v1, so an app's bundle carries one dialect. It says so on every
 * request (`X-Inbox-Kit-Speaks: v2`): over a service that has only v1, the proxy answers v2 itself
 * and says that too (`X-Inbox-Kit-Upstream: v1`), and the lists then page by offset. An app that
 * talks to a v1 service without the proxy passes a client of its own (`createInboxClient`).
 */
import { connect, remember } from './connection';
import type { PayloadCheck } from './feed-page';
import { capabilitiesOf, notificationOperations, type InboxCapabilities, type NotificationOperations } from './notifications';
import { InboxError } from './errors';
import { preferenceOperations, type PreferenceOperations } from './preference-operations';
import type { FreePayload } from './schemas/index';

/** What the inbox needs of a client: v2's notifications, what the service can do, and the preferences. */
export interface InboxBrowserClient<P = FreePayload> extends PreferenceOperations {
  readonly baseUrl: string;
  readonly notifications: NotificationOperations<P>;
  capabilities(params: { subscriberId: string }): Promise<InboxCapabilities>;
}

export function createBrowserClient(options: { baseUrl: string; headers: () => Promise<HeadersInit>; payloadSchema: PayloadCheck; fetch?: typeof fetch }): InboxBrowserClient {
  /** What the proxy said of the service, once it answered; and whether it mints real time's sessions. */
  let upstream: 'v1' | 'v2' | undefined;
  let realtime = false;
  let told!: () => void;
  /** Settles with the first answer that says which the service speaks. */
  const known = new Promise<void>((resolve) => (told = resolve));
  const transport = connect('InboxProvider', {
    baseUrl: options.baseUrl,
    headers: async () => {
      const headers = new Headers(await options.headers());
      headers.set('X-Inbox-Kit-Speaks', 'v2');
      return headers;
    },
    fetch: async (input, init) => {
      const answer = await (options.fetch ?? fetch)(input, init);
      realtime ||= answer.headers.has('x-inbox-kit-realtime');
      if (answer.headers.get('x-inbox-kit-upstream') === 'v1') upstream = 'v1';
      else if (answer.ok) upstream ??= 'v2';
      if (upstream) told();
      return answer;
    },
  });
  // A v1 service is the proxy's to answer: straight at one, every call says what to do.
  const { notifications } = notificationOperations(transport, () => Promise.reject(new InboxError('unsupported', 'This service has v1 only: point baseUrl at a createInboxProxy route of this inbox-kit version (it answers v2 over v1), or pass a client from createInboxClient.')), 'auto', options.payloadSchema);
  return remember(
    {
      baseUrl: transport.baseUrl,
      notifications: notifications as NotificationOperations<FreePayload>,
      ...preferenceOperations(transport),
      // Known from the inbox's first answer (its count or its list), with no request of its own.
      async capabilities() {
        await known;
        // The proxy counts over v1 too.
        return { ...capabilitiesOf(upstream !== 'v1'), counts: true, realtime };
      },
    },
    transport,
  );
}
