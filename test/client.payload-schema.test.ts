/**
 * `payloadSchema`: the client validates every feed item's payload with the app's schema (zod, or
 * any Standard Schema), over real HTTP against the reference service. An item whose payload does
 * not match is left out and reported with its path, like any other invalid item.
 */
import { expect, it } from 'vitest';
import * as z from 'zod';
import { createInboxClient, type StandardSchemaV1 } from 'inbox-kit/client';
import { setupReferenceServer } from './helpers/reference-server';

const ref = setupReferenceServer();
const clientWith = <S extends StandardSchemaV1>(payloadSchema: S) =>
  createInboxClient({ baseUrl: ref.url, apiKey: ref.service.apiKey, retry: false, payloadSchema });

it('keeps the items whose payload matches, typed and as the schema outputs them, and reports the others by path', async () => {
  const payloadSchema = z.object({ actorName: z.string().transform((name) => name.toUpperCase()) });
  const page = await clientWith(payloadSchema).getFeed({ subscriberId: 'sub_ada', limit: 50 });
  const raw = ref.service.feedOf('sub_ada').slice(0, 50);
  const matching = raw.filter((item) => typeof item.payload?.actorName === 'string');
  expect(matching.length).toBeGreaterThan(0);
  expect(matching.length).toBeLessThan(raw.length);

  expect(page.data.map((item) => item._id)).toEqual(matching.map((item) => item._id));
  // The schema's output, not the raw value: `name` went through its transform.
  expect(page.data[0]?.payload.actorName).toBe(String(matching[0]?.payload?.actorName).toUpperCase());

  expect(page.invalidItems.map((invalid) => invalid.id)).toEqual(raw.filter((item) => !matching.includes(item)).map((item) => item._id));
  const firstBad = raw.findIndex((item) => !matching.includes(item));
  expect(page.invalidItems[0]).toEqual({
    index: firstBad,
    id: raw[firstBad]?._id,
    issues: [{ path: `data[${firstBad}].payload.actorName`, message: expect.stringMatching(/expected string, received undefined/i) as unknown as string }],
  });
});

it('takes any Standard Schema, asynchronous ones too', async () => {
  const hasTitle: StandardSchemaV1<unknown, { title: string }> = {
    '~standard': {
      version: 1,
      vendor: 'hand-made',
      validate: async (value) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return value !== null && typeof value === 'object' && typeof (value as { title?: unknown }).title === 'string'
          ? { value: value as { title: string } }
          : { issues: [{ message: 'needs a title', path: [{ key: 'title' }] }] };
      },
    },
  };
  const page = await clientWith(hasTitle).getFeed({ subscriberId: 'sub_ada', limit: 100 });
  expect(page.data.length).toBeGreaterThan(0);
  expect(page.invalidItems.length).toBeGreaterThan(0);
  expect(page.data.length + page.invalidItems.length).toBe(Math.min(100, ref.service.feedOf('sub_ada').length));
  for (const item of page.data) expect(typeof item.payload.title).toBe('string');
  for (const invalid of page.invalidItems) expect(invalid.issues).toEqual([{ path: `data[${invalid.index}].payload.title`, message: 'needs a title' }]);
});
