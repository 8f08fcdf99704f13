/** `GET /v1/subscribers/{subscriberId}/notifications/feed`: a page of the in-app feed. */
import { partialMatch } from '../../client/payload';
import { HttpError } from '../http-util';
import type { StoredMessage, StoredSubscriber } from '../model';
import { toFeedItem } from '../projections';
import { booleanParam, decodePayloadFilter, integerParam } from '../query-params';
import { findSubscriber, type Route, type ServiceState } from './context';

export interface FeedFilter {
  read?: boolean | undefined;
  seen?: boolean | undefined;
  payload?: Record<string, unknown> | undefined;
}

/** A subscriber's in-app messages, newest first (ties by `_id`, newest first). */
export function messagesOf(state: ServiceState, subscriber: StoredSubscriber): StoredMessage[] {
  return state.data.messages
    .filter((m) => m._subscriberId === subscriber._id && m.channel === 'in_app')
    .sort((a, b) => (a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
}

export function filterFeed(list: StoredMessage[], filter: FeedFilter): StoredMessage[] {
  return list.filter(
    (m) =>
      (filter.read === undefined || m.read === filter.read) &&
      (filter.seen === undefined || m.seen === filter.seen) &&
      (filter.payload === undefined || partialMatch(filter.payload, m.payload)),
  );
}

export function feedRoutes(state: ServiceState): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^(.*)\/v1\/subscribers\/([^/]+)\/notifications\/feed$/,
      run({ params, url, base }) {
        const query = url.searchParams;
        const problems: string[] = [];
        const page = integerParam(query.get('page'), 'page', 0, Number.MAX_SAFE_INTEGER, 0, problems);
        const limit = integerParam(query.get('limit'), 'limit', 1, 100, 10, problems);
        const read = booleanParam(query.get('read'), 'read', problems);
        const seen = booleanParam(query.get('seen'), 'seen', problems);
        if (problems.length > 0) throw new HttpError(400, problems);
        const payload = decodePayloadFilter(query.get('payload'));
        const subscriberId = params[0] ?? '';
        const subscriber = findSubscriber(state, subscriberId);
        if (!subscriber) {
          if (state.mode === 'spec') throw new HttpError(404, `Subscriber "${subscriberId}" was not found`);
          throw new HttpError(400, `Subscriber not found for this environment with the id: ${subscriberId}. Make sure to create a subscriber before fetching the feed.`);
        }
        const matching = filterFeed(messagesOf(state, subscriber), { read, seen, payload });
        const slice = matching.slice(page * limit, page * limit + limit);
        const remaining = Math.max(0, matching.length - page * limit);
        return {
          status: 200,
          body:
            state.mode === 'spec'
              ? { totalCount: matching.length, hasMore: remaining > slice.length, data: slice.map((m) => toFeedItem(state, m, base)), pageSize: slice.length, page }
              : // The deployed service counts at most `limit + 1` of what remains: `totalCount` is capped at the limit and `pageSize` is the limit.
                { data: slice.map((m) => toFeedItem(state, m, base)), totalCount: Math.min(remaining, limit), hasMore: remaining > limit, pageSize: limit, page },
        };
      },
    },
  ];
}
