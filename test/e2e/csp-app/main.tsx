// A host page for the CSP test: <Inbox /> with the reference service in the page (no network).
import { createRoot } from 'react-dom/client';
import { Inbox, InboxProvider, PreferencesPanel } from '../../../src/index';
import { createInboxClient } from '../../../src/client/index';
import { createReferenceService } from '../../../src/testing/index';
import '../../../src/theme/styles.css';
import './host.css';
import { plant } from './plant';

const service = createReferenceService();
const client = createInboxClient({
  // Same origin, so avatar URLs are allowed by img-src 'self' (they 404 here: initials show).
  baseUrl: `${location.origin}/inbox-api`,
  apiKey: service.apiKey,
  dangerouslyAllowBrowser: true,
  fetch: async (input, init) => service.handle(new Request(input, init)),
});
const params = new URLSearchParams(location.search);

// `?xss`: every hostile vector in a notification of its own, in an inbox page.
const xss = params.has('xss');
if (xss) plant(service);

createRoot(document.getElementById('app') as HTMLElement).render(
  <InboxProvider client={client} subscriberId="sub_ada" pollInterval={false}>
    {xss ? (
      <Inbox variant="embedded" />
    ) : (
      <>
        <Inbox theme={{ colors: { primary: '#0f766e', accent: '#be123c', high: '#7c2d12' }, radius: '4px' }} colorScheme={params.get('scheme') === 'dark' ? 'dark' : 'light'} />
        <PreferencesPanel />
      </>
    )}
  </InboxProvider>,
);
