/**
 * settings.get, settings.setNetwork and settings.setApiKey over the settings service. The API
 * key goes into the keychain and is never answered back.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { SettingsService } from '../settings/settings-service';

export type SettingsMethod = 'settings.get' | 'settings.setNetwork' | 'settings.setApiKey';

/** Handlers of the `settings.*` methods. */
export function createSettingsHandlers(settings: SettingsService): HandlerGroup<SettingsMethod> {
  return {
    'settings.get': async () => settings.view(),
    'settings.setNetwork': async (request) => settings.setNetwork(request),
    'settings.setApiKey': async ({ apiKey, network }) => settings.setApiKey(apiKey, network),
  };
}
