/**
 * The v2 changes of one notification: `PATCH .../notifications/{id}/read|unread|archive|unarchive`,
 * `/snooze`, `/unsnooze`, `/actions/{primary|secondary}/complete|revert` (each answers the
 * notification as it now is) and `DELETE .../notifications/{id}` (204, for good).
 */
import { commandError, HttpError, isPlainObject, validationError } from '../http-util';
import { toInboxNotification } from '../inbox-notification';
import type { StoredMessage } from '../model';
import type { Route, RouteContext, ServiceState } from './context';
import { notificationIdOf, ownMessage, see, subscriberOr404, V2 } from './notification-common';

type Mark = 'read' | 'unread' | 'archive' | 'unarchive';

/** What each mark sets besides `seen`, as the service's status update does. */
function mark(message: StoredMessage, how: Mark, at: string): void {
  see(message, at);
  if (how === 'unread') {
    message.read = false;
    message.lastReadDate = null;
  } else {
    // Archiving and unarchiving also mark it read.
    message.read = true;
    message.lastReadDate = at;
  }
  if (how === 'archive') {
    message.archived = true;
    message.archivedAt = at;
  } else if (how !== 'read') {
    message.archived = false;
    message.archivedAt = null;
  }
}

export function notificationChangeRoutes(state: ServiceState): Route[] {
  /** The subscriber's message named in the path, after the command's id check. */
  const target = ({ params, url }: RouteContext, command: string) => {
    const id = notificationIdOf(command, params[1] ?? '');
    return ownMessage(state, subscriberOr404(state, params[0] ?? ''), id, url.searchParams.getAll('contextKeys'));
  };
  const answer = (ctx: RouteContext, message: StoredMessage) => ({ status: 200, body: toInboxNotification(state, message, ctx.base) });

  const marks: Route[] = (['read', 'unread', 'archive', 'unarchive'] as const).map((how) => ({
    method: 'PATCH',
    pattern: new RegExp(`${V2}/([^/]+)/${how}$`),
    run(ctx) {
      const message = target(ctx, 'MarkNotificationAsCommand');
      mark(message, how, state.now());
      return answer(ctx, message);
    },
  }));

  return [
    ...marks,
    {
      method: 'PATCH',
      pattern: new RegExp(`${V2}/([^/]+)/snooze$`),
      run(ctx) {
        const raw = isPlainObject(ctx.body) ? ctx.body.snoozeUntil : undefined;
        const until = typeof raw === 'string' || typeof raw === 'number' ? Date.parse(String(raw)) : NaN;
        if (Number.isNaN(until)) throw validationError(['snoozeUntil must be a Date instance']);
        if (until < state.clock() + 60_000) throw validationError(['Snooze time must be at least 60 seconds in the future']);
        const id = notificationIdOf('SnoozeNotificationCommand', ctx.params[1] ?? '');
        const subscriber = subscriberOr404(state, ctx.params[0] ?? '');
        if (until - state.clock() > state.maxSnoozeMs) {
          const reason = 'The snooze duration you selected exceeds your current plan limit. Please upgrade your plan for extended snooze durations.';
          throw new HttpError(402, 'Snooze Duration Limit Exceeded', undefined, { reason, ctx: { reason } });
        }
        // The service looks the notification up in the environment first, then changes the subscriber's own.
        const any = state.data.messages.find((m) => m._id === id && m.channel === 'in_app');
        if (!any) throw new HttpError(404, `Notification id: '${id}' not found`);
        if (any._subscriberId !== subscriber._id) throw new Error('Internal server error, contact support and provide them with the errorId');
        const at = state.now();
        see(any, at);
        const wake = new Date(until).toISOString();
        any.snoozedUntil = wake;
        any.wakeUps = [...(any.wakeUps ?? []), wake].sort();
        any.archived = false;
        any.archivedAt = null;
        return answer(ctx, any);
      },
    },
    {
      method: 'PATCH',
      pattern: new RegExp(`${V2}/([^/]+)/unsnooze$`),
      run(ctx) {
        const id = notificationIdOf('UnsnoozeNotificationCommand', ctx.params[1] ?? '');
        const subscriber = subscriberOr404(state, ctx.params[0] ?? '');
        // Found in the whole environment, as the service finds it; its wake-up is cancelled first,
        // then the subscriber's own update fails for another's (a 500, the transaction undone).
        const message = state.data.messages.find((m) => m._id === id && m.channel === 'in_app' && m.snoozedUntil);
        if (!message) throw new HttpError(404, `Could not find a snoozed notification with id '${id}'. The notification may not exist or may not be in a snoozed state.`);
        if (message._subscriberId !== subscriber._id) throw new Error('Internal server error, contact support and provide them with the errorId');
        message.wakeUps?.shift();
        see(message, state.now());
        message.snoozedUntil = null;
        message.archived = false;
        message.archivedAt = null;
        return answer(ctx, message);
      },
    },
    {
      method: 'PATCH',
      pattern: new RegExp(`${V2}/([^/]+)/actions/([^/]+)/(complete|revert)$`),
      run(ctx) {
        const [, , type = '', verb] = ctx.params;
        if (type !== 'primary' && type !== 'secondary') {
          throw commandError('UpdateNotificationActionCommand', 'actionType', 'actionType must be one of the following values: primary, secondary', type);
        }
        const message = target(ctx, 'UpdateNotificationActionCommand');
        const action = message.cta.action;
        if (!action?.buttons?.some((button) => button.type === type)) throw new HttpError(400, `Could not perform action on the ${type} button because it does not exist.`);
        const at = state.now();
        message.cta = { ...message.cta, action: { ...action, status: verb === 'complete' ? 'done' : 'pending', result: { ...action.result, type } } };
        // An unread notification becomes read (and seen), as a click reads it.
        if (!message.read) {
          message.read = true;
          message.lastReadDate = at;
          message.seen = true;
          message.lastSeenDate = at;
        }
        message.updatedAt = at;
        return answer(ctx, message);
      },
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`${V2}/([^/]+)$`),
      run(ctx) {
        const message = target(ctx, 'DeleteNotificationCommand');
        state.data.messages.splice(state.data.messages.indexOf(message), 1);
        return { status: 204, body: undefined };
      },
    },
  ];
}
