export { createReferenceService } from './service';
export type { FaultOptions, OneShotFault, ReferenceService, ReferenceServiceOptions, RequestLogEntry, ServiceMode } from './service';
export { createSeedData, SEEDED_SUBSCRIBER_IDS, UNNAMED_SUBSCRIBER_ID } from './fixtures';
export type { SeedOptions } from './fixtures';
export type { ServiceData, StoredMessage, StoredSubscriber, StoredWorkflow } from './model';
export type { SocketFrame } from './realtime';
export { createRandom } from './random';
export type { Random } from './random';
