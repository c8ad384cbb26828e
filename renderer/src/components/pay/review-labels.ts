/**
 * The words of the review panel for the transactions of the Pay and Fees screens. Each kind
 * has its own headline: only a swap is checked against a quote; a payment is checked against
 * the request and its plan, an account creation or a claim against doing that and nothing else.
 */
import type { ReviewPanelLabels } from '../swap/ReviewPanel';
import type { PayReviewKind } from '../../stores/pay-review-store';

const TRY_AGAIN = 'Nothing was signed or sent. Try again later.';

const PAYMENT: ReviewPanelLabels = {
  edit: 'Edit payment',
  done: 'New payment',
  status: 'Payment status',
  verdict: {
    accepted:
      'The transaction pays the payee exactly the requested amount and spends no more than the plan shows. Check the changes below, then approve.',
    refused: 'It does not pay exactly what the request asks within the plan shown:',
    next: 'Nothing was signed or sent. Plan the payment again, or try again later.',
  },
};

const LABELS: Record<PayReviewKind, ReviewPanelLabels> = {
  payment: PAYMENT,
  merchant: {
    ...PAYMENT,
    verdict: {
      accepted:
        'The merchant’s transaction pays exactly what it says above and asks nothing else of you. Check the changes below, then approve.',
      refused: 'The merchant’s transaction does more than pay, or not what it says:',
      next: 'Nothing was signed or sent. Do not pay through this link; ask the merchant.',
    },
  },
  action: {
    ...PAYMENT,
    verdict: {
      accepted:
        'The action’s transaction pays exactly what it says above and asks nothing else of you. The action is unverified: check the changes below, then approve.',
      refused: 'The action’s transaction does more than pay, or not what it says:',
      next: 'Nothing was signed or sent. Do not use this action; tell its site.',
    },
  },
  'swap-first': {
    edit: 'Back to the payment',
    done: 'Continue to the payment',
    status: 'Swap status',
    verdict: {
      accepted:
        'The transaction swaps into exactly the amount of the token the merchant asks for, which you lack. Check the changes below, then approve; the merchant is asked for its transaction again afterwards.',
      refused: 'It does not swap into the token within the quote shown:',
      next: 'Nothing was signed or sent. Try again later.',
    },
  },
  destination: {
    ...PAYMENT,
    done: 'Continue to the payment',
    verdict: {
      accepted:
        'The transaction creates the payee’s token account and nothing else. You pay its rent: check it below, then approve.',
      refused: 'It does more than, or something other than, create the payee’s token account:',
      next: TRY_AGAIN,
    },
  },
  'sol-first': {
    edit: 'Back to the payment',
    done: 'Continue to the payment',
    status: 'Swap status',
    verdict: {
      accepted:
        'The transaction swaps a little of your token into SOL, so that you can pay the payment’s network fee; the swap service pays this swap’s own fee. Check the changes below, then approve.',
      refused: 'It does not swap into SOL within the plan shown:',
      next: 'Nothing was signed or sent. Plan the payment again, or try again later.',
    },
  },
  'fee-account': {
    edit: 'Back to fees',
    done: 'Done',
    status: 'Fee transaction status',
    verdict: {
      accepted:
        'The transaction creates the fee token account and nothing else. You pay its rent: check it below, then approve.',
      refused: 'It does more than, or something other than, create the fee token account:',
      next: TRY_AGAIN,
    },
  },
  claim: {
    edit: 'Back to fees',
    done: 'Done',
    status: 'Fee transaction status',
    verdict: {
      accepted:
        'The transaction claims the fees of your referral token account and nothing else. Check the changes below, then approve.',
      refused: 'It does more than, or something other than, claim your referral fees:',
      next: TRY_AGAIN,
    },
  },
};

/**
 * The review panel's words for a ticket of `kind`.
 *
 * @example reviewLabelsFor('destination').verdict.accepted // 'The transaction creates the payee’s …'
 */
export function reviewLabelsFor(kind: PayReviewKind): ReviewPanelLabels {
  return LABELS[kind];
}
