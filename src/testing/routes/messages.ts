/**
 * What a subscriber does to their messages: mark some (`mark-as`), mark all (`mark-all`), and
 * record a button click (`actions/{type}`). Answers as the deployed service gives them, including
 * its leak: mark-as returns messages of other subscribers when their ids are sent (unchanged).
 */
import { HttpError, isPlainObject } from '../http-util';
import type { StoredMessage, StoredSubscriber } from '../model';
import { toMessage, toMessageWithId } from '../projections';
import { isObjectId } from '../slug';
import { findSubscriber, type Route, type ServiceState } from './context';

const MARK_AS = ['read', 'seen', 'unread', 'unseen'] as const;
type MarkAs = (typeof MARK_AS)[number];

/** The deployed service's update for each mark: `unread` also marks the message seen. */
function mark(message: StoredMessage, markAs: MarkAs, at: string): void {
  if (markAs === 'read' || markAs === 'unread') {
    message.read = markAs === 'read';
    message.seen = true;
    message.lastReadDate = at;
    message.lastSeenDate = at;
  } else {
    message.seen = markAs === 'seen';
    message.lastSeenDate = at;
  }
  message.updatedAt = at;
}

/** A string is split at commas, as the deployed service does (no trimming). */
function idsOf(messageId: unknown): string[] | undefined {
  if (typeof messageId === 'string') return messageId === '' ? undefined : messageId.split(',');
  if (Array.isArray(messageId) && messageId.every((id) => typeof id === 'string')) return messageId as string[];
  return undefined;
}

export function messageRoutes(state: ServiceState, options: { markAll: boolean }): Route[] {
  function subscriberOr404(subscriberId: string, message: string): StoredSubscriber {
    const subscriber = findSubscriber(state, subscriberId);
    if (!subscriber) throw new HttpError(404, message);
    return subscriber;
  }

  const routes: Route[] = [
    {
      method: 'POST',
      pattern: /^(.*)\/v1\/subscribers\/([^/]+)\/messages\/mark-as$/,
      run({ params, body }) {
        const raw = isPlainObject(body) ? body : {};
        const ids = idsOf(raw.messageId);
        if (!ids || ids.length === 0) throw new HttpError(400, 'messageId is required');
        if (!MARK_AS.includes(raw.markAs as MarkAs)) throw new HttpError(400, [`markAs must be one of the following values: ${MARK_AS.join(', ')}`]);
        const markAs = raw.markAs as MarkAs;
        const subscriberId = params[0] ?? '';
        const subscriber = subscriberOr404(subscriberId, `Subscriber ${subscriberId} not found`);
        const wanted = new Set(ids);
        const at = state.now();
        // The update is the subscriber's own messages only...
        for (const message of state.data.messages) {
          if (wanted.has(message._id) && message._subscriberId === subscriber._id) mark(message, markAs, at);
        }
        // ...but the deployed service then reads back every message with those ids, whoever's they are.
        const answer = state.data.messages.filter(
          (m) => wanted.has(m._id) && (state.leakForeignMessages || m._subscriberId === subscriber._id),
        );
        return { status: 201, body: answer.map((m) => toMessage(state, m)) };
      },
    },
    {
      method: 'POST',
      pattern: /^(.*)\/v1\/subscribers\/([^/]+)\/messages\/([^/]+)\/actions\/([^/]+)$/,
      run({ params, body }) {
        const [subscriberId = '', messageId = '', type = ''] = params;
        const raw = isPlainObject(body) ? body : {};
        const problems: string[] = [];
        if (!isObjectId(messageId)) problems.push('messageId must be a mongodb id');
        if (raw.status === undefined || raw.status === null) problems.push('status should not be null or undefined');
        else if (typeof raw.status !== 'string') problems.push('status must be a string');
        if (raw.payload !== undefined && !isPlainObject(raw.payload)) problems.push('payload must be an object');
        if (problems.length > 0) throw new HttpError(400, problems);
        const message = state.data.messages.find((m) => m._id === messageId);
        if (!message) throw new HttpError(404, `Message ${messageId} not found`);
        const subscriber = findSubscriber(state, subscriberId);
        if (!subscriber) {
          throw new HttpError(400, `Subscriber with the id: ${subscriberId} was not found for this environment. Make sure to create a subscriber before trying to modify it.`);
        }
        const notFound = `Message with the id: ${messageId} was not found for this environment. Make sure to address correct message before trying to modify it.`;
        if (message._subscriberId !== subscriber._id) throw new HttpError(400, notFound);
        const status = raw.status as 'pending' | 'done';
        const payload = isPlainObject(raw.payload) ? raw.payload : undefined;
        const action = message.cta.action ?? {};
        const before = JSON.stringify([action.status, action.result?.type, action.result?.payload]);
        const result = { ...action.result, type: type as 'primary' | 'secondary', ...(payload ? { payload } : {}) };
        // The service reports a write that changed nothing as "not found" (it counts modified records).
        if (JSON.stringify([status, result.type, result.payload]) === before) throw new HttpError(400, notFound);
        message.cta = { ...message.cta, action: { ...action, status, result } };
        message.updatedAt = state.now();
        return { status: 201, body: toMessageWithId(state, message) };
      },
    },
  ];

  if (options.markAll) {
    routes.push({
      method: 'POST',
      pattern: /^(.*)\/v1\/subscribers\/([^/]+)\/messages\/mark-all$/,
      run({ params, body }) {
        const raw = isPlainObject(body) ? body : {};
        if (raw.markAs === undefined || raw.markAs === null) throw new HttpError(400, ['markAs should not be null or undefined']);
        const subscriberId = params[0] ?? '';
        const subscriber = subscriberOr404(
          subscriberId,
          `Subscriber ${subscriberId} does not exist in environment ${state.data.environmentId}, please provide a valid subscriber identifier`,
        );
        const markAs = raw.markAs as MarkAs;
        // Only messages whose state would change are touched and counted; an unknown mark changes nothing.
        const changes = (m: StoredMessage) =>
          markAs === 'read' ? !m.read : markAs === 'unread' ? m.read : markAs === 'seen' ? !m.seen : markAs === 'unseen' ? m.seen : false;
        const at = state.now();
        let modified = 0;
        for (const message of state.data.messages) {
          // Messages have no feed here, so a `feedIdentifier` matches none of them.
          if (message._subscriberId !== subscriber._id || message.channel !== 'in_app' || raw.feedIdentifier !== undefined || !changes(message)) continue;
          mark(message, markAs, at);
          modified++;
        }
        return { status: 201, body: modified };
      },
    });
  }
  return routes;
}
