/**
 * The proxy guide's Express recipe (docs/proxy.md shows express-app.ts and inbox.server.ts
 * verbatim; test/docs.test.ts checks), against the reference service.
 * The framework guides run as examples/ (built and driven by scripts/examples/run.sh): each
 * example is its scaffold with its guide followed verbatim, nothing more (checked here).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES, exampleFiles, exampleFromGuide, guideBlocks } from '../scripts/examples/from-guide';
import { setupReferenceServer } from './helpers/reference-server';

describe.each(EXAMPLES)('docs/frameworks/%s.md followed in its scaffold', (name) => {
  it('is the example, file for file (`npx tsx scripts/examples/from-guide.ts` writes it)', () => {
    const expected = exampleFromGuide(name);
    const actual = exampleFiles(name);
    const paths = [...new Set([...expected.keys(), ...actual.keys()])].sort();
    const differences = paths.flatMap((path) => {
      const want = expected.get(path);
      const have = actual.get(path);
      if (!want) return [`${path}: in examples/${name}, but neither the scaffold nor the guide writes it`];
      if (!have) return [`${path}: the guide or the scaffold writes it, but examples/${name} lacks it`];
      return want.equals(have) ? [] : [`${path}: differs from the scaffold's with the guide's blocks`];
    });
    expect(differences).toEqual([]);
  });

  it('gives in a block every file of the example it names', () => {
    const guide = readFileSync(resolve(import.meta.dirname, `../docs/frameworks/${name}.md`), 'utf8');
    const given = new Set(guideBlocks(name).map((block) => block.path));
    const scaffold = exampleFromGuide(name);
    // A path in the guide's prose (`app/routes/preferences.tsx`) is one the reader can follow.
    const named = [...guide.matchAll(/`((?:app|src|lib|server)\/[\w./$[\]+-]+\.(?:tsx?|jsx?|css))`/g)].map((match) => match[1] ?? '');
    for (const path of named.filter((path) => !path.includes('.gen.'))) expect(given.has(path) || scaffold.has(path), `docs/frameworks/${name}.md names ${path}, which no block gives and the scaffold lacks`).toBe(true);
  });
});

const ref = setupReferenceServer();
beforeAll(async () => {
  // The recipes read their settings from the environment, per request.
  process.env.INBOX_UPSTREAM_URL = ref.url;
  process.env.INBOX_API_KEY = ref.service.apiKey;
});
afterAll(() => {
  delete process.env.INBOX_UPSTREAM_URL;
  delete process.env.INBOX_API_KEY;
});

describe('Express', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    const { app } = await import('./examples/frameworks/express-app');
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/inbox`;
  });
  afterAll(() => server?.close());

  it('mounts the proxy: feed, mark-as with a body, and 401 without a user', async () => {
    const cookie = { cookie: 'user=sub_ada' };
    const feed = await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed?read=false&limit=1`, { headers: cookie });
    expect(feed.status).toBe(200);
    const id = ((await feed.json()) as { data: { _id: string }[] }).data[0]?._id ?? '';
    const marked = await fetch(`${base}/v1/subscribers/sub_ada/messages/mark-as`, {
      method: 'POST',
      // As a browser sends it: with where it comes from.
      headers: { ...cookie, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ messageId: [id], markAs: 'read' }),
    });
    expect(marked.status).toBe(201);
    expect(ref.service.feedOf('sub_ada').find((item) => item._id === id)?.read).toBe(true);
    expect((await fetch(`${base}/v1/subscribers/sub_ada/notifications/feed`)).status).toBe(401);
  });
});
