/**
 * The one way a reviewed ticket is signed and sent (swap.approve, pay.approve, and through it
 * merchant.approve and action.approve): the transaction as the page sent it, held to the ticket
 * by the ticket book, then handed to the submitter with what Activity journals of it.
 */
import type { SubmissionView } from '../../preload/api-types';
import type { SwapSummary } from '../activity/activity-file';
import type { ReviewReport, SwapIntent } from '../review';
import type { SubmissionFacts, Submitter } from '../send/swap-submitter';
import type { Ticket, TicketBook } from '../tickets/ticket-book';

/** What an approval needs of the network's services. */
export interface ApprovalServices {
  tickets: TicketBook<ReviewReport, SwapIntent, SubmissionView>;
  submitter: Submitter;
  review: { networkKey: string };
}

/** An approval as the page asks for it. */
export interface ApprovalRequest {
  ticketId: string;
  transactionBase64: string;
  risksAcknowledged?: boolean | undefined;
}

/**
 * Signs and sends the ticket's transaction; `facts` says what Activity journals of the ticket.
 * Throws the ticket book's and the submitter's refusals.
 */
export function approveTicket(
  services: ApprovalServices,
  request: ApprovalRequest,
  facts: (ticket: Ticket<ReviewReport, SwapIntent>) => SubmissionFacts,
): Promise<SubmissionView> {
  const bytes = Uint8Array.from(Buffer.from(request.transactionBase64, 'base64'));
  return services.tickets.approve(
    request.ticketId,
    bytes,
    services.review.networkKey,
    (ticket) => services.submitter.submit(ticket, facts(ticket)),
    { risksAcknowledged: request.risksAcknowledged === true },
  );
}

/** The swap of an intent as Activity keeps it (amounts as decimal text). */
export function swapSummaryOf(intent: SwapIntent): SwapSummary {
  return {
    swapMode: intent.swapMode,
    inputMint: intent.inputMint,
    outputMint: intent.outputMint,
    inAmount: intent.inAmount.toString(),
    outAmount: intent.outAmount.toString(),
    otherAmountThreshold: intent.otherAmountThreshold.toString(),
  };
}
