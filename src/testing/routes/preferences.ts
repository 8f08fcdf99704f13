/** `GET` and `PATCH /v2/subscribers/{subscriberId}/preferences`. */
import { CHANNELS, type PreferenceChannels } from '../../client/schemas/index';
import { HttpError, isPlainObject } from '../http-util';
import type { StoredWorkflow } from '../model';
import { preferencesOf } from '../projections';
import { idOfSlug, isObjectId } from '../slug';
import { findSubscriber, type Route, type ServiceState } from './context';

export function preferenceRoutes(state: ServiceState): Route[] {
  /** The deployed service takes a workflow's `_id` or slug; the spec form takes its identifier too. */
  function workflowFor(workflowId: string): StoredWorkflow {
    const id = isObjectId(workflowId) ? workflowId : idOfSlug(workflowId);
    if (id === undefined && state.mode === 'deployed') throw new HttpError(400, ['workflowId must be a mongodb id']);
    const workflow = id === undefined ? state.data.workflows.find((w) => w.identifier === workflowId) : state.data.workflows.find((w) => w._id === id);
    if (!workflow) throw new HttpError(404, `Workflow with id: ${workflowId} is not found`);
    return workflow;
  }

  function subscriberFor(subscriberId: string) {
    const subscriber = findSubscriber(state, subscriberId);
    if (!subscriber) throw new HttpError(404, `Subscriber with id: ${subscriberId} not found`);
    return subscriber;
  }

  return [
    {
      method: 'GET',
      pattern: /^(.*)\/v2\/subscribers\/([^/]+)\/preferences$/,
      run({ params }) {
        return { status: 200, body: preferencesOf(state, subscriberFor(params[0] ?? '')) };
      },
    },
    {
      method: 'PATCH',
      pattern: /^(.*)\/v2\/subscribers\/([^/]+)\/preferences$/,
      run({ params, body }) {
        const subscriber = subscriberFor(params[0] ?? '');
        if (!state.preferenceUpdates) throw new HttpError(403, 'Preferences are managed by your organization and cannot be changed here');
        if (!isPlainObject(body)) throw new HttpError(400, ['body must be an object with `channels` and optional `workflowId`']);
        const { channels, workflowId } = body;
        const problems: string[] = [];
        if (!isPlainObject(channels)) problems.push('channels must be an object');
        else {
          for (const [channel, value] of Object.entries(channels)) {
            if (!(CHANNELS as readonly string[]).includes(channel)) problems.push(`channels.${channel} is not a channel (${CHANNELS.join(', ')})`);
            else if (typeof value !== 'boolean') problems.push(`channels.${channel} must be a boolean value`);
          }
        }
        if (workflowId !== undefined && (typeof workflowId !== 'string' || workflowId === '')) problems.push('workflowId must be a non-empty string');
        if (problems.length > 0 || !isPlainObject(channels)) throw new HttpError(400, problems);
        const changes = channels as PreferenceChannels;
        if (typeof workflowId === 'string') {
          const workflow = workflowFor(workflowId);
          if (workflow.critical) throw new HttpError(400, `Critical workflow with id: ${workflowId} can not be updated`);
          const locked = Object.keys(changes).filter((channel) => workflow.locked?.some((c) => c === channel));
          if (locked.length > 0) {
            throw new HttpError(400, `Channel ${locked.join(', ')} of workflow "${workflow.identifier}" is set by your organization and cannot be changed`);
          }
          subscriber.preferences.workflows[workflow._id] = { ...subscriber.preferences.workflows[workflow._id], ...changes };
        } else {
          subscriber.preferences.global = { ...subscriber.preferences.global, ...changes };
        }
        subscriber.updatedAt = state.now();
        return { status: 200, body: preferencesOf(state, subscriber) };
      },
    },
  ];
}
