/** In a browser (jsdom here), the client refuses a secret API key unless told otherwise. */
import { describe, expect, it } from 'vitest';
import { createInboxClient, InboxBrowserApiKeyError } from 'inbox-kit/client';

describe('createInboxClient in a browser', () => {
  it('refuses an apiKey and points to the proxy', () => {
    expect(() => createInboxClient({ baseUrl: 'https://api.example.com', apiKey: 'sk_live_secret' })).toThrow(InboxBrowserApiKeyError);
    expect(() => createInboxClient({ baseUrl: 'https://api.example.com', apiKey: 'sk_live_secret' })).toThrow(/createInboxProxy.*'inbox-kit\/server'/);
  });

  it('allows it with dangerouslyAllowBrowser, and allows a relative proxy route without a key', () => {
    expect(createInboxClient({ baseUrl: 'https://api.example.com', apiKey: 'k', dangerouslyAllowBrowser: true }).baseUrl).toBe('https://api.example.com');
    expect(createInboxClient({ baseUrl: '/api/inbox/' }).baseUrl).toBe('/api/inbox');
  });
});
