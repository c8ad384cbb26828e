/**
 * app.info: the version, the network the app is on and which shell runs it.
 */
import type { AppInfo, NetworkInfo } from '../../preload/api-types';
import type { HandlerGroup } from '../bridge/handler-types';

/** Handlers of the `app.*` methods. */
export function createAppHandlers(options: {
  version: string;
  network: () => NetworkInfo;
  shell: AppInfo['shell'];
  lockState: () => Promise<AppInfo['lock']>;
}): HandlerGroup<'app.info'> {
  return {
    'app.info': async () => ({
      version: options.version,
      network: options.network(),
      shell: options.shell,
      lock: await options.lockState(),
    }),
  };
}
