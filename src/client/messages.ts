/**
 * What a subscriber does to their messages: mark some (`markAs`, operation 4), mark all
 * (`markAll`) and record a button click (`markAction`). The last two are operations of the
 * deployed service beyond the spec's five.
 */
import { fail, isPlainObject, requireId } from './arguments';
import { InboxArgumentError } from './errors';
import type { RequestOptions, Transport } from './http';
import { MARK_AS_VALUES, markedMessageSchema, messagesSchema, type ButtonType, type MarkAsValue, type MarkedMessage } from './schemas/index';
import { num } from './schemas/define';
import { parseOrThrow } from './validate';

export interface MarkAsParams {
  subscriberId: string;
  /** One message id or several. */
  messageId: string | readonly string[];
  markAs: MarkAsValue;
}

export interface MarkAllParams {
  subscriberId: string;
  /** `read` also marks everything seen, as the service does. */
  markAs: MarkAsValue;
  /** Only messages of these feeds. */
  feedIdentifier?: string | readonly string[];
}

export interface MarkActionParams {
  subscriberId: string;
  messageId: string;
  /** The button clicked. */
  type: ButtonType;
  /** `done` once the click is handled. Default `done`. */
  status?: 'pending' | 'done';
  /** Stored with the result, e.g. what the user chose. */
  payload?: Record<string, unknown>;
}

export interface MessageOperations {
  /** Operation 4: mark messages read, unread, seen or unseen; returns the messages the service changed. */
  markAs(params: MarkAsParams, options?: RequestOptions): Promise<MarkedMessage[]>;
  /**
   * Marks every message of the subscriber in one request (`POST .../messages/mark-all`, an
   * operation of the deployed service beyond the spec); returns how many changed. A service
   * without it answers 404 or 405 (an `InboxApiError`).
   */
  markAll(params: MarkAllParams, options?: RequestOptions): Promise<number>;
  /**
   * Records that a button of a message was clicked (`POST .../messages/{id}/actions/{type}`, an
   * operation of the deployed service beyond the spec); returns the message with its new action state.
   */
  markAction(params: MarkActionParams, options?: RequestOptions): Promise<MarkedMessage>;
}

function requireMarkAs(operation: string, markAs: unknown): MarkAsValue {
  if (!(MARK_AS_VALUES as readonly unknown[]).includes(markAs)) fail(operation, 'markAs', `one of ${MARK_AS_VALUES.join(', ')}`, markAs);
  return markAs as MarkAsValue;
}

/** A message id; the service splits a string at commas, so one must not hold any. */
function requireMessageId(operation: string, argument: string, value: unknown): string {
  const id = requireId(operation, argument, value);
  if (id.includes(',')) throw new InboxArgumentError(operation, argument, 'must not contain commas; pass an array of ids.');
  return id;
}

/** One id or several: each checked, `messageId[2]` naming the third of several. */
function requireIds(operation: string, argument: string, value: unknown, check: typeof requireId): void {
  if (Array.isArray(value)) value.forEach((id, index) => check(operation, `${argument}[${index}]`, id));
  else check(operation, argument, value);
}

export function messageOperations(transport: Transport): MessageOperations {
  const messagesPath = (subscriberId: string) => `/v1/subscribers/${encodeURIComponent(subscriberId)}/messages`;
  return {
    async markAs(params, requestOptions) {
      const operation = 'markAs';
      const subscriberId = requireId(operation, 'subscriberId', params?.subscriberId);
      const { messageId } = params;
      if (Array.isArray(messageId) && messageId.length === 0) fail(operation, 'messageId', 'an id or a non-empty array of ids', messageId);
      requireIds(operation, 'messageId', messageId, requireMessageId);
      const markAs = requireMarkAs(operation, params.markAs);
      const body = await transport.request({ ...requestOptions, operation, method: 'POST', path: `${messagesPath(subscriberId)}/mark-as`, body: { messageId, markAs } });
      return parseOrThrow(operation, messagesSchema, body);
    },

    async markAll(params, requestOptions) {
      const operation = 'markAll';
      const subscriberId = requireId(operation, 'subscriberId', params?.subscriberId);
      const markAs = requireMarkAs(operation, params.markAs);
      const { feedIdentifier } = params;
      if (feedIdentifier !== undefined) requireIds(operation, 'feedIdentifier', feedIdentifier, requireId);
      const body = await transport.request({
        ...requestOptions,
        operation,
        method: 'POST',
        path: `${messagesPath(subscriberId)}/mark-all`,
        // An undefined field is left out of the JSON.
        body: { markAs, feedIdentifier },
      });
      return parseOrThrow(operation, num, body);
    },

    async markAction(params, requestOptions) {
      const operation = 'markAction';
      const subscriberId = requireId(operation, 'subscriberId', params?.subscriberId);
      const messageId = requireId(operation, 'messageId', params.messageId);
      if (params.type !== 'primary' && params.type !== 'secondary') fail(operation, 'type', 'primary or secondary', params.type);
      const status = params.status ?? 'done';
      if (status !== 'pending' && status !== 'done') fail(operation, 'status', 'pending or done', status);
      if (params.payload !== undefined && !isPlainObject(params.payload)) fail(operation, 'payload', 'a plain object', params.payload);
      const body = await transport.request({
        ...requestOptions,
        operation,
        method: 'POST',
        path: `${messagesPath(subscriberId)}/${encodeURIComponent(messageId)}/actions/${params.type}`,
        body: { status, payload: params.payload },
      });
      return parseOrThrow(operation, markedMessageSchema, body);
    },
  };
}
