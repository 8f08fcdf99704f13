/** What every route of the reference service shares: its records, its mode, ids and clock. */
import type { Result } from '../http-util';
import type { ServiceData, StoredSubscriber } from '../model';

/**
 * `deployed`: as the deployed service answers (the default). `spec`: as the spec reads literally
 * (bare bodies, `pageSize` = items returned, `totalCount` = the true total, 404 for an unknown
 * subscriber, 200 for set-primary and broadcast).
 */
export type ServiceMode = 'deployed' | 'spec';

export interface ServiceState {
  readonly data: ServiceData;
  readonly mode: ServiceMode;
  /** Mark-as returns messages of other subscribers when their ids are sent, as the deployed service does. */
  readonly leakForeignMessages: boolean;
  /** Whether `PATCH .../preferences` is accepted. */
  readonly preferenceUpdates: boolean;
  /** Transaction ids of broadcasts already delivered. */
  readonly transactions: Set<string>;
  /** The clock as an ISO timestamp. */
  now(): string;
  /** The clock in ms. */
  clock(): number;
  /** The longest snooze the service's plan allows, in ms. */
  readonly maxSnoozeMs: number;
  /** A new id shaped like the service's ObjectIds (24 hex digits). */
  newId(): string;
}

export interface RouteContext {
  request: Request;
  url: URL;
  /** Origin and mount prefix, for URLs the service hands out (avatars). */
  base: string;
  params: string[];
  body: unknown;
}

export interface Route {
  method: string;
  pattern: RegExp;
  run(ctx: RouteContext): Result | Promise<Result>;
}

/** A subscriber the service knows (not deleted), by its `subscriberId`. */
export function findSubscriber(state: ServiceState, subscriberId: string): StoredSubscriber | undefined {
  return state.data.subscribers.find((s) => s.subscriberId === subscriberId && !s.deleted);
}
