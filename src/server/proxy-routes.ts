/**
 * The operations `createInboxProxy` serves, and nothing else: for each, its methods, its path (the
 * subscriber pinned to the signed-in user), who may call it, the query parameters passed upstream,
 * and what of its answer may reach the browser.
 */
/** `session`: real time's session, minted for the signed-in user (see session-route.ts). */
export type Access = 'subscriber' | 'admin' | 'session';

export interface Route {
  methods: string[];
  /** Segments after the version; `:subscriber` is the subscriber id, other `:names` are path parameters. */
  pattern: string[];
  access: Access;
  /** Query parameters passed upstream. */
  query?: string[];
  /** The answer holds messages: only the user's own are passed on. */
  messages?: boolean;
  /** The answer is a page of notifications: where their payloads are, checked when the proxy has a `payloadSchema`. */
  payloads?: 'payload' | 'data';
  /** The answer is an integration: its `credentials` are taken out. */
  integration?: boolean;
  /** A v2 answer: a page, one notification or counts, reduced to what the service's records hold (v2-answers.ts). */
  v2?: 'page' | 'one' | 'counts';
  /** The answer has no body (204): whatever an upstream sends with it does not pass. */
  empty?: boolean;
  /**
   * Checked before it is sent: `'snoozed'`, the notification is among the user's snoozed ones (the
   * service's unsnooze finds a notification anywhere in the environment).
   */
  precheck?: 'snoozed';
}

const V2_NOTIFICATIONS = ['v2', 'subscribers', ':subscriber', 'notifications'];
const V2_LIST_QUERY = ['limit', 'after', 'offset', 'read', 'seen', 'archived', 'snoozed', 'severity', 'data', 'createdGte', 'createdLte', 'contextKeys', 'tags'];

export const ROUTES: Route[] = [
  { methods: ['GET'], pattern: ['v1', 'subscribers', ':subscriber', 'notifications', 'feed'], access: 'subscriber', query: ['page', 'limit', 'read', 'seen', 'payload'], messages: true, payloads: 'payload' },
  { methods: ['POST'], pattern: ['v1', 'subscribers', ':subscriber', 'messages', 'mark-as'], access: 'subscriber', messages: true },
  { methods: ['POST'], pattern: ['v1', 'subscribers', ':subscriber', 'messages', 'mark-all'], access: 'subscriber' },
  { methods: ['POST'], pattern: ['v1', 'subscribers', ':subscriber', 'messages', ':message', 'actions', ':type'], access: 'subscriber', messages: true },
  { methods: ['GET', 'PATCH'], pattern: ['v2', 'subscribers', ':subscriber', 'preferences'], access: 'subscriber' },
  // The v2 subscriber-notifications API: the list and single changes answer notifications (only the user's pass); counts answer numbers; bulk changes answer nothing.
  { methods: ['GET'], pattern: V2_NOTIFICATIONS, access: 'subscriber', query: V2_LIST_QUERY, messages: true, payloads: 'data', v2: 'page' },
  { methods: ['GET'], pattern: [...V2_NOTIFICATIONS, 'count'], access: 'subscriber', query: ['filters'], v2: 'counts' },
  ...['read', 'unread', 'archive', 'unarchive', 'snooze', 'unsnooze'].map(
    (change): Route => ({
      methods: ['PATCH'],
      pattern: [...V2_NOTIFICATIONS, ':notification', change],
      access: 'subscriber',
      query: ['contextKeys'],
      messages: true,
      v2: 'one',
      ...(change === 'unsnooze' ? { precheck: 'snoozed' as const } : {}),
    }),
  ),
  ...['complete', 'revert'].flatMap((verb) =>
    ['primary', 'secondary'].map(
      (button): Route => ({ methods: ['PATCH'], pattern: [...V2_NOTIFICATIONS, ':notification', 'actions', button, verb], access: 'subscriber', query: ['contextKeys'], messages: true, v2: 'one' }),
    ),
  ),
  { methods: ['DELETE'], pattern: [...V2_NOTIFICATIONS, ':notification'], access: 'subscriber', query: ['contextKeys'], empty: true },
  ...['seen', 'read', 'archive', 'read-archive', 'delete'].map((bulk): Route => ({ methods: ['POST'], pattern: [...V2_NOTIFICATIONS, bulk], access: 'subscriber', empty: true })),
  { methods: ['POST'], pattern: ['v1', 'inbox', 'session'], access: 'session' },
  { methods: ['POST'], pattern: ['v1', 'integrations', ':integration', 'set-primary'], access: 'admin', integration: true },
  { methods: ['POST'], pattern: ['v1', 'events', 'trigger', 'broadcast'], access: 'admin' },
];

