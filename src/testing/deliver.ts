/** Rendering a workflow's in-app template into a stored message: shared by the seed and by broadcast. */
import type { CallToAction, FeedSubscriber, MessageStatus } from '../client/schemas/index';
import type { StoredMessage, StoredSubscriber, StoredWorkflow } from './model';

/** Replaces `{{payload.a.b}}` and `{{subscriber.firstName}}`; unknown variables render as empty text. */
export function renderTemplate(template: string, context: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    let value: unknown = context;
    for (const key of path.split('.')) {
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    return value === undefined || value === null || typeof value === 'object' ? '' : String(value);
  });
}

export interface DeliveryInput {
  workflow: StoredWorkflow;
  subscriber: StoredSubscriber;
  payload: Record<string, unknown>;
  overrides?: Record<string, unknown>;
  transactionId: string;
  createdAt: string;
  actor?: FeedSubscriber | undefined;
  ids: { message: string; notification: string; job: string; messageTemplate: string };
  read?: boolean;
  seen?: boolean;
  status?: MessageStatus;
  /** Button action state for message-action CTAs. */
  action?: { status: 'pending' | 'done'; resultType?: 'primary' | 'secondary' };
}

export function deliverInApp(input: DeliveryInput): StoredMessage {
  const { workflow, subscriber, payload, actor } = input;
  const template = workflow.inApp;
  if (!template) throw new Error(`workflow ${workflow.identifier} has no in-app template`);
  const context = { payload, subscriber, actor: actor ?? {} };
  const render = (text: string) => renderTemplate(text, context);

  let actorData = template.actor.data === null ? null : render(template.actor.data);
  if (template.actor.type === 'user') actorData = actor?.avatar ?? actorData ?? null;

  const cta: CallToAction = {};
  if (template.cta?.type) cta.type = template.cta.type;
  if (template.cta?.data?.url !== undefined) cta.data = { url: render(template.cta.data.url) };
  if (template.cta?.action) {
    const action = input.action ?? { status: 'pending' as const };
    cta.action = {
      status: action.status,
      buttons: (template.cta.action.buttons ?? []).map((button) => ({ ...button })),
      ...(action.status === 'done' && action.resultType ? { result: { type: action.resultType, payload: {} } } : {}),
    };
  }

  const read = input.read ?? false;
  const seen = read || (input.seen ?? false);
  return {
    _id: input.ids.message,
    _templateId: workflow._id,
    _messageTemplateId: input.ids.messageTemplate,
    _notificationId: input.ids.notification,
    _jobId: input.ids.job,
    _subscriberId: subscriber._id,
    transactionId: input.transactionId,
    templateIdentifier: workflow.identifier,
    content: render(template.content),
    subject: template.subject === undefined ? undefined : render(template.subject),
    channel: 'in_app',
    read,
    seen,
    lastReadDate: read ? input.createdAt : undefined,
    lastSeenDate: seen ? input.createdAt : undefined,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
    actor: { type: template.actor.type, data: template.actor.type === 'none' ? null : actorData },
    actorSubscriber: actor,
    cta,
    status: input.status ?? 'sent',
    payload,
    overrides: input.overrides ?? {},
    tags: [...workflow.tags],
    archived: false,
    deliveredAt: [input.createdAt],
    ...(workflow.severity ? { severity: workflow.severity } : {}),
    ...(template.data ? { data: Object.fromEntries(Object.entries(template.data).map(([key, value]) => [key, render(value)])) } : {}),
  };
}
