/**
 * app.info: the version, the network the app is on and which shell runs it; app.start: that and
 * the account list in one answer, the first screen's one bridge call (issue 26).
 */
import type { AccountsState, AppInfo, NetworkInfo } from '../../preload/api-types';
import type { HandlerGroup } from '../bridge/handler-types';
import { allowed } from '../lock/gate';

/** Handlers of the `app.*` methods. */
export function createAppHandlers(options: {
  version: string;
  network: () => NetworkInfo;
  shell: AppInfo['shell'];
  lockState: () => Promise<AppInfo['lock']>;
  /** What accounts.list answers (the vault's public list). */
  accounts: () => Promise<AccountsState>;
}): HandlerGroup<'app.info' | 'app.start'> {
  const info = async (): Promise<AppInfo> => ({
    version: options.version,
    network: options.network(),
    shell: options.shell,
    lock: await options.lockState(),
  });
  return {
    'app.info': info,
    // The accounts only where accounts.list itself would answer: the gate's own rule, applied to
    // the lock state this answer reports, so the two halves never disagree.
    'app.start': async () => {
      const app = await info();
      return {
        info: app,
        accounts: allowed('accounts.list', app.lock) ? await options.accounts() : null,
      };
    },
  };
}
