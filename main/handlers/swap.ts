/**
 * swap.quote, swap.review, swap.approve and swap.status. The network-bound services (swap API
 * client, review connection, quote and ticket books, submitter) come from `current()`, which
 * the composition root rebuilds when the person switches networks.
 */
import { refuseStaleMultipliers } from '../tickets/scaled-staleness';
import type { Connection } from '@solana/web3.js';
import type { QuoteView, SubmissionView, TransactionStatusView } from '../../preload/api-types';
import type { ActivityStore } from '../activity/activity-store';
import { activityView } from '../activity/activity-store';
import type { HandlerGroup } from '../bridge/handler-types';
import { platformFeeDetail } from '../fees/fee-detail';
import { platformFeePaid } from '../fees/fee-paid';
import type { ReviewReport, ServiceFee, SwapIntent } from '../review';
import { failureWords } from '../send/failure-words';
import type { Submitter } from '../send/swap-submitter';
import { WalletError } from '../shared/errors';
import type { TicketBook } from '../tickets/ticket-book';
import type { SwapReviewDeps } from '../tickets/swap-review';
import { quoteAnySwap, reviewAnySwap } from '../tickets/v2/swap-v2';
import { executeOrder } from '../send/order-landing';
import { approveTicket, swapSummaryOf } from './approve-ticket';
import { quoteView, ticketView } from '../tickets/views';
import type { PubsubClient } from '../network/pubsub-client';
import { watchSignature } from '../network/signature-wake';

export type SwapMethod = 'swap.quote' | 'swap.review' | 'swap.approve' | 'swap.status';

/** The swap services of the network the app is on. */
export interface SwapNetworkServices {
  review: SwapReviewDeps;
  tickets: TicketBook<ReviewReport, SwapIntent, SubmissionView>;
  submitter: Submitter;
  connection: Pick<Connection, 'getSignatureStatuses'>;
  /** The RPC's PubSub API: swap.status holds a pending answer until it wakes (issue 33). */
  pubsub?: PubsubClient;
}

/** How long swap.status holds the answer "pending" for the outcome to arrive. */
export const STATUS_HOLD_MS = 1_500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Throws TICKET_NOT_FOUND, naming the action that approves it, for a ticket that is not a
 * swap's: a payment, or the creation of a payee's token account (both approved by pay.approve).
 */
export function refuseNonSwapTicket(intent: SwapIntent | undefined): void {
  const payment = intent?.payment;
  if (payment === undefined) return;
  throw new WalletError(
    'TICKET_NOT_FOUND',
    payment.kind === 'create-destination'
      ? "This review creates a payee's token account, not a swap: approve it on the Pay screen (pay.approve). Nothing was signed."
      : 'This review is of a payment, not a swap: approve it on the Pay screen (pay.approve). Nothing was signed.',
  );
}

const isDone = (commitment: string | null | undefined) =>
  commitment === 'confirmed' || commitment === 'finalized';

/** Jupiter's own /order fee as the quote shows it (issue 22), or null. */
function serviceFeeView(fee: ServiceFee | null | undefined): QuoteView['serviceFee'] {
  if (!fee) return null;
  return { by: fee.by, feeBps: fee.feeBps, amount: fee.amount?.toString() ?? null, mint: fee.mint };
}

/** Handlers of the `swap.*` methods. */
export function createSwapHandlers(deps: {
  current: () => SwapNetworkServices;
  activity: ActivityStore;
  /** The longest a "pending" answer of swap.status is held; default STATUS_HOLD_MS. */
  holdMs?: number;
  wait?: (ms: number) => Promise<void>;
}): HandlerGroup<SwapMethod> {
  const { current, activity } = deps;
  const holdMs = deps.holdMs ?? STATUS_HOLD_MS;
  const wait = deps.wait ?? sleep;
  return {
    'swap.quote': async (request) => {
      const { review } = current();
      const stored = await quoteAnySwap(review, request);
      return {
        ...quoteView(stored),
        platformFeeDetail: platformFeeDetail(stored.quote, stored.extra.fees),
        serviceFee: serviceFeeView(stored.extra.serviceFee),
        slippageChosenByService: stored.extra.slippageChosenByService ?? null,
      };
    },

    'swap.review': async ({ quoteId }) =>
      ticketView(await reviewAnySwap(current().review, quoteId)),

    'swap.approve': async (request) => {
      const { ticketId } = request;
      const services = current();
      // Payments and the payee-account creation share the swaps' ticket book: they are signed
      // through pay.approve, which records them as payments in Activity.
      const reviewed = services.tickets.get(ticketId);
      refuseNonSwapTicket(reviewed?.intent);
      // A multiplier changed under the open review (issue 35) makes it stale, in words.
      if (reviewed) {
        await refuseStaleMultipliers(services.review.connection, reviewed.report.tokenWarnings);
      }
      // An /order swap lands through POST /execute (issue 22); the others through the RPC.
      const order = services.review.v2?.orders.get(ticketId);
      return approveTicket(services, request, (ticket) => ({
        kind: 'swap',
        swap: swapSummaryOf(ticket.intent),
        // Journalled with the swap; fees.balances fills in what the account received.
        platformFee: platformFeePaid(ticket.intent, ticket.report),
        ...(order === undefined ? {} : { land: executeOrder(order, ticket.account) }),
      }));
    },

    'swap.status': async ({ signature }): Promise<TransactionStatusView> => {
      const services = current();
      let entry = await activity.bySignature(signature);
      if (entry?.status === 'pending') {
        // The wallet's own transaction: its tracker is woken by signatureSubscribe and records
        // the outcome; the answer waits for that (or holdMs), so the waiting screen hears of
        // the confirmation as it is recorded, not at its next ask.
        await Promise.race([services.submitter.settled(signature), wait(holdMs)]);
        entry = (await activity.bySignature(signature)) ?? entry;
      }
      if (entry) {
        const view = activityView(entry);
        return {
          signature,
          status: view.status,
          error: view.error,
          activityId: view.id,
          explorerUrl: view.explorerUrl,
        };
      }
      // Not sent by this wallet: answer what the network knows about it, once it is confirmed
      // when its notification comes within holdMs.
      const ask = () =>
        services.connection
          .getSignatureStatuses([signature], { searchTransactionHistory: true })
          .then(
            ({ value }) => value[0] ?? null,
            (error: unknown) => {
              throw new WalletError(
                'NETWORK_UNAVAILABLE',
                'The network could not be asked about this transaction. Try again in a moment.',
                { cause: error },
              );
            },
          );
      let status = await ask();
      if (status && !status.err && !isDone(status.confirmationStatus) && services.pubsub) {
        const wake = watchSignature(services.pubsub, signature);
        try {
          // An RPC that refuses the subscription is not waited for.
          const ok = await Promise.race([wake.subscribed, wait(holdMs).then(() => false)]);
          if (ok) await wake.pause(wait, holdMs);
        } finally {
          wake.stop();
        }
        status = (await ask()) ?? status;
      }
      if (!status) {
        throw new WalletError(
          'TRANSACTION_NOT_FOUND',
          'Neither this wallet nor the network knows this transaction. Check the signature.',
        );
      }
      return {
        signature,
        status: status.err ? 'failed' : isDone(status.confirmationStatus) ? 'confirmed' : 'pending',
        error: status.err ? failureWords(status.err, true) : null,
        activityId: null,
        explorerUrl: null,
      };
    },
  };
}
