/**
 * The open review of the Pay and Fees screens: their flows hold tickets of several kinds (a
 * payment, an account creation, a claim…), and the panel's words follow the kind under review
 * (review-labels.ts), so both screens name them the same way.
 */
import type { PayReviewStore } from '../../stores/pay-review-store';
import { OpenReviewPanel, type OpenReviewPanelProps } from '../swap/ReviewPanel';
import { reviewLabelsFor } from './review-labels';

export interface PayReviewPanelProps extends Omit<OpenReviewPanelProps, 'flow' | 'labels'> {
  flow: PayReviewStore;
}

/** OpenReviewPanel with the words of the flow's current kind. */
export function PayReviewPanel({ flow, ...rest }: PayReviewPanelProps) {
  return <OpenReviewPanel flow={flow} labels={reviewLabelsFor(flow.kind)} {...rest} />;
}
