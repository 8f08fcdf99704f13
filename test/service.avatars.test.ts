/** The reference service's avatar route: only the avatars it holds, a plain 404 for any other name. */
import { describe, expect, it } from 'vitest';
import { createReferenceService } from 'inbox-kit/testing';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const BASE = 'http://service.test/api';

async function avatar(service: ReturnType<typeof createReferenceService>, name: string) {
  const response = await service.handle(new Request(`${BASE}/avatars/${name}.svg`));
  const body = (await response.json()) as { statusCode: number; message: string; error: string; path: string };
  return { status: response.status, body };
}

describe('avatars', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'answers /avatars/%s.svg like any unknown avatar (404), not from the prototype chain',
    async (name) => {
      const service = createReferenceService({ now: NOW });
      const unknown = await avatar(service, 'nobody-has-this-avatar');
      expect(unknown).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Avatar not found', error: 'Not Found' } });
      const inherited = await avatar(service, name);
      expect(inherited.status).toBe(404);
      expect({ ...inherited.body, path: '', timestamp: '' }).toEqual({ ...unknown.body, path: '', timestamp: '' });
      expect(inherited.body.path).toBe(`/api/avatars/${name}.svg`);
    },
  );

  it('still serves the avatars it holds', async () => {
    const service = createReferenceService({ now: NOW });
    const response = await service.handle(new Request(`${BASE}/avatars/deploy-bot.svg`));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
  });
});
