/**
 * Payment plans the renderer was shown, kept in main under a random id (like quotes, see
 * tickets/quote-book.ts): the raw quote and the resolved payee never cross the bridge, and
 * pay.review can only build a payment main itself planned, on the network it planned it on.
 */
import { randomUUID } from 'node:crypto';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import type { Quote } from '../swap-api';
import { goneMessage, GoneIds } from '../tickets/gone-quotes';
import type { Payee } from './payee';
import type { TransferRequest } from './solana-pay-url';

/** Integrator fees of a payment (issue 6 configures them; ExactOut takes them from the input). */
export interface PayFees {
  platformFeeBps: number;
  feeAccount: Address;
  feeMint: Address;
}

export interface PaymentPlan {
  id: string;
  networkKey: string;
  request: TransferRequest;
  payee: Payee;
  /** Base units of the payee's mint: exactly what the payee receives. */
  amount: bigint;
  /**
   * What the payer's own transfer sends (direct, or the last instruction through the payer):
   * the amount grossed up by a Token-2022 transfer fee (issue 21), else the amount. A swap
   * through the payer delivers this much into the payer's account first.
   */
  transferAmount: bigint;
  /** The part of transferAmount the token program withholds as its transfer fee (else 0). */
  transferFee: bigint;
  payWithMint: Address;
  /** direct: the payer holds the token (TransferChecked, no swap). */
  kind: 'direct' | 'swap';
  /**
   * For swaps: straight into the payee's account, or into the payer's then TransferChecked;
   * swap-exact-in: an exact-input swap into the payer's account sized to cover the transfer,
   * then the transfer (a service without exact output, issue 22).
   */
  route: 'direct-transfer' | 'swap-to-payee' | 'swap-through-payer' | 'swap-exact-in';
  quote: Quote | null;
  fees: PayFees | null;
  /** The exact-input terms (route swap-exact-in only), else absent. */
  exactIn?: {
    /** What stays in the payer's account at the wallet's minimum (at least 0). */
    leftoverAtLeast: bigint;
  };
  /** Rent of the payer's own token account of the mint when this payment opens it (else 0). */
  payerAccountRent: bigint;
  /** Milliseconds since the epoch. */
  quotedAt: number;
  expiresAt: number;
}

export interface PlanBook {
  add(plan: Omit<PaymentPlan, 'id' | 'expiresAt'>): PaymentPlan;
  /** Throws PLAN_NOT_FOUND saying why: evicted, expired, of another network, or unknown. */
  take(id: string, networkKey: string): PaymentPlan;
}

/**
 * Creates the book: plans live `ttlMs` (default 2 minutes), at most `capacity` of them.
 *
 * @example const plans = createPlanBook({ now: Date.now }); const { id } = plans.add(plan);
 */
export function createPlanBook(options: {
  now: () => number;
  ttlMs?: number;
  capacity?: number;
}): PlanBook {
  const { now } = options;
  const ttlMs = options.ttlMs ?? 120_000;
  const capacity = options.capacity ?? 32;
  const plans = new Map<string, PaymentPlan>();
  const gone = new GoneIds();
  const notFound = (what: Parameters<typeof goneMessage>[0]) =>
    new WalletError(
      'PLAN_NOT_FOUND',
      goneMessage(what, { thing: 'payment quote', capacity, ttlMs }),
    );
  return {
    add(plan) {
      const stored: PaymentPlan = { ...plan, id: randomUUID(), expiresAt: now() + ttlMs };
      plans.set(stored.id, stored);
      for (const key of plans.keys()) {
        if (plans.size <= capacity) break;
        plans.delete(key);
        gone.note(key, 'evicted');
      }
      return stored;
    },
    take(id, networkKey) {
      const plan = plans.get(id);
      if (!plan) throw notFound(gone.reasonOf(id) ?? 'unknown');
      if (plan.networkKey !== networkKey) throw notFound('other-network');
      if (now() >= plan.expiresAt) {
        plans.delete(id);
        gone.note(id, 'expired');
        throw notFound('expired');
      }
      return plan;
    },
  };
}
