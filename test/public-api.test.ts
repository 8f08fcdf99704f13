/** The public entry points export exactly this: a change here is a change to the package's API. */
import { expect, it } from 'vitest';
import * as root from 'inbox-kit';
import * as admin from 'inbox-kit/admin';
import * as client from 'inbox-kit/client';
import * as server from 'inbox-kit/server';
import * as msw from 'inbox-kit/msw';
import * as testing from 'inbox-kit/testing';

it('inbox-kit/client', () => {
  expect(Object.keys(client).filter((name) => !name.endsWith('Schema') && name !== name.toUpperCase()).sort()).toEqual([
    'InboxAbortError',
    'InboxApiError',
    'InboxArgumentError',
    'InboxBrowserApiKeyError',
    'InboxError',
    'InboxNetworkError',
    'InboxTimeoutError',
    'InboxValidationError',
    'createInboxAdminClient',
    'createInboxClient',
    'encodePayloadFilter',
    'isInboxError',
    'partialMatch',
    'safeUrl',
    'senderOf',
  ]);
  expect(Object.keys(client).filter((name) => name === name.toUpperCase()).sort()).toEqual([
    'ACTOR_TYPES',
    'BROADCAST_STATUSES',
    'CHANNELS',
    'FIELD_OPERATORS',
    'MARK_AS_VALUES',
    'MESSAGE_STATUSES',
    'PREFERENCE_SOURCES',
    'SEVERITIES',
  ]);
  // One zod schema per record and enumeration of the spec, and the inbox's lighter form of a message.
  expect(Object.keys(client).filter((name) => name.endsWith('Schema')).sort()).toEqual([
    'actorSchema', 'actorSubscriberSchema', 'actorTypeSchema', 'broadcastResultSchema', 'broadcastStatusSchema', 'channelCredentialsSchema',
    'channelSchema', 'channelSettingsSchema', 'credentialsSchema', 'ctaSchema', 'emailBlockSchema', 'feedItemSchema',
    'feedPageSchema', 'feedSubscriberSchema', 'fieldFilterPartSchema', 'globalPreferenceSchema', 'inboxActionSchema', 'inboxNotificationSchema',
    'inboxRedirectSchema', 'inboxSubscriberSchema', 'integrationSchema',
    'markAsValueSchema', 'markedMessageSchema', 'messageActionResultSchema', 'messageActionSchema', 'messageButtonSchema', 'messageSchema',
    'messageStatusSchema', 'messagesSchema', 'notificationCountSchema', 'notificationCountsSchema', 'notificationGroupSchema', 'notificationWorkflowSchema',
    'notificationsPageSchema', 'preferenceChannelsSchema',
    'preferenceOverrideSchema', 'preferencesSchema', 'recordChannelSchema', 'stepFilterSchema', 'stepMetadataSchema', 'stepSchema',
    'subscriberSchema', 'timedConfigSchema', 'triggerSchema', 'workflowInfoSchema', 'workflowPreferenceSchema',
    'workflowSchema',
  ]);
  for (const name of Object.keys(client).filter((key) => key.endsWith('Schema'))) {
    const schema = client[name as keyof typeof client] as { '~standard'?: { vendor: string } };
    expect(schema['~standard']?.vendor, name).toBe('zod');
  }
});

it('inbox-kit (root): the React surface only (components, provider, hooks), not the client again', () => {
  expect(Object.keys(root).sort()).toEqual([
    'Inbox',
    'InboxProvider',
    'NotificationItem',
    'PreferencesPanel',
    'defaultLabels',
    'formatCount',
    'useArchive',
    'useBulkActions',
    'useCapabilities',
    'useCounts',
    'useDelete',
    'useDocumentTitleBadge',
    'useFeed',
    'useInboxClient',
    'useMarkAction',
    'useMarkAllAs',
    'useMarkAs',
    'usePreferences',
    'useSeenOnView',
    'useSnooze',
    'useUpdatePreference',
  ]);
});

it('inbox-kit/admin: the admin hooks beside the admin client', () => {
  expect(Object.keys(admin).sort()).toEqual(['createInboxAdminClient', 'useBroadcast', 'useSetPrimaryIntegration']);
  expect(admin.createInboxAdminClient).toBe(client.createInboxAdminClient);
});

it('inbox-kit/server', () => {
  expect(Object.keys(server).sort()).toEqual(['attachReferenceSocket', 'createInboxProxy', 'createMemoryRateLimitStore', 'createRedisRateLimitStore', 'prefetchInbox', 'slidingCount', 'startReferenceServer', 'toNodeListener']);
});

it('inbox-kit/testing', () => {
  expect(Object.keys(testing).sort()).toEqual(['SEEDED_SUBSCRIBER_IDS', 'UNNAMED_SUBSCRIBER_ID', 'createRandom', 'createReferenceService', 'createSeedData']);
});

it('inbox-kit/msw', () => {
  expect(Object.keys(msw).sort()).toEqual(['DEFAULT_MOCK_BASE_URL', 'createInboxHandlers']);
});
