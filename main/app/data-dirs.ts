/**
 * Data folders. The app keeps Electron's userData folder (`<appData>/Swapdesk`); the web
 * preview keeps a sibling (`<appData>/Swapdesk-preview`) so it never reads or writes the app's
 * accounts, whatever the keychain service.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The app's folder name under the platform's application-data folder. */
export const APP_DIR_NAME = 'Swapdesk';

/** The platform's application-data folder, as Electron's app.getPath('appData') defines it. */
export function appDataRoot(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (platform === 'win32') return env.APPDATA ?? join(homedir(), 'AppData', 'Roaming');
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
}

/** Default data folder of the web preview. */
export function previewDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  return join(appDataRoot(env, platform), `${APP_DIR_NAME}-preview`);
}
