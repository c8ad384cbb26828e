/**
 * activity.list: every transaction the wallet signed and sent, newest first, with its status
 * and, off the sandbox, an explorer link.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import { activityView, type ActivityStore } from '../activity/activity-store';

/** Handlers of the `activity.*` methods. */
export function createActivityHandlers(activity: ActivityStore): HandlerGroup<'activity.list'> {
  return {
    'activity.list': async () => (await activity.list()).map(activityView),
  };
}
