// The typed-payload guide's example (test/docs.test.ts: verbatim; readme-payload.dom.test.tsx: it works; payload.test-d.tsx: its types).
// #region example
import * as z from 'zod/mini';
import { Inbox, InboxProvider } from 'inbox-kit';
import { inboxNotificationSchema } from 'inbox-kit/client';

// What your workflows' in-app steps put in `data`: checked on every notification, typed everywhere.
export const payloadSchema = z.object({
  category: z.enum(['collaboration', 'billing', 'security', 'deploys', 'product']),
  invoice: z.optional(z.string()),
});

declare module 'inbox-kit' {
  interface Register {
    payloadSchema: typeof payloadSchema;
  }
}

export function App({ userId, onOpen }: { userId: string; onOpen: (category: string) => void }) {
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={userId} payloadSchema={payloadSchema}>
      <Inbox
        variant="embedded"
        tabs={[{ id: 'billing', label: 'Billing', filter: { data: { category: 'billing' } } }]}
        onNotificationClick={(notification) => onOpen(notification.data.category)}
      />
    </InboxProvider>
  );
}

// The records are zod schemas: compose them, e.g. to check a notification on your server.
export const billingNotificationSchema = z.object({
  ...inboxNotificationSchema.shape,
  data: z.extend(payloadSchema, { category: z.literal('billing'), invoice: z.string() }),
});
export type BillingNotification = z.infer<typeof billingNotificationSchema>;
// #endregion
