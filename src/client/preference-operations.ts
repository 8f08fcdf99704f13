/** The subscriber's preferences: operation 3, and its PATCH extension. Shared by every client of the kit. */
import { fail, isPlainObject, requireId } from './arguments';
import type { UpdatePreferencesParams } from './client';
import { InboxArgumentError } from './errors';
import type { RequestOptions, Transport } from './http';
import { CHANNELS, preferencesSchema, type Preferences } from './schemas/index';
import { parseOrThrow } from './validate';

export interface PreferenceOperations {
  /** Operation 3: the subscriber's global and per-workflow preferences. */
  getPreferences(params: { subscriberId: string }, options?: RequestOptions): Promise<Preferences>;
  /** Extension: change global or workflow channel preferences; returns all preferences. */
  updatePreferences(params: UpdatePreferencesParams, options?: RequestOptions): Promise<Preferences>;
}

export function preferenceOperations(transport: Transport): PreferenceOperations {
  return {
    async getPreferences(params, requestOptions) {
      const operation = 'getPreferences';
      const subscriberId = requireId(operation, 'subscriberId', params?.subscriberId);
      const body = await transport.request({
        ...requestOptions,
        operation,
        method: 'GET',
        path: `/v2/subscribers/${encodeURIComponent(subscriberId)}/preferences`,
      });
      return parseOrThrow(operation, preferencesSchema, body);
    },

    async updatePreferences(params, requestOptions) {
      const operation = 'updatePreferences';
      const subscriberId = requireId(operation, 'subscriberId', params?.subscriberId);
      if (!isPlainObject(params.channels)) fail(operation, 'channels', 'an object such as { email: false }', params.channels);
      for (const [channel, value] of Object.entries(params.channels)) {
        if (!(CHANNELS as readonly string[]).includes(channel)) {
          throw new InboxArgumentError(operation, `channels.${channel}`, `is not a channel; use one of ${CHANNELS.join(', ')}.`);
        }
        if (typeof value !== 'boolean' && value !== undefined) fail(operation, `channels.${channel}`, 'true or false', value);
      }
      if (params.workflowId !== undefined) requireId(operation, 'workflowId', params.workflowId);
      const body = await transport.request({
        ...requestOptions,
        operation,
        method: 'PATCH',
        path: `/v2/subscribers/${encodeURIComponent(subscriberId)}/preferences`,
        // An undefined workflowId is left out of the JSON.
        body: { channels: params.channels, workflowId: params.workflowId },
      });
      return parseOrThrow(operation, preferencesSchema, body);
    }
  };
}
