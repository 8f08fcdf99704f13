/** The keys of each action, as `aria-keyshortcuts` says them and the feed's handler hears them. */
export const SHORTCUTS = { archive: 'E', snooze: 'S', delete: 'Delete Shift+3', read: 'U' } as const;
