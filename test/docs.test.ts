/**
 * The README and the guides in docs/ show code that runs. Every fenced block names, in the comment
 * line above it, the file it comes from (`<!-- snippet: path -->`, or `path#region` for the lines
 * between `#region name` and `#endregion` comments), and must equal it (`<!-- append: path -->`: its
 * end, for a block the reader adds to a file they have). Each such file is one a
 * test runs: an example (built and driven in Chromium in CI by scripts/examples/run.sh) or a file a
 * test imports or reads. Shell blocks name the scripts they run. Every link resolves inside the
 * repository, anchors included.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function markdownFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const DOCS = ['README.md', 'SECURITY.md', ...markdownFiles('docs'), ...readdirSync(join(root, 'examples')).map((name) => `examples/${name}/README.md`).filter((path) => existsSync(join(root, path)))];

interface Block {
  file: string;
  line: number;
  lang: string;
  code: string;
  marker: string | undefined;
}

function blocksOf(file: string): Block[] {
  const lines = read(file).split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const indent = open[1] ?? '';
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```\s*$/.test(lines[i] ?? ''); i++) body.push((lines[i] ?? '').slice(indent.length));
    let previous = start - 1;
    while (previous >= 0 && (lines[previous] ?? '').trim() === '') previous--;
    const marker = /^\s*<!-- (snippet|append|commands): (.+?) -->\s*$/.exec(lines[previous] ?? '');
    blocks.push({ file, line: start + 1, lang: open[2] ?? '', code: body.join('\n'), marker: marker ? `${marker[1]}: ${marker[2]}` : undefined });
  }
  return blocks;
}

/** The lines between `#region name` and `#endregion` (in any comment syntax), without their common indent. */
function region(text: string, name: string, where: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => new RegExp(`#region ${name}(\\s|\\*/|-->|$)`).test(line));
  if (start < 0) throw new Error(`${where}: no #region ${name}`);
  const end = lines.findIndex((line, index) => index > start && /#endregion/.test(line));
  if (end < 0) throw new Error(`${where}: #region ${name} never ends`);
  const inside = lines.slice(start + 1, end);
  const indent = Math.min(...inside.filter((line) => line.trim()).map((line) => /^ */.exec(line)?.[0].length ?? 0));
  return inside.map((line) => line.slice(indent)).join('\n');
}

const snippet = (reference: string): { path: string; text: string } => {
  const [path = '', name] = reference.split('#');
  const whole = read(path);
  return { path, text: name ? region(whole, name, path) : whole.replace(/\n$/, '') };
};

/** Examples CI builds and drives (scripts/examples/run.sh's default list). */
const builtExamples = (/names=\((\w[^)"]*)\)/.exec(read('scripts/examples/run.sh'))?.[1] ?? '').split(/\s+/).filter(Boolean);

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' ? [] : testFiles(path);
    return /\.test(-d)?\.tsx?$/.test(name) ? [path] : [];
  });
}
const TESTS = [...testFiles('test'), ...testFiles('bench')].map((path) => ({ path, text: read(path) }));

/** Helpers and example modules under test/ that tests import. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(tsx?|js)$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) ? [path] : [];
  });
}
const SOURCES = sourceFiles('test').map((path) => ({ path, text: read(path) }));

/** Does `from` name `path` (imports or reads it)? */
function names(from: { path: string; text: string }, path: string): boolean {
  const relativePath = relative(dirname(from.path), path).replace(/\.(tsx?|js)$/, '');
  const bare = path.replace(/\.(tsx?|js)$/, '');
  return [`'${path}'`, `'./${relativePath}'`, `'${relativePath}'`, `'${bare}'`].some((form) => from.text.includes(form));
}

/** Run by a test: an example CI builds, a test file, or a file a test names, itself or through a module it runs. */
function runBy(path: string, seen = new Set<string>()): string | undefined {
  const example = /^examples\/([^/]+)\//.exec(path)?.[1];
  if (example && builtExamples.includes(example)) return 'scripts/examples/run.sh';
  if (TESTS.some((test) => test.path === path)) return path;
  const test = TESTS.find((candidate) => names(candidate, path));
  if (test) return test.path;
  seen.add(path);
  for (const source of SOURCES) if (!seen.has(source.path) && names(source, path) && runBy(source.path, seen)) return source.path;
  return undefined;
}

const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

describe.each(DOCS)('%s', (file) => {
  const blocks = blocksOf(file);

  // `text` blocks (a folder tree) are not code; `json` blocks show data, and must parse.
  it.each(blocks.filter((block) => block.lang === 'json').map((block) => [block.line, block] as const))('the JSON at line %i parses', (_, block) => {
    expect(() => JSON.parse(block.code)).not.toThrow();
  });

  it.each(blocks.filter((block) => block.marker?.startsWith('snippet:') || (!block.marker && block.lang !== 'text' && block.lang !== 'json')).map((block) => [block.line, block] as const))('the block at line %i is a file that a test runs, verbatim', (_, block) => {
    expect(block.marker, `${file}:${block.line} has no <!-- snippet: path --> line above it`).toBeDefined();
    const { path, text } = snippet((block.marker ?? '').replace(/^snippet: /, ''));
    expect(block.code, `${file}:${block.line} differs from ${path}`).toBe(text);
    expect(runBy(path), `${path} is not run by any test`).toBeDefined();
  });

  it.each(blocks.filter((block) => block.marker?.startsWith('append:')).map((block) => [block.line, block] as const))('the block at line %i ends a file that a test runs, verbatim', (_, block) => {
    const path = (block.marker ?? '').replace(/^append: /, '');
    expect(read(path).endsWith(`\n${block.code}\n`), `${file}:${block.line} is not the end of ${path}`).toBe(true);
    expect(runBy(path), `${path} is not run by any test`).toBeDefined();
  });

  it.each(blocks.filter((block) => block.marker?.startsWith('commands:')).map((block) => [block.line, block] as const))('the commands at line %i are scripts of package.json or of the example they name', (_, block) => {
    const where = (block.marker ?? '').replace(/^commands: /, '').trim();
    const own = where === 'package.json' ? scripts : Object.keys((JSON.parse(read(where)) as { scripts?: Record<string, string> }).scripts ?? {});
    const commands = block.code.split('\n').flatMap((line) => line.replace(/\s+#.*$/, '').split('&&')).map((part) => part.trim()).filter(Boolean);
    for (const command of commands) {
      // `npm pkg set scripts.start="node server.js"`: the script is then in package.json.
      const set = /^npm pkg set scripts\.([\w:-]+)="(.*)"$/.exec(command);
      if (set) {
        const own = (JSON.parse(read(where)) as { scripts?: Record<string, string> }).scripts ?? {};
        expect(own[set[1] ?? ''], `${file}:${block.line}: ${where} lacks the script "${set[1]}" the block sets`).toBe(set[2]);
        continue;
      }
      const run = /^(?:[A-Z_]+=\S+\s+)*npm (?:run (\S+)|(start|test)\b|(ci|i|install)\b)/.exec(command);
      expect(run, `${file}:${block.line}: "${command}" is not an npm command`).not.toBeNull();
      const name = run?.[1] ?? run?.[2];
      if (name) expect(own, `${file}:${block.line}: no script "${name}" in ${where}`).toContain(name);
      if (run?.[3] && command.split(/\s+/).length > 2) {
        const deps = JSON.parse(read(where)) as { dependencies?: Record<string, string> };
        for (const name of command.split(/\s+/).slice(2)) expect(Object.keys(deps.dependencies ?? {}), `${file}:${block.line}: ${name} is not a dependency of ${where}`).toContain(name);
      }
    }
  });

  it('links only to files and headings inside the repository', () => {
    const text = read(file);
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
    for (const link of links) {
      expect(link, `${file} links outside the repository`).not.toMatch(/^[a-z]+:/i);
      const [target = '', anchor] = link.split('#');
      const path = target ? join(dirname(file), target) : file;
      expect(existsSync(join(root, path)), `${file} links to ${link}, which does not exist`).toBe(true);
      if (anchor) expect(headingsOf(read(path)), `${file} links to ${link}: no such heading`).toContain(anchor);
    }
  });
});

/** GitHub's anchors: lower case, punctuation dropped, spaces as hyphens. */
function headingsOf(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
    (match[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-'),
  );
}

it('the README fits a few screens', () => {
  expect(read('README.md').split('\n').length).toBeLessThanOrEqual(260);
});

it('the README shows where each framework’s guide is before its first code, and links to it from the first', () => {
  const lines = read('README.md').split('\n');
  const table = lines.indexOf('## Frameworks');
  expect(table).toBeGreaterThan(-1);
  expect(table).toBeLessThan(lines.findIndex((line) => line.startsWith('```tsx')));
  expect(read('README.md')).toMatch(/\[Your framework's guide\]\(#frameworks\)/);
});
