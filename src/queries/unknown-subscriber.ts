/**
 * A subscriber the service does not know yet: the deployed service creates subscribers when a workflow is
 * first triggered for them, and until then answers their feed with 400 "Subscriber not found" (our
 * reference's spec form: 404). For an inbox that is a new user with nothing in it, not an error.
 */
import { InboxApiError, type FreePayload, type NotificationsPage } from '../client/index';

const NOT_FOUND = /\bsubscriber\b.*\bnot\s+(?:been\s+)?found\b/i;

export function isUnknownSubscriber(error: unknown): boolean {
  return error instanceof InboxApiError && (error.status === 400 || error.status === 404) && error.messages.some((message) => NOT_FOUND.test(message));
}

/** `request`'s answer, or `fallback` when the subscriber is not known to the service yet. */
export async function orWhenUnknown<T>(request: Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (isUnknownSubscriber(error)) return fallback();
    throw error;
  }
}

/** A list's page, or an empty one for a subscriber the service does not know yet (no workflow has reached them). */
export const pageOrEmpty = (request: Promise<NotificationsPage<FreePayload>>) => orWhenUnknown(request, () => ({ data: [], hasMore: false, filter: {}, invalidItems: [] }));
