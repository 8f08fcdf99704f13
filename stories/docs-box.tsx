import type { ReactNode } from 'react';

/** The most an embedded inbox takes of a docs page: a card's worth, about five notifications. */
export const DOCS_BOX_HEIGHT = 520;

/**
 * On a docs page, an embedded inbox goes in a box of at most DOCS_BOX_HEIGHT: it fills the box and
 * scrolls inside it, as in a dashboard card, instead of growing with the docs page to screens of
 * notifications (and loading more as the reader scrolls past it). A short one (empty, error)
 * stays as short as it is. In a story's own canvas it is as the story says.
 */
export function DocsBox({ docs, children }: { docs: boolean; children: ReactNode }) {
  if (!docs) return children;
  return <div style={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, maxHeight: DOCS_BOX_HEIGHT }}>{children}</div>;
}
