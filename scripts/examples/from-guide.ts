/**
 * Each examples/<name> is its framework's scaffold (examples/scaffolds/<name>, as the scaffold
 * tool writes it) with its guide (docs/frameworks/<name>.md) followed verbatim: every block whose
 * marker line names a file of the example is applied to it.
 *   <!-- snippet: examples/<name>/<path> -->   the block is that whole file
 *   <!-- append: examples/<name>/<path> -->    the block is added at the end of the scaffold's file
 *   <!-- commands: examples/<name>/package.json -->  `npm i <packages>` and `npm pkg set <key>=<value>`
 * test/frameworks.test.ts fails when an example differs from this, so a guide cannot drift from
 * the example CI builds and drives (scripts/examples/run.sh).
 *
 *   npx tsx scripts/examples/from-guide.ts [name...]   writes examples/<name> (all four by default)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export const EXAMPLES = ['vite', 'nextjs', 'react-router', 'tanstack-start'];

/** The example's own files, not the app's: its README (which says what it is) and its .npmrc (no lockfile). */
export const OWN_FILES = ['README.md', '.npmrc'];

/** Where an example installs the kit from: the tarball scripts/examples/pack.sh makes. */
const TARBALL = 'file:../../.cache/pack/inbox-kit.tgz';

export interface GuideBlock {
  line: number;
  kind: 'snippet' | 'append' | 'commands';
  /** The file's path inside the example. */
  path: string;
  code: string;
}

/** The blocks of a guide that name a file of examples/<name>. */
export function guideBlocks(name: string): GuideBlock[] {
  const lines = readFileSync(join(root, `docs/frameworks/${name}.md`), 'utf8').split('\n');
  const blocks: GuideBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const marker = /^<!-- (snippet|append|commands): (\S+) -->$/.exec(lines[index]?.trim() ?? '');
    if (!marker) continue;
    let open = index + 1;
    while ((lines[open] ?? '').trim() === '') open++;
    if (!/^```\w*$/.test(lines[open] ?? '')) throw new Error(`docs/frameworks/${name}.md:${index + 1}: the marker is not followed by a code block`);
    const end = lines.findIndex((line, at) => at > open && line === '```');
    const prefix = `examples/${name}/`;
    const [, kind, target = ''] = marker;
    if (!target.startsWith(prefix)) throw new Error(`docs/frameworks/${name}.md:${index + 1}: ${target} is not a file of examples/${name}`);
    if (kind !== 'snippet' && kind !== 'append' && kind !== 'commands') continue;
    blocks.push({ line: open + 1, kind, path: target.slice(prefix.length), code: lines.slice(open + 1, end).join('\n') });
    index = end;
  }
  return blocks;
}

function filesOf(dir: string, base = dir): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) for (const [inner, content] of filesOf(path, base)) files.set(inner, content);
    else files.set(path.slice(base.length + 1), readFileSync(path));
  }
  return files;
}

interface PackageJson {
  dependencies?: Record<string, string>;
  [key: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The version `npm i` would record: the one this repository develops against (`^` its version), the kit from the tarball. */
function versionOf(pkg: string): string {
  if (pkg === 'inbox-kit') return TARBALL;
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const version = own.dependencies[pkg] ?? own.devDependencies[pkg];
  if (!version) throw new Error(`npm i ${pkg}: not a dependency of this repository, so its version is unknown`);
  return `^${version.replace(/^[\^~]/, '')}`;
}

/** Runs one line of a `commands` block on package.json, as npm would. */
function runCommand(pkg: PackageJson, command: string, where: string): void {
  const install = /^npm (?:i|install) (.+)$/.exec(command);
  if (install) {
    const dependencies: Record<string, string> = { ...pkg.dependencies };
    for (const name of (install[1] ?? '').split(/\s+/)) dependencies[name] = versionOf(name);
    pkg.dependencies = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)));
    return;
  }
  const set = /^npm pkg set ([\w.-]+)="(.*)"$/.exec(command);
  if (set) {
    const keys = (set[1] ?? '').split('.');
    const last = keys.pop() ?? '';
    let target: Record<string, unknown> = pkg;
    for (const key of keys) {
      const next = target[key];
      target = isRecord(next) ? next : (target[key] = {});
    }
    target[last] = set[2];
    return;
  }
  throw new Error(`${where}: "${command}" is neither \`npm i <packages>\` nor \`npm pkg set <key>="<value>"\``);
}

/** examples/<name> as its scaffold with its guide applied: each file's path and content. */
export function exampleFromGuide(name: string): Map<string, Buffer> {
  const files = filesOf(join(root, 'examples/scaffolds', name));
  for (const own of OWN_FILES) files.delete(own);
  for (const block of guideBlocks(name)) {
    const where = `docs/frameworks/${name}.md:${block.line}`;
    if (block.kind === 'snippet') files.set(block.path, Buffer.from(`${block.code}\n`));
    else if (block.kind === 'append') {
      const before = files.get(block.path);
      if (!before) throw new Error(`${where} appends to ${block.path}, which the scaffold does not have`);
      files.set(block.path, Buffer.from(`${before.toString('utf8').replace(/\n*$/, '\n\n')}${block.code}\n`));
    } else {
      const before = files.get(block.path);
      if (block.path !== 'package.json' || !before) throw new Error(`${where}: commands run on the scaffold's package.json`);
      const pkg = JSON.parse(before.toString('utf8')) as PackageJson;
      for (const command of block.code.split('\n').map((line) => line.trim()).filter(Boolean)) runCommand(pkg, command, where);
      files.set(block.path, Buffer.from(`${JSON.stringify(pkg, null, 2)}\n`));
    }
  }
  return files;
}

/** The files of examples/<name> as git sees them (tracked or not, as they are on disk, without what its .gitignore files ignore), but its own. */
export function exampleFiles(name: string): Map<string, Buffer> {
  const dir = join(root, 'examples', name);
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z', '.'], { cwd: dir, encoding: 'utf8' }).split('\0').filter(Boolean);
  return new Map(listed.filter((path) => !OWN_FILES.includes(path) && existsSync(join(dir, path))).map((path) => [path, readFileSync(join(dir, path))]));
}

if (process.argv[1] === import.meta.filename) {
  const names = process.argv.slice(2);
  for (const name of names.length > 0 ? names : EXAMPLES) {
    const dir = join(root, 'examples', name);
    const files = exampleFromGuide(name);
    for (const path of exampleFiles(name).keys()) if (!files.has(path)) rmSync(join(dir, path));
    for (const [path, content] of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    console.log(`examples/${name}: ${files.size} files, from examples/scaffolds/${name} and docs/frameworks/${name}.md`);
  }
}
