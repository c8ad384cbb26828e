/**
 * Set-up of the swap, activity and settings component tests: the shared set-up (test/setup.ts)
 * plus a reset of the stores those screens add, so tests never see each other's quotes,
 * reviews or settings.
 */
import './setup';
import { afterEach } from 'vitest';
import { initialActivityState, useActivityStore } from '../stores/activity-store';
import { initialSettingsState, useSettingsStore } from '../stores/settings-store';
import { useSwapReviewStore } from '../stores/swap-review-store';
import { initialSwapState, useSwapStore } from '../stores/swap-store';
import { initialTokensState, useTokensStore } from '../stores/tokens-store';

afterEach(() => {
  useSwapStore.getState().cancelScheduled();
  useSwapStore.setState(initialSwapState);
  useSwapReviewStore.getState().reset();
  useTokensStore.setState(initialTokensState);
  useActivityStore.setState(initialActivityState);
  useSettingsStore.setState(initialSettingsState);
});
