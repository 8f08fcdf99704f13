/**
 * `POST /v1/inbox/session`: a browser session for one subscriber, as the service's session use case
 * mints it. A public route (no API key): the environment is named by its `applicationIdentifier`, and
 * when the in-app integration has HMAC on, `subscriberHash` must be the HMAC-SHA256 (hex) of the
 * subscriberId keyed with the environment's API key. The subscriber is created when unknown. The
 * token opens the socket (see realtime.ts) until it expires.
 */
import { hmacHex } from '../../server/hex';
import { HttpError, isPlainObject } from '../http-util';
import type { StoredSubscriber } from '../model';
import { bySeverity } from '../realtime';
import { messagesOf } from './feed';
import { findSubscriber, upsertSubscriber, type Route, type ServiceState } from './context';

export interface Sessions {
  /** The subscriber a token was minted for, while it is valid. */
  subscriberOf(token: string): StoredSubscriber | undefined;
  /** When a token expires, by the service's clock (`undefined` for one never minted). */
  expiresAt(token: string): number | undefined;
}

export function sessionRoutes(state: ServiceState, options: { apiKey: string; applicationIdentifier: string; ttlMs: number }): { routes: Route[]; sessions: Sessions } {
  const tokens = new Map<string, { subscriberId: string; expiresAt: number }>();

  const sessions: Sessions = {
    subscriberOf(token) {
      const session = tokens.get(token);
      if (!session || session.expiresAt <= state.clock()) return undefined;
      return state.data.subscribers.find((s) => s.subscriberId === session.subscriberId && !s.deleted);
    },
    expiresAt: (token) => tokens.get(token)?.expiresAt,
  };

  const route: Route = {
    method: 'POST',
    pattern: /^(.*)\/v1\/inbox\/session$/,
    async run({ body }) {
      if (!isPlainObject(body)) throw new HttpError(400, 'Please provide a valid application identifier');
      const given = isPlainObject(body.subscriber) ? body.subscriber : typeof body.subscriber === 'string' ? { subscriberId: body.subscriber } : typeof body.subscriberId === 'string' ? { subscriberId: body.subscriberId } : undefined;
      if (given && typeof body.applicationIdentifier !== 'string') throw new HttpError(422, 'A valid application identifier is required when providing subscriber information');
      if (body.applicationIdentifier !== options.applicationIdentifier) throw new HttpError(400, 'Please provide a valid application identifier');
      const subscriberId = typeof given?.subscriberId === 'string' ? given.subscriberId : '';
      if (subscriberId === '') throw new HttpError(400, ['subscriber.subscriberId must be a string']);
      const integration = state.data.integrations.find((i) => i.channel === 'in_app' && i.active && !i.deleted);
      if (!integration) throw new HttpError(404, 'The active in-app integration could not be found');
      if (integration.credentials?.hmac && body.subscriberHash !== (await hmacHex(options.apiKey, subscriberId))) throw new HttpError(400, 'Please provide a valid HMAC hash');

      const subscriber = upsertSubscriber(state, { ...given, subscriberId }, findSubscriber(state, subscriberId));
      const token = `inbox_session_${crypto.randomUUID().replaceAll('-', '')}`;
      tokens.set(token, { subscriberId, expiresAt: state.clock() + options.ttlMs });
      const unread = messagesOf(state, subscriber).filter((m) => !m.read && !m.snoozedUntil && !m.archived);
      return {
        status: 201,
        body: {
          token,
          totalUnreadCount: unread.length,
          unreadCount: { total: unread.length, severity: bySeverity(unread) },
          removeNovuBranding: false,
          maxSnoozeDurationHours: Math.floor(state.maxSnoozeMs / 3_600_000),
          isDevelopmentMode: true,
          applicationIdentifier: options.applicationIdentifier,
        },
      };
    },
  };
  return { routes: [route], sessions };
}
