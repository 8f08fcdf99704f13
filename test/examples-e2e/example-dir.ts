/** Where an example under test is: the copy scripts/examples/run.sh made outside the repository, else examples/<name>. */
import { join, resolve } from 'node:path';

export function exampleDir(name: string): string {
  const copies = process.env.INBOX_EXAMPLES_DIR;
  return copies ? join(copies, name) : resolve(import.meta.dirname, '../../examples', name);
}
