/** The payload schema the typed-payload guide's proxy example checks with (not registered here: this program's types stay free-form). */
import * as z from 'zod/mini';

export const payloadSchema = z.object({
  category: z.enum(['collaboration', 'billing', 'security', 'deploys', 'product']),
  invoice: z.optional(z.string()),
});
