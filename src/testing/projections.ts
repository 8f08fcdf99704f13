/**
 * The wire shapes the reference service answers with, projected from its records as the deployed
 * service serialises them: feed items are documents with virtuals (`id`, the recipient in
 * `subscriber`, the sender in `actorSubscriber`), message answers are plain records without them.
 */
import { CHANNELS, type Channel, type PreferenceChannels, type PreferenceOverride, type Preferences } from '../client/schemas/index';
import type { StoredMessage, StoredSubscriber, StoredWorkflow } from './model';
import type { ServiceState } from './routes/context';
import { workflowSlug } from './slug';

/** In-app messages expire a year after they are created (the deployed service's default retention). */
const IN_APP_RETENTION_MS = 365 * 86_400_000;

function resolveUrl(value: string | null | undefined, base: string): string | null | undefined {
  return typeof value === 'string' && value.startsWith('/avatars/') ? `${base}${value}` : value;
}

/** The fields of the message record itself, as stored. */
function record(state: ServiceState, m: StoredMessage) {
  return {
    _id: m._id,
    _templateId: m._templateId,
    _environmentId: state.data.environmentId,
    _messageTemplateId: m._messageTemplateId,
    _organizationId: state.data.organizationId,
    _notificationId: m._notificationId,
    _subscriberId: m._subscriberId,
    _feedId: null,
    _jobId: m._jobId,
    ...(m.actorSubscriber?._id ? { _actorId: m.actorSubscriber._id } : {}),
    templateIdentifier: m.templateIdentifier,
    transactionId: m.transactionId,
    providerId: 'novu',
    channel: m.channel,
    content: m.content,
    ...(m.subject !== undefined ? { subject: m.subject } : {}),
    cta: structuredClone(m.cta),
    payload: structuredClone(m.payload),
    overrides: structuredClone(m.overrides),
    tags: [...m.tags],
    deviceTokens: [],
    seen: m.seen,
    read: m.read,
    archived: m.archived ?? false,
    ...(m.snoozedUntil ? { snoozedUntil: m.snoozedUntil } : {}),
    status: m.status,
    ...(m.lastSeenDate ? { lastSeenDate: m.lastSeenDate } : {}),
    ...(m.lastReadDate ? { lastReadDate: m.lastReadDate } : {}),
    actor: { type: m.actor.type, data: m.actor.data },
    expireAt: new Date(Date.parse(m.createdAt) + IN_APP_RETENTION_MS).toISOString(),
    deleted: false,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    __v: 0,
  };
}

/** A populated subscriber as the feed selects it: `_id firstName lastName avatar subscriberId`, plus the `id` virtual. */
function populated(person: { _id?: string | undefined; subscriberId?: string | undefined; firstName?: string | null | undefined; lastName?: string | null | undefined; avatar?: string | null | undefined }, base: string) {
  return {
    ...(person._id !== undefined ? { _id: person._id } : {}),
    ...(person.firstName !== undefined ? { firstName: person.firstName } : {}),
    ...(person.lastName !== undefined ? { lastName: person.lastName } : {}),
    ...(person.avatar !== undefined ? { avatar: resolveUrl(person.avatar, base) ?? null } : {}),
    subscriberId: person.subscriberId,
    ...(person._id !== undefined ? { id: person._id } : {}),
  };
}

/** A feed item: the recipient in `subscriber`, the sender populated in `actorSubscriber` (null when none). */
export function toFeedItem(state: ServiceState, m: StoredMessage, base: string): Record<string, unknown> {
  const recipient = state.data.subscribers.find((s) => s._id === m._subscriberId);
  const sender = m.actorSubscriber;
  const item = record(state, m);
  // The deployed feed replaces a user actor's data with the sender's avatar.
  const actorData = m.actor.type === 'user' && sender ? (resolveUrl(sender.avatar, base) ?? null) : (resolveUrl(m.actor.data, base) ?? null);
  return {
    ...item,
    actor: { type: m.actor.type, data: actorData },
    subscriber: recipient ? populated(recipient, base) : null,
    actorSubscriber: sender ? populated(sender, base) : null,
    template: { _id: m._templateId, tags: [...m.tags], id: m._templateId },
    id: m._id,
  };
}

/** A message as mark-as answers it: the plain record, no virtuals, nothing populated. */
export function toMessage(state: ServiceState, m: StoredMessage): Record<string, unknown> {
  return { ...record(state, m), deliveredAt: [m.createdAt] };
}

/** A message as the message-action route answers it: the record with its `id` virtual, nothing populated. */
export function toMessageWithId(state: ServiceState, m: StoredMessage): Record<string, unknown> {
  return { ...toMessage(state, m), id: m._id };
}

/** Which channels a workflow can deliver on: those of its active steps. */
export function activeChannels(workflow: StoredWorkflow): Channel[] {
  return CHANNELS.filter((channel) => workflow.steps.some((step) => step.active && step.channel === channel));
}

/**
 * One channel of one workflow for one subscriber: whether it is on, and the layer that set it.
 * The most specific layer wins, as in the deployed service's preference merge:
 * a channel the organization locked for the workflow (`workflowOverride`: the template's value, whatever
 * the subscriber chose) > the subscriber's choice for this workflow > the subscriber's global choice
 * (both `subscriber`) > the template's default (`template`) > on.
 * The preferences read-out and delivery both ask this, so what the subscriber sees is what is delivered.
 */
export function channelPreference(subscriber: StoredSubscriber, workflow: StoredWorkflow, channel: Channel): { enabled: boolean; source: PreferenceOverride['source'] } {
  const template = workflow.preferenceSettings[channel] ?? true;
  if (workflow.locked?.includes(channel)) return { enabled: template, source: 'workflowOverride' };
  const chosen = subscriber.preferences.workflows[workflow._id]?.[channel] ?? subscriber.preferences.global[channel];
  return chosen === undefined ? { enabled: template, source: 'template' } : { enabled: chosen, source: 'subscriber' };
}

/** Whether the subscriber's preferences let this workflow reach them on this channel (critical workflows ignore them). */
export function allows(subscriber: StoredSubscriber, workflow: StoredWorkflow, channel: Channel): boolean {
  return workflow.critical || channelPreference(subscriber, workflow, channel).enabled;
}

/**
 * A subscriber's preferences. Critical workflows are left out, and on the deployed service
 * inactive ones too (its query asks for active workflows only); the spec form lists them.
 */
export function preferencesOf(state: ServiceState, subscriber: StoredSubscriber): Preferences {
  const globalChannels: PreferenceChannels = {};
  for (const channel of CHANNELS) globalChannels[channel] = subscriber.preferences.global[channel] ?? true;
  return {
    global: { enabled: true, channels: globalChannels },
    workflows: state.data.workflows
      .filter((workflow) => !workflow.critical && (workflow.active || state.mode === 'spec'))
      .map((workflow) => {
        const channels: PreferenceChannels = {};
        const overrides: PreferenceOverride[] = [];
        for (const channel of activeChannels(workflow)) {
          const { enabled, source } = channelPreference(subscriber, workflow, channel);
          channels[channel] = enabled;
          overrides.push({ channel, source });
        }
        return {
          enabled: true,
          channels,
          overrides,
          workflow: {
            slug: workflowSlug(workflow),
            identifier: workflow.identifier,
            name: workflow.name,
            updatedAt: workflow.updatedAt,
          },
        };
      }),
  };
}
