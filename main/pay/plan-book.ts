/**
 * Payment plans the renderer was shown, kept in main under a random id (like quotes, see
 * tickets/quote-book.ts): the raw quote and the resolved payee never cross the bridge, and
 * pay.review can only build a payment main itself planned, on the network it planned it on.
 */
import { randomUUID } from 'node:crypto';
import type { Address } from '../shared/address';
import type { Quote } from '../swap-api';
import { createExpiringShelf, type ShelfOptions } from '../tickets/expiring-shelf';
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
export function createPlanBook(options: ShelfOptions): PlanBook {
  const shelf = createExpiringShelf<PaymentPlan>(options, {
    capacity: 32,
    code: 'PLAN_NOT_FOUND',
    thing: 'payment quote',
  });
  return {
    add: (plan) => shelf.put({ ...plan, id: randomUUID(), expiresAt: shelf.expiryFromNow() }),
    take: (id, networkKey) => shelf.take(id, networkKey),
  };
}
