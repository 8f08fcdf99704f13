/** Workflows and their steps (admin only; a message's `template` is one). */
import type * as z from 'zod/mini';
import { extend } from 'zod/mini';
import { arrayOf, bool, freeObject, looseObject, num, oneOf, opt, str, unionOf } from './define';
import { stepFilterSchema } from './integration';
import { preferenceChannelsSchema } from './preferences';

const unitSchema = /* @__PURE__ */ oneOf(['seconds', 'minutes', 'hours', 'days', 'weeks', 'months']);

export const timedConfigSchema = /* @__PURE__ */ looseObject({
  atTime: opt(str),
  weekDays: opt(arrayOf(oneOf(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']))),
  monthDays: opt(arrayOf(str)),
  ordinal: opt(oneOf(['1', '2', '3', '4', '5', 'last'])),
  ordinalValue: opt(
    oneOf(['day', 'weekday', 'weekend', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']),
  ),
  monthlyType: opt(oneOf(['each', 'on'])),
});

export const stepMetadataSchema = /* @__PURE__ */ unionOf([
  looseObject({
    type: oneOf(['regular', 'backoff']),
    amount: opt(num),
    unit: opt(unitSchema),
    digestKey: opt(str),
    backoff: opt(bool),
    backoffAmount: opt(num),
    backoffUnit: opt(unitSchema),
    updateMode: opt(bool),
  }),
  looseObject({
    type: oneOf(['timed']),
    amount: opt(num),
    unit: opt(unitSchema),
    digestKey: opt(str),
    timed: opt(timedConfigSchema),
  }),
  looseObject({ type: oneOf(['scheduled']), delayPath: str }),
]);
export type StepMetadata = z.infer<typeof stepMetadataSchema>;

/** A step's variant: a step without variants of its own. */
const stepVariantSchema = /* @__PURE__ */ looseObject({
  _id: opt(str),
  uuid: opt(str),
  name: opt(str),
  _templateId: opt(str),
  active: opt(bool),
  shouldStopOnFail: opt(bool),
  /** The spec shows no fields for a message template. */
  template: opt(looseObject({})),
  filters: opt(arrayOf(stepFilterSchema)),
  _parentId: opt(str),
  metadata: opt(stepMetadataSchema),
  replyCallback: opt(looseObject({ active: opt(bool), url: opt(str) })),
});
export const stepSchema = /* @__PURE__ */ extend(stepVariantSchema, { variants: opt(arrayOf(stepVariantSchema)) });
export type Step = z.infer<typeof stepSchema>;

const nameOnly = /* @__PURE__ */ looseObject({ name: str });
export const triggerSchema = /* @__PURE__ */ looseObject({
  type: oneOf(['event']),
  identifier: str,
  variables: arrayOf(nameOnly),
  subscriberVariables: opt(arrayOf(nameOnly)),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const notificationGroupSchema = /* @__PURE__ */ looseObject({
  _id: opt(str),
  name: str,
  _environmentId: str,
  _organizationId: str,
  _parentId: opt(str),
});

export const workflowSchema = /* @__PURE__ */ looseObject({
  _id: opt(str),
  name: str,
  description: str,
  active: bool,
  draft: bool,
  preferenceSettings: preferenceChannelsSchema,
  critical: bool,
  tags: arrayOf(str),
  steps: arrayOf(stepSchema),
  _organizationId: str,
  _creatorId: str,
  _environmentId: str,
  triggers: arrayOf(triggerSchema),
  _notificationGroupId: str,
  _parentId: opt(str),
  deleted: bool,
  deletedAt: str,
  deletedBy: str,
  notificationGroup: opt(notificationGroupSchema),
  data: opt(freeObject),
  workflowIntegrationStatus: opt(freeObject),
});
export type Workflow = z.infer<typeof workflowSchema>;

