/** The reference service's preferences read-out and its delivery decision follow one precedence rule. */
import { describe, expect, it } from 'vitest';
import type { Preferences } from 'inbox-kit/client';
import { createReferenceService } from 'inbox-kit/testing';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const BASE = 'http://service.test/api';
const WORKFLOW = 'product-announcement';

type Service = ReturnType<typeof createReferenceService>;

function call(service: Service, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `ApiKey ${service.apiKey}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  return service.handle(new Request(`${BASE}${path}`, { ...init, headers }));
}

async function patch(service: Service, body: object) {
  const response = await call(service, '/v2/subscribers/sub_ada/preferences', { method: 'PATCH', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

type Setting = boolean | undefined;
const SETTINGS: Setting[] = [undefined, true, false];
const grid = SETTINGS.flatMap((global) =>
  SETTINGS.flatMap((own) => [true, false].flatMap((template) => [false, true].map((locked) => ({ global, own, template, locked })))),
);

describe('preferences read-out and delivery', () => {
  it.each(grid)('global $global, workflow $own, template $template, locked $locked: in_app shown = in_app delivered', async ({ global, own, template, locked }) => {
    const service = createReferenceService({ now: NOW, envelope: false });
    // The subscriber's choices first (through the API), then the organization's template default and lock.
    if (global !== undefined) await patch(service, { channels: { in_app: global } });
    const workflow = service.data.workflows.find((w) => w.identifier === WORKFLOW);
    if (!workflow) throw new Error(`no ${WORKFLOW} workflow in the seed`);
    if (own !== undefined) await patch(service, { workflowId: workflow._id, channels: { in_app: own } });
    workflow.preferenceSettings = { ...workflow.preferenceSettings, in_app: template };
    if (locked) workflow.locked = ['in_app'];

    const prefs = (await (await call(service, '/v2/subscribers/sub_ada/preferences')).json()) as Preferences;
    const entry = prefs.workflows.find((w) => w.workflow.identifier === WORKFLOW);
    const shown = entry?.channels.in_app;

    const transactionId = `txn-${String(global)}-${String(own)}-${String(template)}-${String(locked)}`;
    const result = await call(service, '/v1/events/trigger/broadcast', { method: 'POST', body: JSON.stringify({ name: WORKFLOW, payload: { title: 'x' }, transactionId }) });
    expect(await result.json()).toMatchObject({ status: 'processed' });
    const delivered = service.feedOf('sub_ada').filter((item) => item.transactionId === transactionId).length;

    expect(shown).toBe(delivered === 1);
    // The rule: an organization lock takes the template's value; else the subscriber's workflow choice,
    // then their global choice, then the template's default.
    const expected = locked ? template : (own ?? global ?? template);
    expect(shown).toBe(expected);
    const source = locked ? 'workflowOverride' : own === undefined && global === undefined ? 'template' : 'subscriber';
    expect(entry?.overrides).toContainEqual({ channel: 'in_app', source });
  });

  it('shows a global channel turned off on every workflow that has no choice of its own', async () => {
    const service = createReferenceService({ now: NOW, envelope: false });
    await patch(service, { channels: { email: false } });
    const prefs = (await (await call(service, '/v2/subscribers/sub_ada/preferences')).json()) as Preferences;
    const reply = prefs.workflows.find((w) => w.workflow.identifier === 'comment-reply');
    expect(reply?.channels.email).toBe(false);
    expect(reply?.overrides).toContainEqual({ channel: 'email', source: 'subscriber' });
    // The organization's lock still wins.
    const invoice = prefs.workflows.find((w) => w.workflow.identifier === 'invoice-paid');
    expect(invoice?.channels.email).toBe(true);
    expect(invoice?.overrides).toContainEqual({ channel: 'email', source: 'workflowOverride' });
  });
});
