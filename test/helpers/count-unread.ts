/** A subscriber's unread notifications as the service (or a route in front of it) says, counted page by page. */
import { createInboxClient } from 'inbox-kit/client';

export async function countUnread(baseUrl: string, subscriberId: string, apiKey?: string): Promise<number> {
  const client = createInboxClient({ baseUrl, retry: false, ...(apiKey ? { apiKey } : {}) });
  let count = 0;
  for (let page = 0; ; page++) {
    const result = await client.getFeed({ subscriberId, read: false, limit: 100, page });
    count += result.data.length + result.invalidItems.length;
    if (!result.hasMore) return count;
  }
}
