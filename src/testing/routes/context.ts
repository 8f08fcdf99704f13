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

/**
 * The subscriber `person.subscriberId` names (`known`: as the caller found it), created with the names
 * `person` gives when there is none, as the service creates one on its first trigger or session.
 */
export function upsertSubscriber(state: ServiceState, person: Record<string, unknown>, known = state.data.subscribers.find((s) => s.subscriberId === person.subscriberId)): StoredSubscriber {
  if (known) return known;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const at = state.now();
  const created: StoredSubscriber = {
    _id: state.newId(),
    subscriberId: String(person.subscriberId),
    firstName: text(person.firstName),
    lastName: text(person.lastName),
    email: text(person.email),
    avatar: text(person.avatar),
    _organizationId: state.data.organizationId,
    _environmentId: state.data.environmentId,
    deleted: false,
    createdAt: at,
    updatedAt: at,
    preferences: { global: {}, workflows: {} },
  };
  state.data.subscribers.push(created);
  return created;
}

/** A subscriber the service knows (not deleted), by its `subscriberId`. */
export function findSubscriber(state: ServiceState, subscriberId: string): StoredSubscriber | undefined {
  return state.data.subscribers.find((s) => s.subscriberId === subscriberId && !s.deleted);
}
