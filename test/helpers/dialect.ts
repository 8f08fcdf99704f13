/**
 * The dialect the tests meet: the reference service's deployed mode speaks v2 (the `dom` project),
 * its spec mode only v1 (`dom-spec`). The kit speaks whichever the service has; these name the
 * requests it then makes, for tests that count them.
 */
export const V2 = process.env.INBOX_REFERENCE_MODE !== 'spec';

/** A page of a list (v2's list; v1's feed). */
export const LIST_PATH: RegExp = V2 ? /\/v2\/subscribers\/[^/]+\/notifications$/ : /\/notifications\/feed$/;
/** One notification marked read or unread (v2: one PATCH each; v1: a mark-as). */
export const MARK_PATH: RegExp = V2 ? /\/notifications\/[^/]+\/(read|unread)$/ : /\/messages\/mark-as$/;
/** Seen, in one request (v2's seen route; v1's mark-as). */
export const SEEN_PATH: RegExp = V2 ? /\/notifications\/seen$/ : /\/messages\/mark-as$/;
/** "Mark all as read" (v2's bulk route; v1's mark-all). */
export const MARK_ALL_PATH: RegExp = V2 ? /\/notifications\/read$/ : /\/messages\/mark-all$/;
/** A button's click (v2: complete; v1: the message's action). */
export const ACTION_PATH: RegExp = V2 ? /\/actions\/(primary|secondary)\/(complete|revert)$/ : /\/messages\/[^/]+\/actions\/(primary|secondary)$/;
