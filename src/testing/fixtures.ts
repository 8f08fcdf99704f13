/**
 * Deterministic, realistic seed data for the reference service: the same seed
 * gives the same subscribers, workflows, integrations and messages (times are
 * relative to `now`).
 */
import type { FeedSubscriber, Integration } from '../client/schemas/index';
import { colorFor, initialsOf } from './avatars';
import { deliverInApp } from './deliver';
import type { ServiceData, StoredMessage, StoredSubscriber, StoredWorkflow } from './model';
import { createRandom, type Random } from './random';

export interface SeedOptions {
  /** Seed of the generator. Default 1. */
  seed?: number;
  /** Feed messages per subscriber. Default 60. Up to 10 000 for benchmarks. */
  messages?: number;
  /** The time the feed is relative to, in ms. Default `Date.now()`. */
  now?: number;
}

export const ENVIRONMENT_ID = '64f0c0ffee0000000000e001';
export const ORGANIZATION_ID = '64f0c0ffee0000000000a001';

interface Person {
  subscriberId: string;
  firstName: string;
  lastName: string;
  /** Avatar slug served under `/avatars/` (`broken`: a damaged file no browser can draw), or none. */
  avatar?: { slug: string; broken?: boolean };
  locale?: string;
  email?: string;
}

/** The subscribers whose feeds are seeded. The first is the demo's signed-in user. */
const SUBSCRIBERS: Person[] = [
  { subscriberId: 'sub_ada', firstName: 'Ada', lastName: 'Lovelace', avatar: { slug: 'ada' }, locale: 'en-GB', email: 'ada@example.com' },
  { subscriberId: 'sub_grace', firstName: 'Grace', lastName: 'Hopper', avatar: { slug: 'grace' }, locale: 'en-US', email: 'grace@example.com' },
  { subscriberId: 'sub_yuki', firstName: '由紀', lastName: '山田', avatar: { slug: 'yuki' }, locale: 'ja-JP', email: 'yuki@example.jp' },
  { subscriberId: 'sub_layla', firstName: 'ليلى', lastName: 'حداد', locale: 'ar', email: 'layla@example.com' },
  { subscriberId: 'sub_sipho', firstName: 'Sipho', lastName: 'Dlamini', avatar: { slug: 'sipho' }, locale: 'en-ZA' },
  { subscriberId: 'sub_zoe', firstName: 'Zoë', lastName: 'Müller-Lüdenscheidt', locale: 'de-DE', email: 'zoe@example.de' },
];

/** People who act in notifications (commenters, inviters). */
const ACTORS: Person[] = [
  { subscriberId: 'user_marcus', firstName: 'Marcus', lastName: 'Chen', avatar: { slug: 'marcus' } },
  { subscriberId: 'user_priya', firstName: 'Priya', lastName: 'Raman', avatar: { slug: 'priya' } },
  { subscriberId: 'user_olu', firstName: 'Olúwaseun', lastName: 'Adébáyọ̀', avatar: { slug: 'olu', broken: true } },
  { subscriberId: 'user_hanako', firstName: '花子', lastName: '佐藤', avatar: { slug: 'hanako' } },
  { subscriberId: 'user_omar', firstName: 'عمر', lastName: 'الفاروق', avatar: { slug: 'omar' } },
  { subscriberId: 'user_jose', firstName: 'José', lastName: 'Álvarez' },
];

const DOCUMENTS = [
  { id: 'doc-roadmap', title: 'Q3 roadmap' },
  { id: 'doc-pricing', title: 'Pricing page copy' },
  { id: 'doc-onboarding', title: 'Onboarding checklist' },
  { id: 'doc-report', title: '四半期レポート' },
  { id: 'doc-brief', title: 'موجز الحملة' },
  { id: 'doc-incident', title: 'Incident 2291 post-mortem' },
];

const EXCERPTS = [
  'Looks good to me, ship it!',
  'Can we move the launch to Thursday?',
  'I left two small suggestions inline.',
  '素晴らしい分析です。来週のミーティングで話し合いましょう。',
  'أحسنت! لنناقش التفاصيل في اجتماع الغد.',
  'Ça me va, on en reparle demain 👍',
  'Нужно уточнить сроки у команды дизайна.',
  '🎉🎉 Congrats on the release!',
];

const LONG_EXCERPT =
  'I went through the whole draft again this morning and I think the structure works, but the middle section ' +
  'repeats the argument from the introduction almost word for word, and the numbers in the second table do not ' +
  'match the ones in the appendix (the appendix still has last quarter’s figures). Could you also add a short ' +
  'summary at the top for people who will only read the first paragraph? After that I am happy for it to go out ' +
  'to the wider team, and we can collect the rest of the feedback in the review meeting on Friday afternoon.';

const HOSTILE_EXCERPT = '<img src=x onerror=alert(1)><script>alert("xss")</script> **not markdown** &amp; not HTML';

const PROJECTS = ['web-app', 'billing-api', 'marketing-site', 'mobile'];

function workflowsFor(rnd: Random): StoredWorkflow[] {
  const id = () => rnd.hex(24);
  const step = (channel: StoredWorkflow['steps'][number]['channel'], active = true) => ({
    _id: id(),
    name: `${channel} step`,
    channel,
    active,
  });
  const base = { description: '', active: true, critical: false, updatedAt: '2026-09-01T09:00:00.000Z' };
  return [
    {
      ...base,
      _id: id(),
      identifier: 'comment-reply',
      name: 'Comment replies',
      description: 'Someone replied to your comment',
      tags: ['collaboration'],
      steps: [step('in_app'), step('email')],
      preferenceSettings: { in_app: true, email: true },
      inApp: {
        content: '{{payload.actorName}} replied to your comment on “{{payload.documentTitle}}”: {{payload.excerpt}}',
        actor: { type: 'user', data: null },
        cta: { type: 'redirect', data: { url: '/docs/{{payload.documentId}}#comment-{{payload.commentId}}' } },
        data: { category: 'collaboration' },
      },
    },
    {
      ...base,
      _id: id(),
      identifier: 'mention',
      name: 'Mentions',
      description: 'Someone mentioned you',
      tags: ['collaboration'],
      steps: [step('in_app'), step('email'), step('push')],
      preferenceSettings: { in_app: true, email: true, push: false },
      inApp: {
        subject: '{{payload.actorName}} mentioned you',
        content: '“{{payload.excerpt}}” in {{payload.documentTitle}}',
        actor: { type: 'user', data: null },
        cta: { type: 'redirect', data: { url: '{{payload.url}}' } },
        data: { category: 'collaboration' },
      },
    },
    {
      ...base,
      _id: id(),
      identifier: 'workspace-invite',
      name: 'Workspace invitations',
      description: 'Invitations to join a workspace',
      tags: ['collaboration'],
      steps: [step('in_app'), step('email')],
      preferenceSettings: { in_app: true, email: true },
      inApp: {
        subject: 'Join {{payload.workspace}}',
        content: '{{payload.actorName}} invited you to the {{payload.workspace}} workspace.',
        actor: { type: 'user', data: null },
        cta: {
          action: {
            buttons: [
              { type: 'primary', content: 'Accept', resultContent: 'Invitation accepted' },
              { type: 'secondary', content: 'Decline', resultContent: 'Invitation declined' },
            ],
          },
        },
        data: { category: 'collaboration' },
      },
    },
    {
      ...base,
      _id: id(),
      identifier: 'invoice-paid',
      name: 'Billing',
      description: 'Invoices and payments',
      tags: ['billing'],
      steps: [step('in_app'), step('email'), step('sms')],
      preferenceSettings: { in_app: true, email: true, sms: false },
      // Receipts by email are required: the organization locked that channel.
      locked: ['email'],
      inApp: {
        subject: 'Invoice {{payload.invoice}} paid',
        content: 'We received your payment of {{payload.amount}}. Thank you!',
        actor: { type: 'system_icon', data: 'success' },
        cta: { type: 'redirect', data: { url: '/billing/invoices/{{payload.invoice}}' } },
        data: { category: 'billing', invoice: '{{payload.invoice}}', amount: '{{payload.amount}}' },
      },
    },
    {
      ...base,
      _id: id(),
      identifier: 'security-alert',
      name: 'Security alerts',
      description: 'Sign-ins and security changes',
      critical: true,
      tags: ['security'],
      severity: 'high',
      steps: [step('in_app'), step('email'), step('sms')],
      preferenceSettings: { in_app: true, email: true, sms: true },
      inApp: {
        subject: 'New sign-in from {{payload.device}}',
        content: 'Someone signed in to your account from {{payload.device}} in {{payload.location}}. If this was not you, reset your password.',
        actor: { type: 'system_icon', data: 'warning' },
        cta: { type: 'redirect', data: { url: '/settings/security' } },
        data: { category: 'security' },
      },
    },
    {
      ...base,
      _id: id(),
      identifier: 'deploy-status',
      name: 'Deployments',
      description: 'Build and deploy results',
      tags: ['deploys'],
      severity: 'medium',
      steps: [step('in_app'), step('chat'), step('push')],
      preferenceSettings: { in_app: true, chat: true, push: false },
      inApp: {
        subject: 'Deploy of {{payload.project}} {{payload.result}}',
        content: '{{payload.project}} at {{payload.commit}} {{payload.result}} in {{payload.duration}}.',
        actor: { type: 'system_custom', data: '/avatars/deploy-bot.svg' },
        cta: { type: 'redirect', data: { url: '/deploys/{{payload.project}}/{{payload.commit}}' } },
        data: { category: 'deploys', project: '{{payload.project}}', result: '{{payload.result}}' },
      },
    },
    {
      ...base,
      _id: id(),
      identifier: 'product-announcement',
      name: 'Product news',
      description: 'Announcements from the product team',
      tags: ['product'],
      steps: [step('in_app'), step('email')],
      preferenceSettings: { in_app: true, email: false },
      inApp: {
        subject: '{{payload.title}}',
        content: '{{payload.body}}',
        actor: { type: 'none', data: null },
        cta: { type: 'redirect', data: { url: '{{payload.url}}' } },
        data: { category: 'product' },
      },
    },
    {
      ...base,
      _id: id(),
      identifier: 'weekly-digest',
      name: 'Weekly digest',
      description: 'A summary every Monday (paused)',
      active: false,
      tags: ['digest'],
      steps: [step('email')],
      preferenceSettings: { email: true },
      inApp: undefined,
    },
    {
      ...base,
      _id: id(),
      identifier: 'onboarding-tips',
      name: 'Onboarding tips',
      description: 'Draft workflow without steps',
      tags: ['onboarding'],
      steps: [],
      preferenceSettings: {},
      inApp: undefined,
    },
    {
      ...base,
      _id: id(),
      identifier: 'trial-reminder',
      name: 'Trial reminders',
      description: 'All steps switched off',
      tags: ['billing'],
      steps: [step('in_app', false), step('email', false)],
      preferenceSettings: { in_app: true, email: true },
      inApp: {
        content: 'Your trial ends in {{payload.days}} days.',
        actor: { type: 'system_icon', data: 'info' },
        data: { category: 'billing' },
      },
    },
  ];
}

function integrationsFor(rnd: Random): Integration[] {
  const common = { _environmentId: ENVIRONMENT_ID, _organizationId: ORGANIZATION_ID, deleted: false, conditions: [] };
  const make = (
    name: string,
    identifier: string,
    providerId: string,
    channel: Integration['channel'],
    extra: Partial<Integration>,
  ): Integration => ({ ...common, _id: rnd.hex(24), name, identifier, providerId, channel, credentials: {}, active: true, primary: false, ...extra });
  return [
    make('Inbox', 'inbox-in-app', 'novu', 'in_app', { credentials: { hmac: false } }),
    make('SendGrid', 'sendgrid-main', 'sendgrid', 'email', { primary: true, credentials: { apiKey: 'SG.placeholder-not-a-real-key', from: 'no-reply@example.com', senderName: 'Acme' } }),
    make('Mailgun EU', 'mailgun-eu', 'mailgun', 'email', { credentials: { apiKey: 'placeholder', domain: 'mg.example.com', region: 'eu', from: 'no-reply@example.com' } }),
    make('Amazon SES (old)', 'ses-legacy', 'ses', 'email', { active: false, credentials: { region: 'us-east-1', from: 'no-reply@example.com' } }),
    make('Twilio', 'twilio-main', 'twilio', 'sms', { primary: true, credentials: { accountSid: 'ACplaceholder', token: 'placeholder', from: '+15550100' } }),
    // A tenant filter: the deployed service allows `on: 'tenant'` on integrations.
    make('Plivo', 'plivo-backup', 'plivo', 'sms', {
      credentials: { accountSid: 'placeholder', token: 'placeholder', from: '+15550101' },
      conditions: [{ isNegated: false, type: 'GROUP', value: 'AND', children: [{ field: 'identifier', value: 'acme', operator: 'EQUAL', on: 'tenant' }] }],
    }),
    make('Amazon SNS', 'sns-apac', 'sns', 'sms', {
      credentials: { region: 'ap-southeast-1' },
      conditions: [{ isNegated: false, type: 'GROUP', value: 'AND', children: [{ field: 'region', value: 'apac', operator: 'EQUAL', on: 'subscriber' }] }],
    }),
    make('Slack', 'slack-eng', 'slack', 'chat', { credentials: { applicationId: 'placeholder', clientId: 'placeholder' } }),
    make('Discord', 'discord-community', 'discord', 'chat', {}),
    make('Firebase Cloud Messaging', 'fcm-main', 'fcm', 'push', { credentials: { serviceAccount: '{}' } }),
    make('Apple Push', 'apns-main', 'apns', 'push', { credentials: { secretKey: 'placeholder', applicationId: 'com.example.app' } }),
  ];
}

function feedSubscriberOf(person: Person, rnd: Random): FeedSubscriber {
  return {
    _id: rnd.hex(24),
    subscriberId: person.subscriberId,
    firstName: person.firstName,
    lastName: person.lastName,
    ...(person.avatar ? { avatar: `/avatars/${person.avatar.slug}.svg` } : {}),
  };
}

export function createSeedData(options: SeedOptions = {}): ServiceData {
  const seed = options.seed ?? 1;
  const perSubscriber = options.messages ?? 60;
  if (!Number.isInteger(perSubscriber) || perSubscriber < 0 || perSubscriber > 100_000) {
    throw new RangeError(`messages must be a whole number from 0 to 100000, received ${String(perSubscriber)}`);
  }
  const now = options.now ?? Date.now();
  const rnd = createRandom(seed);
  const workflows = workflowsFor(rnd);
  const integrations = integrationsFor(rnd);
  const wf = (identifier: string) => {
    const found = workflows.find((w) => w.identifier === identifier);
    if (!found) throw new Error(identifier);
    return found;
  };

  const avatars: ServiceData['avatars'] = { 'deploy-bot': { label: 'Deploy bot', color: '#111827', picture: 'rocket' } };
  for (const person of [...SUBSCRIBERS, ...ACTORS]) {
    if (person.avatar) {
      const name = `${person.firstName} ${person.lastName}`;
      avatars[person.avatar.slug] = { label: initialsOf(name), color: colorFor(name), ...(person.avatar.broken && { damaged: true }) };
    }
  }

  const createdAt = new Date(now - 90 * 86_400_000).toISOString();
  const subscribers: StoredSubscriber[] = SUBSCRIBERS.map((person) => ({
    _id: rnd.hex(24),
    subscriberId: person.subscriberId,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email ?? null,
    phone: null,
    avatar: person.avatar ? `/avatars/${person.avatar.slug}.svg` : null,
    locale: person.locale ?? null,
    isOnline: false,
    data: null,
    timezone: null,
    _organizationId: ORGANIZATION_ID,
    _environmentId: ENVIRONMENT_ID,
    deleted: false,
    createdAt,
    updatedAt: createdAt,
    preferences: { global: {}, workflows: {} },
  }));
  // Choices some subscribers have made, so preferences show the `subscriber` layer.
  const [ada, grace] = subscribers;
  if (ada) ada.preferences.workflows[wf('mention')._id] = { email: false };
  if (grace) grace.preferences.workflows[wf('product-announcement')._id] = { in_app: false };

  const actors = ACTORS.map((person) => ({ person, feed: feedSubscriberOf(person, rnd) }));
  const messages: StoredMessage[] = [];
  for (const subscriber of subscribers) {
    for (let index = 0; index < perSubscriber; index++) {
      messages.push(seedMessage(index, perSubscriber, subscriber, now, rnd, wf, actors));
    }
  }
  // A subscriber created with no profile: the deployed service sends their names as `null`.
  // Its own generator, so adding it changed nothing else of the seed.
  const unnamedRnd = createRandom(seed * 7_919 + 13);
  const unnamed: StoredSubscriber = {
    ...(subscribers[0] as StoredSubscriber),
    _id: unnamedRnd.hex(24),
    subscriberId: UNNAMED_SUBSCRIBER_ID,
    firstName: null,
    lastName: null,
    email: null,
    avatar: null,
    locale: null,
    preferences: { global: {}, workflows: {} },
  };
  subscribers.push(unnamed);
  for (let index = 0; index < Math.min(perSubscriber, 12); index++) {
    messages.push(seedMessage(index, Math.min(perSubscriber, 12), unnamed, now, unnamedRnd, wf, actors));
  }

  return {
    environmentId: ENVIRONMENT_ID,
    organizationId: ORGANIZATION_ID,
    subscribers,
    workflows,
    integrations,
    messages,
    tenants: [{ identifier: 'acme', name: 'Acme Inc.', data: {} }],
    avatars,
  };
}

type Kind =
  | 'announcement'
  | 'reply'
  | 'invite-pending'
  | 'security'
  | 'deploy-failed'
  | 'reply-broken-avatar'
  | 'reply-long'
  | 'reply-japanese'
  | 'reply-arabic'
  | 'invite-done'
  | 'reply-hostile'
  | 'mention-mailto'
  | 'invoice'
  | 'deploy'
  | 'mention';

/** The first items of every feed cover each case once; the rest are a realistic mix. */
const FIXED_KINDS: Kind[] = [
  'announcement',
  'reply',
  'invite-pending',
  'security',
  'deploy-failed',
  'reply-broken-avatar',
  'reply-long',
  'reply-japanese',
  'reply-arabic',
  'invite-done',
  'reply-hostile',
  'mention-mailto',
  'invoice',
];
const MIXED_KINDS: Kind[] = ['reply', 'reply', 'reply', 'mention', 'mention', 'invoice', 'deploy', 'deploy', 'invite-pending', 'security', 'announcement'];

function seedMessage(
  index: number,
  total: number,
  subscriber: StoredSubscriber,
  now: number,
  rnd: Random,
  wf: (identifier: string) => StoredWorkflow,
  actors: { person: Person; feed: FeedSubscriber }[],
): StoredMessage {
  const kind = FIXED_KINDS[index] ?? rnd.pick(MIXED_KINDS);
  // Newest first: minutes ago for the first items, up to six weeks for the last.
  const spread = total > 1 ? index / (total - 1) : 0;
  const ageMs = (2 + index * 7) * 60_000 + spread * spread * 42 * 86_400_000 + rnd.int(60_000);
  const createdAt = new Date(now - ageMs).toISOString();
  const read = rnd.chance(Math.min(0.92, spread * 1.6));
  const seen = read || rnd.chance(index < 5 ? 0.2 : 0.5);

  const actorEntry =
    kind === 'reply-broken-avatar'
      ? actors.find((a) => a.person.avatar?.broken)
      : kind === 'reply-japanese'
        ? actors.find((a) => a.person.subscriberId === 'user_hanako')
        : kind === 'reply-arabic'
          ? actors.find((a) => a.person.subscriberId === 'user_omar')
          : rnd.pick(actors.filter((a) => !a.person.avatar?.broken));
  const actor = actorEntry?.feed;
  const actorName = actorEntry ? `${actorEntry.person.firstName} ${actorEntry.person.lastName}` : 'Someone';
  const doc = rnd.pick(DOCUMENTS);
  const common = { actorName, documentId: doc.id, documentTitle: doc.title };

  let workflow: StoredWorkflow;
  let payload: Record<string, unknown>;
  let status: StoredMessage['status'] = 'sent';
  let action: { status: 'pending' | 'done'; resultType?: 'primary' | 'secondary' } | undefined;
  let withActor = true;
  switch (kind) {
    case 'announcement':
      workflow = wf('product-announcement');
      payload = {
        category: 'product',
        title: rnd.pick(['Dark mode is here', 'New: scheduled reports', 'Faster search']),
        body: 'We shipped something you asked for. Read the release notes to see what changed.',
        url: 'https://example.com/changelog',
      };
      withActor = false;
      break;
    case 'invite-pending':
    case 'invite-done':
      workflow = wf('workspace-invite');
      payload = { category: 'collaboration', actorName, workspace: rnd.pick(['Design', 'Growth', 'Platform']) };
      action = kind === 'invite-done' ? { status: 'done', resultType: 'primary' } : { status: 'pending' };
      break;
    case 'security':
      workflow = wf('security-alert');
      payload = { category: 'security', device: rnd.pick(['Firefox on Linux', 'Safari on iPhone', 'Chrome on Windows']), location: rnd.pick(['Lisbon', 'Osaka', 'Nairobi']) };
      status = rnd.chance(0.5) ? 'warning' : 'sent';
      withActor = false;
      break;
    case 'deploy':
    case 'deploy-failed': {
      workflow = wf('deploy-status');
      const failed = kind === 'deploy-failed' || rnd.chance(0.2);
      payload = {
        category: 'deploys',
        project: rnd.pick(PROJECTS),
        commit: rnd.hex(7),
        result: failed ? 'failed' : 'succeeded',
        duration: `${1 + rnd.int(9)}m ${rnd.int(60)}s`,
      };
      status = failed ? 'error' : 'sent';
      withActor = false;
      break;
    }
    case 'invoice':
      workflow = wf('invoice-paid');
      payload = { category: 'billing', invoice: `INV-${2000 + rnd.int(8000)}`, amount: rnd.pick(['$49.00', '€120.00', '¥5,800', '$1,250.00']) };
      withActor = false;
      break;
    case 'mention':
    case 'mention-mailto':
      workflow = wf('mention');
      payload = {
        ...common,
        category: 'collaboration',
        excerpt: rnd.pick(EXCERPTS),
        url: kind === 'mention-mailto' ? `mailto:${actorEntry?.person.subscriberId ?? 'team'}@example.com` : `/docs/${doc.id}`,
      };
      break;
    default:
      workflow = wf('comment-reply');
      payload = {
        ...common,
        category: 'collaboration',
        commentId: rnd.hex(6),
        excerpt:
          kind === 'reply-long'
            ? LONG_EXCERPT
            : kind === 'reply-japanese'
              ? '素晴らしい分析です。来週のミーティングで話し合いましょう。'
              : kind === 'reply-arabic'
                ? 'أحسنت! لنناقش التفاصيل في اجتماع الغد.'
                : kind === 'reply-hostile'
                  ? HOSTILE_EXCERPT
                  : rnd.pick(EXCERPTS),
      };
      if (kind === 'reply-japanese') payload.documentTitle = '四半期レポート';
      if (kind === 'reply-arabic') payload.documentTitle = 'موجز الحملة';
  }

  const message = deliverInApp({
    workflow,
    subscriber,
    payload,
    transactionId: `txn_${rnd.hex(16)}`,
    createdAt,
    actor: withActor ? actor : undefined,
    ids: { message: rnd.hex(24), notification: rnd.hex(24), job: rnd.hex(24), messageTemplate: rnd.hex(24) },
    read,
    seen,
    status,
    action,
  });
  if (kind === 'reply-hostile') message.cta = { type: 'redirect', data: { url: 'javascript:alert(document.cookie)' } };
  return message;
}

/** A seeded subscriber whose `firstName` and `lastName` are `null`, as the deployed service sends them for a bare subscriber. */
export const UNNAMED_SUBSCRIBER_ID = 'sub_unnamed';

/** Subscriber ids of the seeded feeds, the demo user first. */
export const SEEDED_SUBSCRIBER_IDS = [...SUBSCRIBERS.map((person) => person.subscriberId), UNNAMED_SUBSCRIBER_ID];
