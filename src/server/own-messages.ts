/**
 * Keeps other subscribers' messages out of what the proxy passes to a browser. The deployed
 * service's mark-as reads back every message whose id was sent, whoever's it is; whatever an
 * upstream answers, a message reaches the browser only when it is provably the signed-in user's,
 * and of its sender (another subscriber) only their name, picture and ids.
 */

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export interface Ownership {
  /** The signed-in user's subscriber id. */
  subscriberId: string;
  /** Their internal `_id` on the service, looked up when an answer needs it. */
  internalId: () => Promise<string | undefined>;
  /** Tells the caller the internal id when an answer proves it (a feed item populated with its recipient). */
  learn: (internalId: string) => void;
}

/**
 * Whether a message is the user's: its v2 recipient (`to`) or its populated v1 recipient names
 * them, or its `_subscriberId` is their internal id. A message that proves none is not passed on;
 * one that mixes the shapes (a forgery) neither.
 */
async function isOwn(message: Json, who: Ownership): Promise<boolean> {
  // A v2 notification names its recipient in `to`.
  if (isRecord(message.to)) return message.to.subscriberId === who.subscriberId && message._subscriberId === undefined && message.subscriber === undefined;
  const recipient = message.subscriber;
  const internal = typeof message._subscriberId === 'string' ? message._subscriberId : undefined;
  if (isRecord(recipient) && typeof recipient.subscriberId === 'string') {
    if (recipient.subscriberId !== who.subscriberId) return false;
    const recipientId = typeof recipient._id === 'string' ? recipient._id : undefined;
    if (recipientId && internal && recipientId !== internal) return false;
    if (recipientId) who.learn(recipientId);
    return true;
  }
  if (!internal) return false;
  return internal === (await who.internalId());
}

/** What of a message's sender, another subscriber, the reader may see: who they are, not how to reach them. */
const SENDER = ['_id', 'subscriberId', 'firstName', 'lastName', 'avatar'];

/** The message with its sender (`actorSubscriber`, when populated) cut to `SENDER`. */
function withSenderShown(message: Json): Json {
  const sender = message.actorSubscriber;
  return isRecord(sender) ? { ...message, actorSubscriber: Object.fromEntries(SENDER.flatMap((key) => (key in sender ? [[key, sender[key]]] : []))) } : message;
}

async function ownOnly(list: unknown[], who: Ownership): Promise<unknown[]> {
  const kept: unknown[] = [];
  for (const item of list) if (isRecord(item) && (await isOwn(item, who))) kept.push(withSenderShown(item));
  return kept;
}

/**
 * An answer of a route that returns messages (the feed, mark-as, a message action) with every
 * entry that is not provably the user's taken out: from a list (bare, or the `data` of an
 * envelope or a feed page). A single message that is not theirs gives `undefined`: the caller
 * answers 404 instead. Anything else is not a message answer, and gives `undefined` too.
 */
export async function withoutForeignMessages(body: unknown, who: Ownership): Promise<unknown> {
  if (Array.isArray(body)) return ownOnly(body, who);
  if (!isRecord(body)) return undefined;
  if (Array.isArray(body.data)) return { ...body, data: await ownOnly(body.data, who) };
  if (isRecord(body.data)) return (await isOwn(body.data, who)) ? { ...body, data: withSenderShown(body.data) } : undefined;
  return (await isOwn(body, who)) ? withSenderShown(body) : undefined;
}
