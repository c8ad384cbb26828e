/**
 * Bridge views of payments: bigint amounts as decimal strings; the raw quote, the resolved
 * payee and the plan itself stay in main.
 */
import type { PaymentPlanView, PaymentRequestView } from '../../preload/api-types';
import type { PaymentSummary } from '../activity/activity-file';
import { sanitizeServiceText } from '../shared/service-message';
import { quoteView } from '../tickets/views';
import type { ParsedPayment } from './pay-service';
import type { PaymentPlan } from './plan-book';
import type { SolFirst } from './sol-first';

/**
 * A payment request's label, message or memo as shown: the merchant's words, sanitized like a
 * service's (no control or bidi characters, links defanged, 200 characters at most). The
 * transaction keeps the memo exactly as asked; only what is shown changes.
 */
function merchantText(text: string | null): string | null {
  if (text === null) return null;
  const clean = sanitizeServiceText(text);
  return clean === '' ? null : clean;
}

/** pay.parse's answer; symbol and verified mark from the token directory when it names the mint. */
export function requestView(
  parsed: ParsedPayment,
  listed: { symbol: string; verified: boolean } | null,
): PaymentRequestView {
  const { request, payee, amount } = parsed;
  return {
    recipient: request.recipient,
    // A SOL request: the native coin, whatever the token list calls wrapped SOL.
    mint:
      payee.native === true
        ? { ...payee.mint, symbol: 'SOL', native: true, verified: true }
        : { ...payee.mint, symbol: listed?.symbol ?? null, verified: listed?.verified ?? false },
    amountText: request.amount,
    amount: amount === null ? null : amount.toString(),
    references: request.references,
    // The merchant's own words (issue 32): shown inert, never as live text of the wallet's.
    label: merchantText(request.label),
    message: merchantText(request.message),
    memo: merchantText(request.memo),
    payee: {
      recipientKind: payee.recipientKind,
      tokenAccount: payee.tokenAccount,
      exists: payee.exists,
      rentLamports: payee.rentLamports.toString(),
    },
  };
}

/** pay.quote's answer. */
export function planView(plan: PaymentPlan): PaymentPlanView {
  const { quote } = plan;
  const amount = plan.amount.toString();
  const quoted =
    quote === null
      ? null
      : quoteView({
          id: plan.id,
          quote,
          extra: null,
          networkKey: plan.networkKey,
          expiresAt: plan.expiresAt,
        });
  return {
    planId: plan.id,
    ...(plan.payee.native === true ? { native: true } : {}),
    kind: plan.kind,
    route: plan.route,
    mint: plan.payee.mint.mint,
    payWithMint: plan.payWithMint,
    amount,
    payeeTokenAccount: plan.payee.tokenAccount,
    // Exact input: the swap spends exactly inAmount; ExactOut: at most otherAmountThreshold.
    maxSpend:
      quote === null
        ? plan.transferAmount.toString()
        : (quote.swapMode === 'ExactIn' ? quote.inAmount : quote.otherAmountThreshold).toString(),
    expectedSpend: quote === null ? plan.transferAmount.toString() : quote.inAmount.toString(),
    transferFee: plan.transferFee > 0n ? plan.transferFee.toString() : null,
    exactIn:
      plan.exactIn === undefined
        ? null
        : {
            transferAmount: plan.transferAmount.toString(),
            transferFee: plan.transferFee.toString(),
            leftoverAtLeast: plan.exactIn.leftoverAtLeast.toString(),
          },
    payerAccountRentLamports: plan.payerAccountRent.toString(),
    slippageBps: quote?.slippageBps ?? 0,
    platformFee: quoted?.platformFee ?? null,
    venueFees: (quote?.routePlan ?? []).map((hop) => ({
      label: hop.label,
      amount: hop.feeAmount?.toString() ?? null,
      mint: hop.feeMint,
    })),
    quote:
      quoted === null ? null : (({ quoteId: _id, expiresAt: _expires, ...rest }) => rest)(quoted),
    quotedAt: new Date(plan.quotedAt).toISOString(),
    expiresAt: new Date(plan.expiresAt).toISOString(),
  };
}

/** What Activity keeps of a payment when it is sent (the receipt fills delivered/spent). */
export function paymentSummary(plan: PaymentPlan): PaymentSummary {
  return {
    recipient: plan.request.recipient,
    payeeTokenAccount: plan.payee.tokenAccount,
    mint: plan.payee.mint.mint,
    amount: plan.amount.toString(),
    payWithMint: plan.payWithMint,
    maxSpend: (plan.quote === null
      ? plan.transferAmount
      : plan.quote.swapMode === 'ExactIn'
        ? plan.quote.inAmount
        : plan.quote.otherAmountThreshold
    ).toString(),
    references: plan.request.references,
    memo: merchantText(plan.request.memo),
    label: merchantText(plan.request.label),
    message: merchantText(plan.request.message),
    delivered: null,
    spent: null,
  };
}

/** The SOL-first step as the Pay screen shows it (issue 32). */
export function solFirstView(first: SolFirst): NonNullable<PaymentPlanView['solFirst']> {
  return {
    amount: first.amount.toString(),
    solLamports: first.solLamports.toString(),
    reason: first.reason,
  };
}
