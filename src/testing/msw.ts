/**
 * `inbox-kit/msw`: the reference service as MSW request handlers, for tests and Storybook. Its
 * own entry, so `inbox-kit/testing` works without msw installed (msw is an optional peer).
 */
export { createInboxHandlers, DEFAULT_MOCK_BASE_URL } from './handlers';
export type { InboxHandlersOptions } from './handlers';
