/** Integrations (admin only): credentials, the conditions of a step filter, the integration itself. */
import type * as z from 'zod/mini';
import { arrayOf, bool, freeObject, looseObject, openOneOf, opt, str } from './define';
import { recordChannelSchema } from './feed';

// Written out field by field: a spread would keep this admin-only schema in every bundle (bundlers
// cannot prove a spread free of side effects).
export const credentialsSchema = /* @__PURE__ */ looseObject({
  apiKey: opt(str),
  user: opt(str),
  secretKey: opt(str),
  domain: opt(str),
  password: opt(str),
  host: opt(str),
  port: opt(str),
  region: opt(str),
  accountSid: opt(str),
  messageProfileId: opt(str),
  token: opt(str),
  from: opt(str),
  senderName: opt(str),
  projectName: opt(str),
  applicationId: opt(str),
  clientId: opt(str),
  baseUrl: opt(str),
  webhookUrl: opt(str),
  redirectUrl: opt(str),
  serviceAccount: opt(str),
  ipPoolName: opt(str),
  apiKeyRequestHeader: opt(str),
  secretKeyRequestHeader: opt(str),
  idPath: opt(str),
  datePath: opt(str),
  apiToken: opt(str),
  authenticationTokenKey: opt(str),
  instanceId: opt(str),
  alertUid: opt(str),
  title: opt(str),
  imageUrl: opt(str),
  state: opt(str),
  externalLink: opt(str),
  channelId: opt(str),
  phoneNumberIdentification: opt(str),
  accessKey: opt(str),
  secure: opt(bool),
  requireTls: opt(bool),
  ignoreTls: opt(bool),
  hmac: opt(bool),
  authenticateByToken: opt(bool),
  tlsOptions: opt(freeObject),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const FIELD_OPERATORS = [
  'LARGER', 'SMALLER', 'LARGER_EQUAL', 'SMALLER_EQUAL', 'EQUAL', 'NOT_EQUAL', 'ALL_IN', 'ANY_IN',
  'NOT_IN', 'BETWEEN', 'NOT_BETWEEN', 'LIKE', 'NOT_LIKE', 'IN',
] as const;

export const fieldFilterPartSchema = /* @__PURE__ */ looseObject({
  field: str,
  value: str,
  operator: openOneOf<typeof FIELD_OPERATORS>(),
  on: openOneOf<['subscriber', 'payload', 'tenant']>(),
});
export type FieldFilterPart = z.infer<typeof fieldFilterPartSchema>;

export const stepFilterSchema = /* @__PURE__ */ looseObject({
  isNegated: bool,
  type: openOneOf<['BOOLEAN', 'TEXT', 'DATE', 'NUMBER', 'STATEMENT', 'LIST', 'MULTI_LIST', 'GROUP']>(),
  value: openOneOf<['AND', 'OR']>(),
  children: arrayOf(fieldFilterPartSchema),
});
export type StepFilter = z.infer<typeof stepFilterSchema>;

export const integrationSchema = /* @__PURE__ */ looseObject({
  _id: opt(str),
  _environmentId: str,
  _organizationId: str,
  name: str,
  identifier: str,
  providerId: str,
  channel: recordChannelSchema,
  /** Left out by newer deployments when the caller may not see credentials (an API key never may). */
  credentials: opt(credentialsSchema),
  active: bool,
  deleted: bool,
  deletedAt: opt(str),
  deletedBy: opt(str),
  primary: bool,
  conditions: opt(arrayOf(stepFilterSchema)),
});
export type Integration = z.infer<typeof integrationSchema>;

