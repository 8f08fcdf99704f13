/**
 * What the service answered to the kit's changes: each answer is written into the table at its sequence
 * number and remembered as a move (the notification before and after it) with where it came from (a tab,
 * and the number of that tab's answers). A count asked before an answer is moved by it; a count or a read
 * another tab sent, by what it says it had not heard of (its acknowledgements). No clock anywhere.
 */
import type { Move } from './count-plan';
import type { Notification } from './matches';
import type { NotificationTable } from './notification-table';
import { overlaid, type Change } from './overlay';

/** What one notification's change sends; the service's answer, or nothing when it deleted it. */
export type Send = (id: string) => Promise<Notification | void>;

/**
 * One request for all of a change's notifications (seen, several read): it answers nothing of them, or (v1)
 * those it changed; one left out was not (unknown to it, or not this subscriber's) and keeps the table's row.
 */
export interface SendTogether {
  together: () => Promise<Notification[] | void>;
}

/** What a tab learnt the service now holds: notifications as it answered them, and those it deleted; `arrived`: delivered just now. */
export interface Answered {
  rows: Notification[];
  deleted: string[];
  arrived?: boolean | undefined;
}

/** Where an answered change came from: a tab, and the number of its answers so far. */
export interface Origin {
  from: string;
  n: number;
}

/** Of each tab, how many of its answered changes a count (or a read) includes. */
export type Acks = Record<string, number>;

/** Counts are asked again at every poll: one asked before the last few hundred changes is long replaced. */
const MOVES_KEPT = 500;

export function createAnswerLog(table: NotificationTable) {
  let log: { seq: number; id: string; move: Move; origin: Origin }[] = [];
  const tab = Math.random().toString(36).slice(2);
  const acks: Acks = { [tab]: 0 };
  const unacked = (origin: Origin, counted: Acks) => origin.n > (counted[origin.from] ?? 0);
  // `tab`, `after`, `changedSince` and `acks` are the store's (documented there).
  return {
    tab,
    /** The origin of this tab's next answer. */
    nextOrigin: (): Origin => ({ from: tab, n: (acks[tab] ?? 0) + 1 }),
    /** Writes what an answer holds into the table at `at` (deletions as `undefined`), remembering each move. */
    write(entries: readonly [string, Notification | undefined][], at: number, origin: Origin, arrived?: boolean): Answered {
      for (const [id, after] of entries) {
        const before = table.get(id);
        if (after) table.merge([after], at);
        else table.remove([id], at);
        log.push({ seq: at, id, move: [before, table.get(id), arrived], origin });
      }
      if (log.length > MOVES_KEPT) log = log.slice(-MOVES_KEPT);
      if (entries.length > 0) acks[origin.from] = Math.max(acks[origin.from] ?? 0, origin.n);
      return { rows: entries.flatMap(([, n]) => n ?? []), deleted: entries.flatMap(([id, n]) => (n ? [] : id)), arrived };
    },
    after: (seq: number, counted?: Acks): Move[] => log.filter((entry) => entry.seq > seq || (counted !== undefined && unacked(entry.origin, counted))).map((entry) => entry.move),
    changedSince: (id: string, counted: Acks): boolean => log.some((entry) => entry.id === id && unacked(entry.origin, counted)),
    acks: (): Acks => ({ ...acks }),
  };
}

/** A request that answered nothing of the notification but succeeded. */
const APPLIED = Symbol('applied');
/** A request whose answer lists what it changed, without this notification. */
const SKIPPED = Symbol('skipped');

type Answer = PromiseSettledResult<Notification | void | typeof APPLIED | typeof SKIPPED>;

/** Each notification's answer from one request's: its own row when the answer lists them, else applied. */
export function together(ids: readonly string[], answer: Notification[] | void): Answer[] {
  const listed = answer && new Map(answer.map((n) => [n.id, n]));
  return ids.map((id) => ({ status: 'fulfilled', value: listed ? (listed.get(id) ?? SKIPPED) : APPLIED }));
}

/** What a change can change of a notification: its state, not its content. */
const STATE = ['isRead', 'isSeen', 'isArchived', 'isSnoozed', 'snoozedUntil', 'readAt', 'firstSeenAt', 'archivedAt', 'primaryAction', 'secondaryAction'] as const;

/**
 * What a change's answers write, per notification: the state the service answered, over the row the table
 * holds (a v1 mark-as answers a leaner message, without the sender the feed gave); the whole answer for a row
 * the table does not hold. For one the answer said nothing of, the row the table holds, changed (none when it
 * does not hold it); nothing for one left out of an answer that lists what it changed, or refused.
 */
export function written(table: NotificationTable, ids: readonly string[], change: Change, answers: readonly Answer[]): [string, Notification | undefined][] {
  return ids.flatMap((id, index): [string, Notification | undefined][] => {
    const answer = answers[index];
    if (answer?.status !== 'fulfilled' || answer.value === SKIPPED) return [];
    const row = table.get(id);
    if (answer.value === APPLIED) return row ? [[id, overlaid(row, change)]] : [];
    const answered = answer.value;
    if (!answered || !row) return [[id, answered || undefined]];
    return [[id, { ...row, ...Object.fromEntries(STATE.flatMap((field) => (answered[field] !== undefined ? [[field, answered[field]]] : []))) }]];
  });
}
