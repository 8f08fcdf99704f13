/**
 * `createInboxClient`: what a subscriber's inbox does with the service (the feed, preferences,
 * marking messages and recording button clicks). Arguments are checked before any request; responses are checked against the spec
 * before they are returned. The admin operations live in `createInboxAdminClient`, so an app that
 * renders only the inbox does not ship their schemas.
 */
import { fail, isPlainObject, requireId } from './arguments';
import { connectWithKey, remember, type ConnectionOptions } from './connection';
import { parseFeedPage, type FeedPage } from './feed-page';
import type { RequestOptions } from './http';
import { encodePayloadFilter } from './payload';
import type { PayloadFilter, SchemaOutput, StandardSchemaV1 } from './payload-schema';
import { messageOperations, type MessageOperations } from './messages';
import { preferenceOperations, type PreferenceOperations } from './preference-operations';
import { capabilitiesOf, notificationOperations, type InboxApi, type InboxCapabilities, type NotificationOperations } from './notifications';
import { viaV1 } from './v1-notifications';
import type { Channel, FreePayload } from './schemas/index';

export interface InboxClientOptions<S extends StandardSchemaV1 | 'proxy' | undefined = undefined> extends ConnectionOptions {
  /**
   * A schema for what your workflows put in each notification: `payload` of a v1 feed item, `data`
   * of a v2 notification (zod, or any Standard Schema). Each listed item is validated with it (an
   * item that fails is left out and reported in `invalidItems`), and typed by it. `'proxy'`: the
   * `createInboxProxy` route in front of the service was given the schema and checks each page; a
   * page it did not check is refused.
   */
  payloadSchema?: S;
  /**
   * The service's dialect for `client.notifications`. `'auto'` (default): v2, and v1 from the first
   * time the service answers a v2 route with its router's 404 (remembered by this client). `'v1'`:
   * older self-hosted deployments. `'v2'`: never fall back.
   */
  api?: InboxApi;
}

export interface GetFeedParams<P = FreePayload> {
  subscriberId: string;
  /** 0-based page number. Default 0. */
  page?: number;
  /** Items per page, 1 to 100. Default 10. */
  limit?: number;
  /** Only read (`true`) or unread (`false`) notifications. */
  read?: boolean;
  /** Only seen (`true`) or unseen (`false`) notifications. */
  seen?: boolean;
  /** Only notifications whose trigger payload contains these values (partial deep match). */
  payload?: PayloadFilter<P>;
}

export interface UpdatePreferencesParams {
  subscriberId: string;
  /** The channels to change, e.g. `{ email: false }`; the others keep their values. */
  channels: Partial<Record<Channel, boolean>>;
  /** The workflow to change (its `_id` or slug). Omit it to change the global preferences. */
  workflowId?: string;
}

/** The v1 operations of one subscriber's inbox (the spec's dialect). `P` is the payload's type (see `payloadSchema`). */
export interface InboxV1Client<P = FreePayload> extends MessageOperations, PreferenceOperations {
  /** The base URL requests go to, without a trailing slash. */
  readonly baseUrl: string;
  /** Operation 1: one page of a subscriber's in-app feed, newest first. */
  getFeed(params: GetFeedParams<P>, options?: RequestOptions): Promise<FeedPage<P>>;
}

/** The operations of one subscriber's inbox: v1 (the spec's), and v2 under `notifications`. */
export interface InboxClient<P = FreePayload> extends InboxV1Client<P> {
  /** The service's v2 subscriber-notifications API; on a v1-only service, what v1 has of it. */
  readonly notifications: NotificationOperations<P>;
  /** What the service can do: v2's archive, snooze, delete and counts, or v1's subset (learned with one list request when not yet known). */
  capabilities(params: { subscriberId: string }, options?: RequestOptions): Promise<InboxCapabilities>;
}

export function createInboxClient<S extends StandardSchemaV1 | 'proxy' | undefined = undefined>(
  options: InboxClientOptions<S>,
): InboxClient<SchemaOutput<S>> {
  const transport = connectWithKey('createInboxClient', options);
  const { payloadSchema } = options;
  const api = options.api ?? 'auto';
  if (api !== 'auto' && api !== 'v2' && api !== 'v1') fail('createInboxClient', 'api', "'auto', 'v2' or 'v1'", api);

  const client: InboxV1Client<SchemaOutput<S>> = {
    baseUrl: transport.baseUrl,

    async getFeed(params, requestOptions) {
      const operation = 'getFeed';
      const subscriberId = requireId(operation, 'subscriberId', params?.subscriberId);
      const page = params.page ?? 0;
      if (!Number.isInteger(page) || page < 0) fail(operation, 'page', 'a whole number from 0 (the first page)', page);
      const limit = params.limit ?? 10;
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) fail(operation, 'limit', 'a whole number from 1 to 100', limit);
      for (const flag of ['read', 'seen'] as const) {
        if (params[flag] !== undefined && typeof params[flag] !== 'boolean') fail(operation, flag, 'true or false', params[flag]);
      }
      const filter: unknown = params.payload;
      if (filter !== undefined && !isPlainObject(filter)) fail(operation, 'payload', 'a plain object', filter);
      const body = await transport.request({
        ...requestOptions,
        operation,
        method: 'GET',
        path: `/v1/subscribers/${encodeURIComponent(subscriberId)}/notifications/feed`,
        query: {
          page,
          limit,
          read: params.read,
          seen: params.seen,
          payload: filter && Object.keys(filter).length > 0 ? encodePayloadFilter(filter) : undefined,
        },
      });
      return parseFeedPage(operation, body, payloadSchema);
    },

    ...preferenceOperations(transport),
    ...messageOperations(transport),
  };
  // v2 on the same object, its v1 stand-ins through the v1 operations above.
  const { notifications, v1 } = notificationOperations(transport, viaV1(client as InboxV1Client<unknown>), api, payloadSchema);
  return remember(
    Object.assign(client, {
      notifications,
      // Learned with one list request when the service has not shown it yet.
      async capabilities(params: { subscriberId: string }, options?: RequestOptions) {
        if (v1() === undefined) await notifications.list({ subscriberId: params?.subscriberId, limit: 1 }, options);
        return capabilitiesOf(!v1());
      },
    }),
    transport,
  ) as InboxClient<SchemaOutput<S>>;
}
