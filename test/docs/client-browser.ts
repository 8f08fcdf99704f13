// The client guide's browser example (test/docs.test.ts: verbatim; client-browser.dom.test.ts: it runs through the proxy route).
import { getCsrfToken } from './csrf';

// #region browser
import { createInboxClient } from 'inbox-kit/client';

export const inbox = createInboxClient({
  baseUrl: '/api/inbox',
  headers: async () => ({ 'X-CSRF-Token': await getCsrfToken() }), // called before every request
});
// #endregion
