/**
 * Button clicks that persist: a click marks the message's action done at once, everywhere it is
 * cached, is recorded by the service, settles to what the service answers, and rolls back if it
 * refuses. After a reload the item still shows the clicked button's `resultContent`.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ButtonType, CallToAction, InboxV1Client, MarkedMessage } from '../client/index';
import type { StoredItem } from './stored-item';
import { newIdempotencyKey } from '../client/http';
import { createIntentQueue } from './intents';
import type { FeedData } from './updaters';

export interface MessageActions {
  markAction(messageId: string, type: ButtonType, payload?: Record<string, unknown>): Promise<MarkedMessage>;
}

export function createMessageActions(options: {
  client: InboxV1Client;
  subscriberId: string;
  queryClient: QueryClient;
  feedsKey: QueryKey;
  /** A cached copy of an item, if any feed holds it. */
  cached: (id: string) => StoredItem | undefined;
}): MessageActions {
  const { client, subscriberId, queryClient, feedsKey, cached } = options;
  const ctaOf = (id: string) => cached(id)?.cta;

  function writeCta(changes: ReadonlyMap<string, CallToAction>): void {
    queryClient.setQueriesData<FeedData>({ queryKey: feedsKey }, (data) => {
      if (!data) return data;
      let changed = false;
      const pages = data.pages.map((page) => {
        if (!page.data.some((item) => changes.has(item._id))) return page;
        changed = true;
        return { ...page, data: page.data.map((item) => (changes.has(item._id) ? { ...item, cta: changes.get(item._id) ?? item.cta } : item)) };
      });
      return changed ? { ...data, pages } : data;
    });
  }

  // After a click with no clear answer (at once, and later in case it landed late): the feeds read what the service holds.
  const intents = createIntentQueue<CallToAction>({ read: ctaOf, write: writeCta, settled: (failed) => void (failed && queryClient.invalidateQueries({ queryKey: feedsKey })) });

  return {
    markAction(messageId, type, payload) {
      const current = ctaOf(messageId) ?? {};
      const optimistic: CallToAction = {
        ...current,
        action: { ...current.action, status: 'done', result: { ...current.action?.result, type, ...(payload ? { payload } : {}) } },
      };
      const idempotencyKey = newIdempotencyKey();
      return intents.run(new Map([[messageId, optimistic]]), async () => {
        const message = await client.markAction({ subscriberId, messageId, type, status: 'done', ...(payload ? { payload } : {}) }, { idempotencyKey });
        return { result: message, values: new Map([[messageId, message.cta]]) };
      });
    },
  };
}
