import type { FeedItem, FreePayload } from '../client/index';

/**
 * A notification as the data layer holds it. Its payload is free-form here: the layer only
 * matches filters against it, and its type is the app's (declared in `Register`, guaranteed by
 * the schema that validated it), given back by the hooks.
 */
export type StoredItem = FeedItem<FreePayload>;
