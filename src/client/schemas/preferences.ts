/** A subscriber's preferences: the global channels and one entry per workflow. */
import type * as z from 'zod/mini';
import { arrayOf, bool, looseObject, oneOf, opt, str } from './define';
import { recordChannelSchema } from './feed';

export const preferenceChannelsSchema = /* @__PURE__ */ looseObject({
  email: opt(bool),
  sms: opt(bool),
  in_app: opt(bool),
  chat: opt(bool),
  push: opt(bool),
});
export type PreferenceChannels = z.infer<typeof preferenceChannelsSchema>;

export const PREFERENCE_SOURCES = ['subscriber', 'template', 'workflowOverride'] as const;
export const preferenceOverrideSchema = /* @__PURE__ */ looseObject({
  channel: recordChannelSchema,
  source: oneOf(PREFERENCE_SOURCES),
});
export type PreferenceOverride = z.infer<typeof preferenceOverrideSchema>;

export const workflowInfoSchema = /* @__PURE__ */ looseObject({
  slug: str,
  identifier: str,
  name: str,
  updatedAt: opt(str),
});
export type WorkflowInfo = z.infer<typeof workflowInfoSchema>;

export const globalPreferenceSchema = /* @__PURE__ */ looseObject({
  enabled: bool,
  channels: preferenceChannelsSchema,
});
export type GlobalPreference = z.infer<typeof globalPreferenceSchema>;

export const workflowPreferenceSchema = /* @__PURE__ */ looseObject({
  enabled: bool,
  channels: preferenceChannelsSchema,
  overrides: arrayOf(preferenceOverrideSchema),
  workflow: workflowInfoSchema,
});
export type WorkflowPreference = z.infer<typeof workflowPreferenceSchema>;

export const preferencesSchema = /* @__PURE__ */ looseObject({
  global: globalPreferenceSchema,
  workflows: arrayOf(workflowPreferenceSchema),
});
export type Preferences = z.infer<typeof preferencesSchema>;
