/** The reference service's in-memory records. Wire shapes are projected from these. */
import type { AvatarSpec } from './avatars';
import type {
  Actor,
  CallToAction,
  Channel,
  FeedSubscriber,
  Integration,
  MessageStatus,
  PreferenceChannels,
  Severity,
  Subscriber,
} from '../client/schemas/index';

export interface StoredStep {
  _id: string;
  name: string;
  channel: Channel;
  active: boolean;
}

/** How a workflow's in-app step renders a message. Strings may hold `{{payload.x}}` and `{{subscriber.x}}`. */
export interface InAppTemplate {
  subject?: string;
  content: string;
  actor: { type: Actor['type']; data: string | null };
  cta?: CallToAction;
  /** The step's `data` for the app (v2's `notification.data`); values may hold variables. */
  data?: Record<string, string>;
}

export interface StoredWorkflow {
  _id: string;
  /** The trigger identifier (what `broadcast({ name })` names). */
  identifier: string;
  name: string;
  description: string;
  active: boolean;
  critical: boolean;
  tags: string[];
  /** v2's severity, copied to each message sent. */
  severity?: Severity;
  steps: StoredStep[];
  /** Defaults set on the template. */
  preferenceSettings: PreferenceChannels;
  /** Channels the organization set for this workflow: subscribers cannot change them (source `workflowOverride`). */
  locked?: Channel[];
  inApp: InAppTemplate | undefined;
  updatedAt: string;
}

export interface StoredSubscriber extends Subscriber {
  _id: string;
  /** What the subscriber chose: global channels and per-workflow channels (by workflow `_id`). */
  preferences: { global: PreferenceChannels; workflows: Record<string, PreferenceChannels> };
}

export interface StoredMessage {
  _id: string;
  _templateId: string;
  _messageTemplateId: string;
  _notificationId: string;
  _jobId: string;
  /** Internal `_id` of the receiving subscriber. */
  _subscriberId: string;
  transactionId: string;
  templateIdentifier: string;
  content: string;
  subject: string | undefined;
  channel: Channel;
  read: boolean;
  seen: boolean;
  /** `null` once a v2 change cleared it (v2 answers it as `readAt: null`). */
  lastReadDate: string | null | undefined;
  lastSeenDate: string | undefined;
  firstSeenDate?: string | undefined;
  archived?: boolean;
  archivedAt?: string | null | undefined;
  /** Hidden until then; when it passes, the message comes back unread with a new `createdAt`. */
  snoozedUntil?: string | null | undefined;
  /**
   * The wake-ups scheduled by each snooze, soonest first. Each is the service's delayed job: when it
   * comes, a message still snoozed wakes, whichever snooze scheduled it; an unsnooze cancels one.
   */
  wakeUps?: string[];
  /** When it was delivered: at creation, and again each time a snooze ends. */
  deliveredAt?: string[];
  severity?: Severity;
  data?: Record<string, unknown>;
  /** The contexts it was sent in (`"type:id"`); none by default. */
  contextKeys?: string[];
  createdAt: string;
  updatedAt: string;
  actor: Actor;
  /** Who the notification is from, shown as the feed item's `subscriber`. */
  actorSubscriber: FeedSubscriber | undefined;
  cta: CallToAction;
  status: MessageStatus;
  payload: Record<string, unknown>;
  overrides: Record<string, unknown>;
  tags: string[];
}

export interface StoredTenant {
  identifier: string;
  name: string;
  data: Record<string, unknown>;
}

export interface ServiceData {
  environmentId: string;
  organizationId: string;
  subscribers: StoredSubscriber[];
  workflows: StoredWorkflow[];
  integrations: Integration[];
  messages: StoredMessage[];
  tenants: StoredTenant[];
  /** Names and labels of the avatars served under `/avatars/`. */
  avatars: Record<string, AvatarSpec>;
}
