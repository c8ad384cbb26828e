/**
 * pay.parse, pay.createDestination, pay.quote, pay.review, pay.approve and pay.receipt. Payment
 * tickets live in the swaps' ticket book and are signed and sent by the swaps' submitter; only
 * what Activity records differs (kind 'pay' with the payment's facts).
 */
import type { Connection } from '@solana/web3.js';
import type { ReviewReport, SwapIntent } from '../review';
import type { SubmissionView } from '../../preload/api-types';
import type { PaymentSummary } from '../activity/activity-file';
import type { ActivityStore } from '../activity/activity-store';
import type { HandlerGroup } from '../bridge/handler-types';
import { platformFeePaid } from '../fees/fee-paid';
import { readReceipt } from '../pay/pay-receipt';
import { reviewCreateDestination, reviewPayment, type PayReviewDeps } from '../pay/pay-review';
import { parsePayment, quotePayment, type PayQuoteDeps } from '../pay/pay-service';
import { solFirstStep } from '../pay/sol-first';
import { paymentSummary, planView, requestView, solFirstView } from '../pay/views';
import type { Submitter } from '../send/swap-submitter';
import { approveTicket, swapSummaryOf, type ApprovalRequest } from './approve-ticket';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import type { TicketBook } from '../tickets/ticket-book';
import type { TicketNotes } from '../tickets/ticket-notes';
import { ticketView } from '../tickets/views';
import type { ReviewTicket } from '../tickets/issue-ticket';

export type PayMethod =
  | 'pay.parse'
  | 'pay.createDestination'
  | 'pay.quote'
  | 'pay.solFirst'
  | 'pay.review'
  | 'pay.approve'
  | 'pay.receipt';

/** The pay services of the network the app is on. */
export interface PayNetworkServices {
  quote: PayQuoteDeps;
  review: PayReviewDeps;
  tickets: TicketBook<ReviewReport, SwapIntent, SubmissionView>;
  submitter: Submitter;
  connection: Pick<Connection, 'getTransaction'>;
  /** The directory's name and verified mark of a mint (issue 11); null when it has none. */
  tokenOf: (mint: string) => Promise<{ symbol: string; verified: boolean } | null>;
  /** What Activity records for a payment ticket, kept as long as the book holds the ticket. */
  summaries: TicketNotes<PaymentSummary>;
  /**
   * A gasless swap of `amount` of `inputMint` into SOL on Best price (GET /order), reviewed:
   * the SOL-first step of a payment (sol-first.ts). Absent where the service has no /order.
   */
  swapForFee?: (swap: { inputMint: Address; amount: bigint }) => Promise<ReviewTicket>;
}

/**
 * Approves a payment ticket (pay.approve, merchant.approve): the swaps' ticket book signs and
 * the submitter sends; Activity records kind 'pay' with the payment's facts when the ticket
 * has them. Throws TICKET_NOT_FOUND for a swap's ticket and the ticket book's refusals.
 */
export async function approvePayTicket(
  services: PayNetworkServices,
  activity: ActivityStore,
  request: ApprovalRequest,
): Promise<SubmissionView> {
  const { ticketId } = request;
  const ticket = services.tickets.get(ticketId);
  if (ticket !== undefined && ticket.intent.payment === undefined) {
    throw new WalletError(
      'TICKET_NOT_FOUND',
      'This review is of a swap, not a payment: approve it on the Swap screen. Nothing was signed.',
    );
  }
  const summary = services.summaries.get(ticketId) ?? null;
  const submission = await approveTicket(services, request, (approved) => ({
    // Creating the payee's account is a transaction of its own, not the payment.
    kind: summary === null ? 'other' : 'pay',
    swap: summary === null ? null : swapSummaryOf(approved.intent),
    // A payment's swap pays the integrator fee like a swap does (fees.balances).
    platformFee: platformFeePaid(approved.intent, approved.report),
  }));
  if (summary !== null) {
    // The journal entry exists already; the payment's facts join it. A failed write loses
    // only the display of the request, never the transaction's tracking.
    await activity.update(submission.activityId, { payment: summary }).catch(() => undefined);
  }
  return submission;
}

/** Handlers of the `pay.*` methods. */
export function createPayHandlers(deps: {
  current: () => PayNetworkServices;
  activity: ActivityStore;
}): HandlerGroup<PayMethod> {
  const { current, activity } = deps;
  return {
    'pay.parse': async ({ text }) => {
      const services = current();
      const parsed = await parsePayment(services.review.connection, text);
      const listed = await services.tokenOf(parsed.payee.mint.mint).catch(() => null);
      return requestView(parsed, listed);
    },

    'pay.createDestination': async ({ text }) =>
      ticketView(await reviewCreateDestination(current().review, text)),

    'pay.quote': async (request) => {
      const { quote } = current();
      const plan = await quotePayment(quote, {
        text: request.text,
        amount: request.amount,
        payWithMint: request.payWithMint as Address,
        slippageBps: request.slippageBps,
      });
      const account = (await quote.currentAccount()) as Address;
      const first = await solFirstStep(quote, account, plan);
      return { ...planView(plan), solFirst: first === null ? null : solFirstView(first) };
    },

    'pay.solFirst': async ({ planId }) => {
      const services = current();
      const plan = services.review.plans.take(planId, services.review.networkKey);
      const account = await services.quote.currentAccount();
      if (account === null) {
        throw new WalletError('NO_ACCOUNT', 'Create or import an account before paying.');
      }
      const first = await solFirstStep(services.quote, account as Address, plan);
      if (first === null || services.swapForFee === undefined) {
        throw new WalletError(
          'NOT_AVAILABLE',
          'This payment needs no swap into SOL first: your account holds the SOL for its network fee. Review the payment.',
        );
      }
      return ticketView(
        await services.swapForFee({ inputMint: plan.payWithMint, amount: first.amount }),
      );
    },

    'pay.review': async ({ planId }) => {
      const services = current();
      const plan = services.review.plans.take(planId, services.review.networkKey);
      const ticket = await reviewPayment(services.review, planId);
      services.summaries.set(ticket.id, paymentSummary(plan));
      return ticketView(ticket);
    },

    'pay.approve': (request) => approvePayTicket(current(), activity, request),

    'pay.receipt': async ({ signature }) => {
      const entry = await activity.bySignature(signature);
      if (!entry?.payment) {
        throw new WalletError(
          'TRANSACTION_NOT_FOUND',
          'This wallet made no payment with this signature. Check the signature in Activity.',
        );
      }
      const receipt = await readReceipt(
        current().connection,
        signature,
        entry.account,
        entry.payment,
      );
      if (receipt.status === 'confirmed') {
        await activity
          .update(entry.id, {
            payment: { ...entry.payment, delivered: receipt.delivered, spent: receipt.spent },
          })
          .catch(() => undefined);
      }
      return receipt;
    },
  };
}
