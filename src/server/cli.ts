#!/usr/bin/env node
/**
 * The reference service on 127.0.0.1, its socket included: `npx -p inbox-kit inbox-kit-reference [options]` where
 * the package is installed (its `bin`), `npm run serve -- [options]` in this repository.
 * Prints the base URL, the API key, real time's settings, subscriber ids and every integration.
 */
import { parseArgs } from 'node:util';
import { SEEDED_SUBSCRIBER_IDS } from '../testing/fixtures';
import type { ServiceMode } from '../testing/service';
import { startReferenceServer, type ReferenceServerOptions } from './dev-server';

const HELP = `Usage: npx -p inbox-kit inbox-kit-reference [options]   (in the inbox-kit repository: npm run serve -- [options])

  --port N                 port (default: $PORT or 4010; 0 = any free port)
  --api-key K              API key clients must send (default sk_test_inbox_kit)
  --seed S                 seed of the generated data (default 1)
  --messages M             feed messages per subscriber (default 60; 10000 for benchmarks)
  --mode M                 deployed (default): answer as the deployed service does,
                           its v2 subscriber-notifications API included
                           spec: as the spec reads literally (bare bodies, pageSize =
                           items returned, true totalCount, 404 for unknown subscribers,
                           v1 only)
  --no-leak                mark-as never returns other subscribers' messages
                           (the deployed service does; the proxy filters them)
  --read-only-preferences  refuse preference updates (403)
  --latency MS             delay every API request (MS or MIN-MAX)
  --error-rate R           answer a share R (0-1) of API requests with 503
  --drop-rate R            drop the connection of a share R of API requests
  --rate-limit N           at most N API requests per minute, then 429
  --json                   print one machine-readable line instead of the summary
  --help                   this text`;

function numberOption(name: string, raw: string | undefined, min: number, max: number, kind: 'integer' | 'fraction' = 'integer'): number | undefined {
  if (raw === undefined) return undefined;
  // Plain decimals only: Number() would also take '' (as 0, "any free port"), '0x50' and '1e3'.
  const plain = kind === 'integer' ? /^\d+$/ : /^(\d+\.?\d*|\.\d+)$/;
  const value = plain.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value) || value < min || value > max) {
    const what = kind === 'integer' ? 'a whole number' : 'a number';
    console.error(`--${name} must be ${what} from ${min} to ${max}, received ${JSON.stringify(raw)}.\n\n${HELP}`);
    process.exit(2);
  }
  return value;
}

function modeOption(raw: string | undefined): ServiceMode {
  if (raw === undefined || raw === 'deployed' || raw === 'spec') return raw ?? 'deployed';
  console.error(`--mode must be deployed or spec, received ${JSON.stringify(raw)}.\n\n${HELP}`);
  process.exit(2);
}

export async function main(argv: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        'api-key': { type: 'string' },
        seed: { type: 'string' },
        messages: { type: 'string' },
        mode: { type: 'string' },
        'no-leak': { type: 'boolean' },
        'read-only-preferences': { type: 'boolean' },
        latency: { type: 'string' },
        'error-rate': { type: 'string' },
        'drop-rate': { type: 'string' },
        'rate-limit': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(HELP);
    return;
  }
  const latency = values.latency?.split('-').map((part) => numberOption('latency', part, 0, 60_000) ?? 0);
  const options: ReferenceServerOptions = {
    port: numberOption('port', values.port ?? (process.env.PORT?.trim() || '4010'), 0, 65_535),
    seed: numberOption('seed', values.seed, 0, 2 ** 32 - 1),
    messages: numberOption('messages', values.messages, 0, 100_000),
    mode: modeOption(values.mode),
    ...(values['no-leak'] ? { leakForeignMessages: false } : {}),
    preferenceUpdates: !values['read-only-preferences'],
    faults: {
      ...(latency ? { latencyMs: latency.length > 1 ? [latency[0] ?? 0, latency[1] ?? 0] : (latency[0] ?? 0) } : {}),
      errorRate: numberOption('error-rate', values['error-rate'], 0, 1, 'fraction') ?? 0,
      dropRate: numberOption('drop-rate', values['drop-rate'], 0, 1, 'fraction') ?? 0,
    },
  };
  if (values['api-key'] !== undefined) options.apiKey = values['api-key'];
  const perMinute = numberOption('rate-limit', values['rate-limit'], 1, 1_000_000);
  if (perMinute) options.rateLimit = { limit: perMinute, windowMs: 60_000 };

  const started = await startReferenceServer(options).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    console.error(code === 'EADDRINUSE' ? `Port ${String(options.port)} is in use: pass --port 0 for any free port, or another number.` : String(error));
    process.exit(1);
  });
  const { url, socketUrl, service } = started;
  const { applicationIdentifier } = service;
  const integrations = service.data.integrations.map((i) => ({ id: i._id ?? '', name: i.name, channel: i.channel, primary: i.primary, active: i.active }));
  const subscribers = SEEDED_SUBSCRIBER_IDS;

  // Before saying it is ready: a Ctrl-C right after the first line still closes it cleanly.
  const stop = () => {
    void started.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (values.json) {
    console.log(JSON.stringify({ baseUrl: url, apiKey: service.apiKey, applicationIdentifier, socketUrl: socketUrl ?? null, mode: options.mode, subscribers, integrations }));
  } else {
    console.log(`Reference notification service listening on ${url}  (mode: ${options.mode ?? 'deployed'})`);
    console.log(`API key:      ${service.apiKey}   (send as "Authorization: ApiKey ${service.apiKey}")`);
    console.log(`Real time:    application identifier ${applicationIdentifier}, socket ${socketUrl ?? 'off (install the ws package: npm i -D ws)'}`);
    // What a createInboxProxy route reads from its environment to use this service, real time included.
    const socketEnv = socketUrl ? ` INBOX_APPLICATION_IDENTIFIER=${applicationIdentifier} INBOX_SOCKET_URL=${socketUrl} INBOX_SOCKET_TYPE=cloud` : '';
    console.log(`Your app:     INBOX_UPSTREAM_URL=${url} INBOX_API_KEY=${service.apiKey}${socketEnv}`);
    console.log(`Subscribers:  ${subscribers.join(', ')}`);
    console.log(`Workflows:    ${service.data.workflows.map((w) => w.identifier).join(', ')}`);
    console.log('Integrations:');
    for (const i of integrations) {
      console.log(`  ${i.id}  ${i.channel.padEnd(6)} ${i.primary ? 'primary' : '       '} ${i.active ? '' : '(inactive) '}${i.name}`);
    }
    const announcement = JSON.stringify({ name: 'product-announcement', payload: { title: 'Hello from the reference service', body: 'Sent to every subscriber' } });
    console.log(`\nSend one to everyone: curl -X POST -H "Authorization: ApiKey ${service.apiKey}" -H "Content-Type: application/json" -d '${announcement}' "${url}/v1/events/trigger/broadcast"`);
    console.log(`Try: curl -H "Authorization: ApiKey ${service.apiKey}" "${url}/v1/subscribers/${subscribers[0] ?? ''}/notifications/feed?limit=2"`);
  }
}

void main(process.argv.slice(2));
