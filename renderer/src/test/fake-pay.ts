/**
 * The pay part of the fake bridge (issue 5) for the component tests. It reads transfer-request
 * links with a small parser of its own (the real one is main/pay, tested there and end to end),
 * plans at the fake swap rates with 0.5% slippage on the input side, and answers tickets,
 * approvals and receipts shaped like main's.
 */
import type {
  FeeSettingsView,
  PaymentPlanView,
  PaymentReceiptView,
  QuoteView,
  ReviewTicketView,
} from '../../../preload/api-types';
import type { MethodName, ParsedRequestOf } from '../../../preload/contract';
import type { Result } from '../../../main/shared/result';
import { parseUnits } from '../../../main/shared/amount';
import { reportFor } from './fake-review-report';
import { err, parse } from './fake-pay-request';
import { FAKE_TOKENS } from './fake-tokens';
import { fakeSignature, fakeUuid } from './fake-swap';

export interface FakePayState {
  /** Recipients whose token account is missing until pay.createDestination's ticket is sent. */
  missingPayees: Set<string>;
  /** Input base units per 10^9 output base units, by "payWith>mint"; default 1:1. */
  costRates: Map<string, bigint>;
  /** When set, pay.review answers a refused report with these reasons. */
  refusals: string[] | null;
  /** The payer has no SOL: a plan paid with a token has main's SOL-first step (issue 32). */
  withoutSol: boolean;
  plans: PaymentPlanView[];
  /** Payments approved: ticket id → what was planned. */
  paid: Map<string, PaymentPlanView>;
  /** Signature → plan, for pay.receipt. */
  bySignature: Map<string, { plan: PaymentPlanView; references: string[]; memo: string | null }>;
  sent: number;
}

export function initialFakePayState(): FakePayState {
  return {
    missingPayees: new Set(),
    costRates: new Map(),
    refusals: null,
    withoutSol: false,
    plans: [],
    paid: new Map(),
    bySignature: new Map(),
    sent: 0,
  };
}

type Handler = (req: never) => Result<unknown>;
export type FakePayMethod = Extract<MethodName, `pay.${string}`>;

/**
 * The fee of an exact-output payment with `payWithMint` under `settings`, by main's rule: the
 * settings are the wallet's own (fees.set), never the request's; the fee is taken in the input
 * mint only, so fees on without an account of that mint refuse the payment.
 */
function feeOf(settings: FeeSettingsView, payWithMint: string): Result<number | null> {
  if (!settings.enabled || settings.platformFeeBps === 0) return { ok: true, value: null };
  if (!settings.accounts.some((a) => a.mint === payWithMint)) {
    return err(
      'FEE_ACCOUNT_MISSING',
      `Fees are on, but there is no fee account for the token paid with (${payWithMint}). An exact-output swap takes the fee in that token only: set a fee account for it in Fees, or turn fees off.`,
    );
  }
  return { ok: true, value: settings.platformFeeBps };
}

/** The handlers of pay.* over `state`; `feeSettings` are the fake wallet's fees.* settings. */
export function createFakePayHandlers(
  state: FakePayState,
  currentAccount: () => string | null,
  feeSettings: () => FeeSettingsView,
  /** The fake swap's quote and review of `amount` of `inputMint` into SOL (pay.solFirst). */
  swapIntoSol: (inputMint: string, amount: string) => Result<ReviewTicketView> = () =>
    err('NOT_AVAILABLE', 'No swap service.'),
): Record<FakePayMethod, Handler> {
  const planRequests = new Map<string, { references: string[]; memo: string | null }>();
  const tickets = new Map<
    string,
    {
      ticket: ReviewTicketView;
      plan: PaymentPlanView | null;
      recipient: string | null;
      signature: string | null;
      references: string[];
      memo: string | null;
    }
  >();

  const ticketOf = (quote: QuoteView): ReviewTicketView => ({
    ticketId: fakeUuid(),
    transactionBase64: 'AQID',
    messageHash: 'cd'.repeat(32),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    lastValidBlockHeight: 1000,
    report: reportFor(quote, currentAccount() ?? '', state.refusals),
  });

  const quoteOf = (plan: PaymentPlanView): QuoteView => ({
    quoteId: plan.planId,
    inputMint: plan.payWithMint,
    outputMint: plan.mint,
    swapMode: 'ExactOut',
    inAmount: plan.expectedSpend,
    outAmount: plan.amount,
    otherAmountThreshold: plan.maxSpend,
    minimumReceived: null,
    maximumSpent: plan.maxSpend,
    slippageBps: plan.slippageBps,
    computedAutoSlippageBps: null,
    priceImpactPct: '0.001',
    platformFee: plan.platformFee,
    route: [],
    contextSlot: 1,
    quotedAt: plan.quotedAt,
    expiresAt: plan.expiresAt,
  });

  return {
    'pay.parse': (req: ParsedRequestOf<'pay.parse'>) => parse(req.text, state),
    'pay.createDestination': (req: ParsedRequestOf<'pay.createDestination'>) => {
      const parsed = parse(req.text, state);
      if (!parsed.ok) return parsed;
      const { mint, recipient } = {
        mint: parsed.value.mint.mint,
        recipient: parsed.value.recipient,
      };
      const now = new Date().toISOString();
      const ticket = ticketOf({
        ...quoteOf({
          planId: fakeUuid(),
          kind: 'direct',
          route: 'direct-transfer',
          mint,
          payWithMint: FAKE_TOKENS[0]!.mint,
          amount: '0',
          payeeTokenAccount: '',
          maxSpend: '0',
          expectedSpend: '0',
          payerAccountRentLamports: '0',
          slippageBps: 0,
          platformFee: null,
          transferFee: null,
          venueFees: [],
          quote: null,
          exactIn: null,
          quotedAt: now,
          expiresAt: now,
        }),
      });
      tickets.set(ticket.ticketId, {
        ticket,
        plan: null,
        recipient,
        signature: null,
        references: [],
        memo: null,
      });
      return { ok: true, value: ticket };
    },
    'pay.quote': (req: ParsedRequestOf<'pay.quote'>) => {
      const parsed = parse(req.text, state);
      if (!parsed.ok) return parsed;
      const request = parsed.value;
      if (!request.payee.exists) {
        return err('DESTINATION_MISSING', 'The payee has no token account yet: create it first.');
      }
      const amount =
        request.amount ??
        (req.amount ? parseUnits(req.amount, request.mint.decimals).toString() : null);
      if (amount === null) return err('INVALID_AMOUNT', 'Enter the amount to pay.');
      const direct = req.payWithMint === request.mint.mint;
      // A direct transfer swaps nothing, so it carries no fee.
      const fee = direct
        ? { ok: true as const, value: null }
        : feeOf(feeSettings(), req.payWithMint);
      if (!fee.ok) return fee;
      const feeBps = fee.value;
      const rate = state.costRates.get(`${req.payWithMint}>${request.mint.mint}`) ?? 1_000_000_000n;
      const expected = direct ? BigInt(amount) : (BigInt(amount) * rate) / 1_000_000_000n;
      const slippageBps = direct ? 0 : (req.slippageBps ?? 50);
      const max = (expected * BigInt(10_000 + slippageBps)) / 10_000n;
      const now = Date.now();
      const plan: PaymentPlanView = {
        planId: fakeUuid(),
        kind: direct ? 'direct' : 'swap',
        route: direct
          ? 'direct-transfer'
          : request.references.length > 0 || request.memo
            ? 'swap-through-payer'
            : 'swap-to-payee',
        mint: request.mint.mint,
        payWithMint: req.payWithMint,
        amount,
        payeeTokenAccount: request.payee.tokenAccount,
        maxSpend: max.toString(),
        expectedSpend: expected.toString(),
        exactIn: null,
        payerAccountRentLamports: '0',
        slippageBps,
        platformFee:
          feeBps === null
            ? null
            : { amount: ((expected * BigInt(feeBps)) / 10_000n).toString(), feeBps },
        transferFee: null,
        venueFees: direct
          ? []
          : [{ label: 'Whirlpool', amount: (expected / 1000n).toString(), mint: req.payWithMint }],
        quote: null,
        quotedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 60_000).toISOString(),
        solFirst:
          state.withoutSol && req.payWithMint !== FAKE_TOKENS[0]!.mint
            ? {
                amount: '6000000',
                solLamports: '40000000',
                reason:
                  'You have no SOL for the network fee: first swap 6 USDC into SOL (gasless), then pay.',
              }
            : null,
      };
      state.plans.push(plan);
      planRequests.set(plan.planId, { references: request.references, memo: request.memo });
      return { ok: true, value: plan };
    },
    'pay.solFirst': (req: ParsedRequestOf<'pay.solFirst'>) => {
      const plan = state.plans.find((p) => p.planId === req.planId);
      if (!plan?.solFirst) {
        return err(
          'NOT_AVAILABLE',
          'This payment needs no swap into SOL first. Review the payment.',
        );
      }
      return swapIntoSol(plan.payWithMint, plan.solFirst.amount);
    },
    'pay.review': (req: ParsedRequestOf<'pay.review'>) => {
      const plan = state.plans.find((p) => p.planId === req.planId);
      if (!plan)
        return err('QUOTE_NOT_FOUND', 'This plan is no longer known: plan the payment again.');
      const ticket = ticketOf(quoteOf(plan));
      const asked = planRequests.get(plan.planId) ?? { references: [], memo: null };
      tickets.set(ticket.ticketId, { ticket, plan, recipient: null, signature: null, ...asked });
      return { ok: true, value: ticket };
    },
    'pay.approve': (req: ParsedRequestOf<'pay.approve'>) => {
      const entry = tickets.get(req.ticketId);
      if (!entry) return err('TICKET_NOT_FOUND', 'This review is no longer known.');
      if (!entry.ticket.report.accepted)
        return err('GUARD_REFUSED', 'Swapdesk refuses to sign this.');
      if (entry.signature === null) {
        state.sent += 1;
        entry.signature = fakeSignature(500 + state.sent);
        if (entry.recipient !== null) state.missingPayees.delete(entry.recipient);
        if (entry.plan) {
          state.paid.set(req.ticketId, entry.plan);
          state.bySignature.set(entry.signature, {
            plan: entry.plan,
            references: entry.references,
            memo: entry.memo,
          });
        }
      }
      return {
        ok: true,
        value: { signature: entry.signature, activityId: fakeUuid(), status: 'pending' },
      };
    },
    'pay.receipt': (req: ParsedRequestOf<'pay.receipt'>) => {
      const found = state.bySignature.get(req.signature);
      if (!found)
        return err('TRANSACTION_NOT_FOUND', 'This wallet made no payment with this signature.');
      const receipt: PaymentReceiptView = {
        signature: req.signature,
        status: 'confirmed',
        error: null,
        mint: found.plan.mint,
        payeeTokenAccount: found.plan.payeeTokenAccount,
        delivered: found.plan.amount,
        payWithMint: found.plan.payWithMint,
        spent: found.plan.expectedSpend,
        networkFeeLamports: '5000',
        references: found.references,
        memo: found.memo,
        slot: 10,
        blockTime: null,
      };
      return { ok: true, value: receipt };
    },
  };
}
