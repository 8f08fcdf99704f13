/**
 * `POST /v1/events/trigger/broadcast`: an event for every subscriber. The deployed service
 * acknowledges any workflow that exists with 201 `processed`, even one that is inactive or has no
 * steps (it then delivers nothing); the spec form answers 200 and says why it did not deliver.
 */
import { HttpError, isPlainObject, type Result } from '../http-util';
import type { StoredMessage, StoredSubscriber } from '../model';
import { allows } from '../projections';
import { deliverInApp } from '../deliver';
import { upsertSubscriber, type Route, type ServiceState } from './context';

interface BroadcastBody {
  name: string;
  payload: Record<string, unknown>;
  overrides: Record<string, unknown> | undefined;
  transactionId: string | undefined;
  actor?: unknown;
  tenant?: unknown;
}

export function broadcastRoutes(state: ServiceState): Route[] {
  function feedSubscriberOf(subscriber: StoredSubscriber): NonNullable<StoredMessage['actorSubscriber']> {
    return {
      _id: subscriber._id,
      subscriberId: subscriber.subscriberId,
      firstName: subscriber.firstName ?? null,
      lastName: subscriber.lastName ?? null,
      avatar: subscriber.avatar ?? null,
    };
  }

  function broadcast(body: BroadcastBody): Result {
    const data = state.data;
    const workflow = data.workflows.find((w) => w.identifier === body.name);
    if (!workflow) throw new HttpError(422, 'workflow_not_found');
    const transactionId = body.transactionId ?? crypto.randomUUID();
    const deployed = state.mode === 'deployed';
    const answer = (status: string, error?: string[]): Result => ({
      status: deployed ? 201 : 200,
      // The deployed broadcast discards why a workflow could not run: it always says `processed`.
      body: { acknowledged: true, status: deployed && status !== 'error' ? 'processed' : status, ...(error && !deployed ? { error } : {}), transactionId },
    });
    if (state.transactions.has(transactionId)) {
      return answer('error', [`transactionId "${transactionId}" was already used: the event was not delivered again`]);
    }
    if (typeof body.tenant === 'string' && !data.tenants.some((t) => t.identifier === body.tenant)) {
      return answer('no_tenant_found', [`Tenant "${body.tenant}" was not found`]);
    }
    if (!workflow.active) return answer('trigger_not_active');
    if (workflow.steps.length === 0) return answer('no_workflow_steps_defined');
    if (!workflow.steps.some((step) => step.active)) return answer('no_workflow_active_steps_defined');

    // Recipients are the subscribers that exist before this event (a new actor is not one of them).
    const recipients = data.subscribers.filter((s) => !s.deleted);
    let actor: StoredMessage['actorSubscriber'];
    if (typeof body.actor === 'string') {
      const found = data.subscribers.find((s) => s.subscriberId === body.actor);
      if (!found) return answer('invalid_recipients', [`actor "${body.actor}" is not a subscriber; pass an actor object to create one`]);
      actor = feedSubscriberOf(found);
    } else if (isPlainObject(body.actor)) {
      if (typeof body.actor.subscriberId !== 'string' || body.actor.subscriberId === '') {
        throw new HttpError(400, ['actor.subscriberId should not be empty']);
      }
      actor = feedSubscriberOf(upsertSubscriber(state, body.actor));
    }
    const tenant = body.tenant;
    if (isPlainObject(tenant) && typeof tenant.identifier === 'string' && !data.tenants.some((t) => t.identifier === tenant.identifier)) {
      data.tenants.push({ identifier: tenant.identifier, name: typeof tenant.name === 'string' ? tenant.name : tenant.identifier, data: isPlainObject(tenant.data) ? tenant.data : {} });
    }

    state.transactions.add(transactionId);
    const inApp = workflow.steps.some((step) => step.active && step.channel === 'in_app') && workflow.inApp;
    if (inApp) {
      const createdAt = state.now();
      for (const subscriber of recipients) {
        if (!allows(subscriber, workflow, 'in_app')) continue;
        data.messages.push(
          deliverInApp({
            workflow,
            subscriber,
            payload: structuredClone(body.payload),
            overrides: structuredClone(body.overrides ?? {}),
            transactionId,
            createdAt,
            actor,
            ids: { message: state.newId(), notification: state.newId(), job: state.newId(), messageTemplate: state.newId() },
          }),
        );
      }
    }
    return answer('processed');
  }

  return [
    {
      method: 'POST',
      pattern: /^(.*)\/v1\/events\/trigger\/broadcast$/,
      run({ body }) {
        if (!isPlainObject(body)) throw new HttpError(400, ['name should not be empty', 'payload must be an object']);
        const problems: string[] = [];
        if (typeof body.name !== 'string' || body.name.trim() === '') problems.push('name should not be empty');
        if (!isPlainObject(body.payload)) problems.push('payload must be an object');
        if (body.overrides !== undefined && !isPlainObject(body.overrides)) problems.push('overrides must be an object');
        if (body.transactionId !== undefined && (typeof body.transactionId !== 'string' || body.transactionId === '')) {
          problems.push('transactionId must be a non-empty string');
        }
        if (problems.length > 0 || typeof body.name !== 'string' || !isPlainObject(body.payload)) throw new HttpError(400, problems);
        return broadcast({
          name: body.name,
          payload: body.payload,
          overrides: isPlainObject(body.overrides) ? body.overrides : undefined,
          transactionId: typeof body.transactionId === 'string' ? body.transactionId : undefined,
          actor: body.actor,
          tenant: body.tenant,
        });
      },
    },
  ];
}
