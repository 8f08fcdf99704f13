// What your workflows put in a notification's `data` (v1's `payload`): checked on the server (lib/inbox.ts), typed everywhere.
import * as z from 'zod/mini';

export const payloadSchema = z.object({
  category: z.enum(['collaboration', 'billing', 'security', 'deploys', 'product']),
  actorName: z.optional(z.string()),
});

declare module 'inbox-kit' {
  interface Register {
    payloadSchema: typeof payloadSchema;
  }
}
