/** The feed's rows, read from its element: for the focus that moves between them and comes back to them. */

/** The keys that move focus between notifications, and which way. */
export const STEPS: Partial<Record<string, number>> = { PageDown: 1, ArrowDown: 1, PageUp: -1, ArrowUp: -1 };

/** The rows of the feed in `element`, in order. */
export const rowsOf = (element: Element) => [...element.querySelectorAll<HTMLElement>('[data-inbox-slot="feed-row"]')];

/** Where focus goes in a feed row: a notification's main link or button, else the custom row itself, else its first control. */
export function focusTarget(row: Element): HTMLElement | null {
  return (
    row.querySelector<HTMLElement>('[data-inbox-slot="item-main"]') ??
    row.querySelector<HTMLElement>('[data-inbox-slot="custom-row"][role="article"]') ??
    row.querySelector<HTMLElement>('a[href], button')
  );
}
