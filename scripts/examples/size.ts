/**
 * What inbox-kit adds to a host's page, for each example as scripts/examples/run.sh installed and
 * built it: every JS and CSS file Chromium loads for the example's page from its production
 * server (until none has started loading for a moment), gzipped file by file, minus the same for
 * a page of the same host without the kit. That page is the baseline app
 * (scripts/examples/baseline/<example>/), built here inside the example's installed copy with the
 * example's own config and node_modules: same framework, version, bundler and settings. What
 * differs is the kit, what it brings (zod, @tanstack/react-query, its CSS) and the example's own
 * code around it (its header's rules, a payload schema: well under a kilobyte). Where the example's
 * page is its scaffold's (Next.js, React Router), the baseline takes that page and stylesheet from
 * examples/scaffolds/<example> (`fromScaffold`).
 * Fails past the budget, or when a page it measures does not load the kit.
 *
 *   npx tsx scripts/examples/size.ts [--rebuild] [--files] [example...] [-- build args]
 *     --rebuild  build the example again too, with the build args (`nextjs --rebuild -- --webpack`)
 *     --files    list every file measured
 *
 * The examples are in $INBOX_EXAMPLES_DIR, as run.sh sets it. Hosts: scripts/examples/size-hosts.ts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../test/e2e/chromium';
import { hosts, type Host } from './size-hosts';

/**
 * What the kit may add to a page, in gzip bytes (kB as size-limit counts them: 1000 bytes): 50 kB,
 * the 3 kB issue 26 allowed for archive, snooze and delete (Turbopack keeps more of the kit's
 * modules than esbuild does: Next.js's page grew by 5.5 kB where size-limit's by 2.9), and the 1 kB
 * issue 27 allowed the first load for real time (whose own chunks a page without it never loads).
 */
const BUDGET = 54_000;
/** A string of the kit's components: a page whose scripts lack it did not load the kit. */
const KIT_MARKER = 'data-inbox-slot';

interface Measured {
  files: { path: string; gzip: number }[];
  total: number;
  hasKit: boolean;
}

const argv = process.argv.slice(2);
const dash = argv.includes('--') ? argv.indexOf('--') : argv.length;
const buildArgs = argv.slice(dash + 1);
const options = argv.slice(0, dash);
const rebuild = options.includes('--rebuild');
const listFiles = options.includes('--files');
const names = options.filter((option) => !option.startsWith('--'));
const work = process.env.INBOX_EXAMPLES_DIR ?? join(process.env.TMPDIR ?? '/tmp', 'inbox-kit-examples');
const templates = resolve(import.meta.dirname, 'baseline');
const scaffolds = resolve(import.meta.dirname, '../../examples/scaffolds');
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function run(command: string[], cwd: string): number {
  const started = Date.now();
  const [program = '', ...args] = command;
  const result = spawnSync(program, args, { cwd, encoding: 'utf8', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}\n${result.stderr}\n`);
    throw new Error(`${command.join(' ')} failed in ${cwd}`);
  }
  return (Date.now() - started) / 1000;
}

/** How long no script or stylesheet may start loading before a page counts as loaded. */
const QUIET_MS = 1_500;
const isAsset = (type: string) => type === 'script' || type === 'stylesheet';

/**
 * The scripts and stylesheets Chromium fetches for `url`, each gzipped as it would be served:
 * until the document has loaded and then no such file has started loading for QUIET_MS (a
 * streamed page's client components load their chunks after the HTML ends).
 */
async function measure(browser: Browser, url: string): Promise<Measured> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = new Map<string, number>();
  const failures: string[] = [];
  const pending: Promise<void>[] = [];
  let hasKit = false;
  let lastStarted = Date.now();
  page.on('request', (request) => {
    if (isAsset(request.resourceType())) lastStarted = Date.now();
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!isAsset(type) || response.status() >= 300) return;
    const path = new URL(response.url()).pathname;
    pending.push(
      response.body().then(
        (body) => {
          files.set(path, gzipSync(body, { level: 9 }).length);
          if (type === 'script' && body.includes(KIT_MARKER)) hasKit = true;
        },
        (error: unknown) => void failures.push(`${path}: ${String(error)}`),
      ),
    );
  });
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${String(response?.status())}`);
    for (const deadline = Date.now() + 30_000; Date.now() - lastStarted < QUIET_MS; ) {
      if (Date.now() > deadline) throw new Error(`${url} kept loading scripts for 30 s`);
      await page.waitForTimeout(250);
    }
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  if (failures.length > 0) throw new Error(`Could not read what ${url} loaded:\n${failures.join('\n')}`);
  if (files.size === 0) throw new Error(`${url} loaded no script or stylesheet`);
  const list = [...files].map(([path, gzip]) => ({ path, gzip })).sort((a, b) => b.gzip - a.gzip);
  return { files: list, total: list.reduce((sum, { gzip }) => sum + gzip, 0), hasKit };
}

function printFiles(label: string, measured: Measured) {
  console.log(`${label}:`);
  for (const { path, gzip } of measured.files) console.log(`  ${kB(gzip).padStart(9)}  ${path}`);
}

const rows: string[][] = [];
const problems: string[] = [];

async function measureHost(browser: Browser, name: string, host: Host) {
  const dir = join(work, name);
  const baselineDir = join(dir, 'size-baseline');
  rmSync(baselineDir, { recursive: true, force: true });
  if (rebuild) run([...host.build(dir), ...buildArgs], dir);
  cpSync(join(templates, name), baselineDir, { recursive: true });
  // The scaffold's own page and stylesheet, so what the scaffold loads (Tailwind, next/image) is not counted as the kit's.
  for (const path of host.fromScaffold ?? []) cpSync(join(scaffolds, name, path), join(baselineDir, path), { recursive: true });
  for (const [path, content] of Object.entries(host.write ?? {})) writeFileSync(join(baselineDir, path), content);
  const seconds = run([...host.build(dir), ...buildArgs], baselineDir);
  const started = await Promise.allSettled([host.serve(dir, dir, false), host.serve(baselineDir, dir, true)]);
  const [example, baseline] = started.map((result) => (result.status === 'fulfilled' ? result.value : undefined));
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed || !example || !baseline) throw failed?.reason;
    const bundler = host.bundler(dir, dir);
    if (host.bundler(baselineDir, dir) !== bundler) problems.push(`${name}: the baseline was built by ${host.bundler(baselineDir, dir)}, the example by ${bundler}`);
    const without = await measure(browser, baseline.url + host.baselinePage);
    if (without.hasKit) problems.push(`${name}: the baseline page loads the kit`);
    for (const page of host.pages) {
      const withKit = await measure(browser, example.url + page);
      const added = withKit.total - without.total;
      rows.push([name, bundler, page, kB(withKit.total), kB(without.total), kB(added)]);
      if (!withKit.hasKit) problems.push(`${name} ${page}: the page does not load the kit (no "${KIT_MARKER}" in its scripts)`);
      if (added > BUDGET) problems.push(`${name} ${page}: the kit adds ${kB(added)}, over the ${kB(BUDGET)} budget`);
      if (listFiles || added > BUDGET) printFiles(`${name} ${page}`, withKit);
    }
    if (listFiles || problems.length > 0) printFiles(`${name} baseline ${host.baselinePage}`, without);
  } finally {
    await Promise.all([example?.stop(), baseline?.stop()]);
  }
  console.log(`(${name}: baseline built in ${seconds.toFixed(0)} s)`);
}

function printTable() {
  const header = ['example', 'built by', 'page', 'page JS+CSS', 'without kit', 'kit adds'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, column) => (column >= 3 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0))).join('  ');
  console.log(`\nWhat inbox-kit adds to a page (gzip -9 per file, JS and CSS; budget ${kB(BUDGET)})`);
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  rows.forEach((row) => console.log(line(row)));
}

const browser = await launchChromium();
try {
  for (const name of names.length > 0 ? names : Object.keys(hosts)) {
    const host = hosts[name];
    if (!host) {
      problems.push(`${name}: no host in scripts/examples/size-hosts.ts (its first lines say how to add one)`);
      continue;
    }
    // One host failing to build or serve still lets the others be measured.
    await measureHost(browser, name, host).catch((error: unknown) => {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
} finally {
  await browser.close();
}
printTable();
if (problems.length > 0) {
  console.error(`\n${problems.join('\n')}`);
  process.exitCode = 1;
}
