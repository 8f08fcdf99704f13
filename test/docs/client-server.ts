// The client guide's server example (test/docs.test.ts: verbatim; client.test.ts: it runs against the reference service).
// #region server
import { createInboxAdminClient, InboxApiError } from 'inbox-kit/client';

// On your server: the API key stays there. The admin client adds set-primary and broadcast.
const inbox = createInboxAdminClient({
  baseUrl: process.env.INBOX_UPSTREAM_URL ?? 'https://api.novu.co',
  apiKey: process.env.INBOX_API_KEY,
});

const page = await inbox.getFeed({ subscriberId: 'sub_ada', read: false, limit: 20 });
for (const n of page.data) console.log(n.read ? ' ' : '•', n.subject ?? '', n.content);
if (page.hasMore) await inbox.getFeed({ subscriberId: 'sub_ada', read: false, limit: 20, page: 1 });

await inbox.markAs({ subscriberId: 'sub_ada', messageId: page.data.map((n) => n._id), markAs: 'read' });

try {
  await inbox.broadcast({ name: 'product-announcement', payload: { title: 'Dark mode is here' } });
} catch (error) {
  if (error instanceof InboxApiError && error.status === 422) console.error(error.message);
  else throw error;
}
// #endregion
