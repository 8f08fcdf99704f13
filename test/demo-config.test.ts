/** `npm start`'s choice of service: the built-in one, or a deployment named by three variables. */
import { describe, expect, it } from 'vitest';
import { demoConfig } from '../demo/config';

describe('demo configuration', () => {
  it('uses the built-in reference service without INBOX_UPSTREAM_URL', () => {
    expect(demoConfig({})).toEqual({ kind: 'reference' });
  });

  it('points the proxy at a deployment with all three variables', () => {
    expect(demoConfig({ INBOX_UPSTREAM_URL: 'https://api.example.com/', INBOX_API_KEY: ' sk_live ', INBOX_SUBSCRIBERS: 'alice, bob,,' })).toEqual({
      kind: 'upstream',
      upstream: 'https://api.example.com',
      apiKey: 'sk_live',
      subscribers: ['alice', 'bob'],
    });
  });

  it.each([
    [{ INBOX_UPSTREAM_URL: 'api.example.com', INBOX_API_KEY: 'k', INBOX_SUBSCRIBERS: 'a' }, /http\(s\) base URL/],
    [{ INBOX_UPSTREAM_URL: 'https://api.example.com' }, /INBOX_API_KEY is required/],
    [{ INBOX_UPSTREAM_URL: 'https://api.example.com', INBOX_API_KEY: 'k' }, /INBOX_SUBSCRIBERS is required/],
  ])('says what is missing or wrong: %j', (env, message) => {
    const config = demoConfig(env);
    expect('error' in config && config.error).toMatch(message);
  });
});
