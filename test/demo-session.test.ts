/** The demo server's session cookie: any cookie value gives a user or signed out, never an exception. */
import { describe, expect, it } from 'vitest';
import { SEEDED_SUBSCRIBER_IDS } from 'inbox-kit/testing';
import { DEFAULT_USER, userOf } from '../demo/session';

describe('demo session cookie', () => {
  it('signs in as the first seeded subscriber without a demo_user cookie', () => {
    expect(DEFAULT_USER).toBe(SEEDED_SUBSCRIBER_IDS[0]);
    expect(userOf(undefined)).toBe(DEFAULT_USER);
    expect(userOf(null)).toBe(DEFAULT_USER);
    expect(userOf('theme=dark')).toBe(DEFAULT_USER);
  });

  it('reads the seeded subscriber the cookie names, percent-encoded or not', () => {
    const other = SEEDED_SUBSCRIBER_IDS[1] ?? '';
    expect(userOf(`theme=dark; demo_user=${other}`)).toBe(other);
    expect(userOf(`demo_user=${encodeURIComponent(other)}; theme=dark`)).toBe(other);
    expect(userOf('demo_user=somebody-else')).toBeNull();
  });

  it.each(['%E0%A4%A', '%', '%zz', 'sub_ada%'])('treats a malformed cookie (demo_user=%s) as signed out instead of throwing', (value) => {
    expect(() => userOf(`demo_user=${value}`)).not.toThrow();
    expect(userOf(`demo_user=${value}`)).toBeNull();
  });
});
