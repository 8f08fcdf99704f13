/**
 * A menu (the WAI-ARIA menu pattern) of a `MenuTrigger`. The list is a native popover, in the page's
 * top layer: a scrolling feed or the inbox's popover never clips it, a click outside closes it, and
 * it is placed against its button once, when it opens. Arrow keys, Home and End move between the
 * items; Escape closes it and focus returns to the button.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useIsomorphicLayoutEffect } from '../shared/use-isomorphic-layout-effect';
import type { OpenMenu } from '../shared/MenuTrigger';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Shown at the end of the item, e.g. its keyboard shortcut or the time a snooze ends. */
  hint?: string | undefined;
  /** Its keyboard shortcut, for `aria-keyshortcuts`. */
  keys?: string | undefined;
  danger?: boolean | undefined;
  /** It changes what the menu shows (a submenu's items, a form) instead of closing it. */
  stays?: boolean | undefined;
}

const GAP = 4;

/** A browser without the Popover API (Safari before 17, a test DOM) shows the menu in place, fixed. */
const NATIVE = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/** Items as menu items: `close` first, so focus is back on the button before the action moves it. */
export function MenuItems({ items, close }: { items: readonly MenuItem[]; close: () => void }) {
  return items.map((item) => (
    <button
      key={item.label}
      type="button"
      role="menuitem"
      tabIndex={-1}
      data-inbox-slot="menu-item"
      data-danger={item.danger ? '' : undefined}
      aria-keyshortcuts={item.keys}
      onClick={(event) => {
        if (!item.stays) return void (close(), item.onSelect());
        const menu = event.currentTarget.parentElement;
        item.onSelect();
        requestAnimationFrame(() => menu?.querySelector<HTMLElement>('[role="menuitem"], input')?.focus());
      }}
    >
      <span>{item.label}</span>
      {item.hint && <span data-inbox-slot="menu-hint">{item.hint}</span>}
    </button>
  ));
}

/**
 * The open menu of a `MenuTrigger`: shown in the top layer and placed against its trigger; `role`
 * is `dialog` while it shows a form rather than items (the snooze picker's own time).
 */
export function MenuPopover({ menu: { id, anchor, label, close }, role = 'menu', children }: { menu: OpenMenu; role?: 'menu' | 'dialog'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);

  useIsomorphicLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    list.showPopover?.();
    const box = anchor.getBoundingClientRect();
    const style = list.style;
    // Below the button, or above it where there is more room there; its end edge on the button's.
    const above = box.top > window.innerHeight - box.bottom;
    style.top = above ? '' : `${box.bottom + GAP}px`;
    style.bottom = above ? `${window.innerHeight - box.top + GAP}px` : '';
    const rtl = getComputedStyle(anchor).direction === 'rtl';
    style.left = rtl ? `${Math.max(GAP, box.left)}px` : '';
    style.right = rtl ? '' : `${Math.max(GAP, window.innerWidth - box.right)}px`;
    list.querySelector<HTMLElement>('[role="menuitem"], input')?.focus();
    // Light dismiss (a click outside, Escape) closes the native popover: the state follows.
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'closed') close(false);
    };
    list.addEventListener('toggle', onToggle);
    return () => {
      list.removeEventListener('toggle', onToggle);
      if (list.isConnected) list.hidePopover?.();
    };
  }, [anchor, close]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
    // Escape closes this menu only, not the inbox's popover around it.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab' && role === 'menu') {
      // A menu is left with Tab; the snooze picker's form is moved through with it.
      close(false);
    } else if (move !== undefined && items.length > 0 && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      items[(move + items.length) % items.length]?.focus();
    }
  };

  return (
    <div ref={ref} id={id} popover={NATIVE ? 'auto' : undefined} role={role} aria-label={label} data-inbox-slot="menu" onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
