/** Shared steps of the Pay screen component tests. */
import { initialPayState, usePayStore } from '../stores/pay-store';
import { usePayReviewStore } from '../stores/pay-review-store';

/** After a test: no scheduled plan, an empty form and no open review for the next one. */
export function resetPayStores(): void {
  usePayStore.getState().cancelScheduled();
  usePayStore.setState(initialPayState);
  usePayReviewStore.getState().reset();
}
