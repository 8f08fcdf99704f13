/**
 * Props tables: where docgen's type summary is only the kind of type it found (`union` for
 * `'popover' | 'embedded'`), the type as written, when that fits on a line. Names that docgen
 * expanded (a union or intersection imported from another file) are given by the stories
 * (stories/type-summary.ts); the static docs test fails on any bare kind left.
 */
import type { Preview } from '@storybook/react-vite';

type ArgTypesEnhancer = NonNullable<Preview['argTypesEnhancers']>[number];

const KINDS = new Set(['union', 'intersection']);
const ONE_LINE = 60;

export const writtenTypeSummaries: ArgTypesEnhancer = ({ argTypes }) =>
  Object.fromEntries(
    Object.entries(argTypes).map(([name, argType]) => {
      const table = argType.table;
      const raw = (argType.type as { raw?: unknown } | undefined)?.raw;
      const summary = table?.type?.summary;
      if (!table?.type || !summary || !KINDS.has(summary) || typeof raw !== 'string') return [name, argType];
      const written = raw.replace(/\s+/g, ' ').replace(/^\| /, '').trim();
      if (written.length > ONE_LINE) return [name, argType];
      return [name, { ...argType, table: { ...table, type: { ...table.type, summary: written } } }];
    }),
  );
