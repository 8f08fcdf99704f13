/** The answer to a broadcast (admin only). */
import type * as z from 'zod/mini';
import { arrayOf, bool, looseObject, oneOf, opt, str } from './define';

export const BROADCAST_STATUSES = [
  'error',
  'trigger_not_active',
  'no_workflow_active_steps_defined',
  'no_workflow_steps_defined',
  'processed',
  'no_tenant_found',
  'invalid_recipients',
] as const;
export const broadcastStatusSchema = /* @__PURE__ */ oneOf(BROADCAST_STATUSES);
export type BroadcastStatus = z.infer<typeof broadcastStatusSchema>;

export const broadcastResultSchema = /* @__PURE__ */ looseObject({
  acknowledged: bool,
  status: broadcastStatusSchema,
  error: opt(arrayOf(str)),
  transactionId: opt(str),
});
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;
