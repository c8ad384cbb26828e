/**
 * The exact-input plan of a payment (issue 22 point 3), for a swap service that quotes exact
 * input only (the swap API v2): swap just enough of the token picked into the payer's own
 * account, then transfer exactly what the payee must get, with the invoice's references and
 * memo (the same last instruction as every invoice today). For a Token-2022 token with a
 * transfer fee the transfer is grossed up (transfer-fee.ts) so that the payee's account gains
 * exactly the amount, and the swap is sized so that what arrives after the fee on delivery
 * still covers that gross transfer. What the swap delivers beyond it stays in the payer's
 * account: the review shows it as "what is left (at least …)".
 */
import { unpackMint } from '@solana/spl-token';
import { PublicKey, type Connection } from '@solana/web3.js';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { networkUnreachable } from '../shared/network-unreachable';
import type { Quote, QuoteParams, SwapApiClient } from '../swap-api';
import type { SwapV2Client } from '../swap-api/v2';
import {
  deliveryFeeOf,
  guaranteedArrival,
  NO_DELIVERY_FEE,
  sizeExactIn,
  type SizingTarget,
} from './exact-in-sizing';
import type { MintFacts } from './payee';
import { SYSTEM_PROGRAM } from '../review/program-ids';
import { grossUp, transferFeeOf } from './transfer-fee';

export type ExactInConnection = Pick<Connection, 'getMultipleAccountsInfo' | 'getEpochInfo'>;

export interface ExactInQuoteDeps {
  connection: ExactInConnection;
  /** The quote the payment is built from (v2: GET /build's, Metis only). */
  quote: (params: QuoteParams) => Promise<Quote>;
  /** The reverse estimate's quote (v2: GET /order without a taker); default `quote`. */
  estimate?: (params: QuoteParams) => Promise<Quote>;
}

export interface ExactInPlan {
  /** The sized exact-input quote: its inAmount is exactly what the payer spends. */
  quote: Quote;
  /** What the last TransferChecked moves (the amount, grossed up by a transfer fee). */
  transferAmount: bigint;
  /** The token program's fee on that transfer (0 for tokens without one). */
  transferFee: bigint;
  /** What is left in the payer's account at the wallet's minimum (never negative). */
  leftoverAtLeast: bigint;
  /** How many quotes the sizing asked. */
  quotes: number;
}

const unreachable = networkUnreachable(
  'The network could not be reached to read the token being paid. Check the connection and try again.',
);

/** The transfer that makes exactly `amount` arrive, and the fee on what the swap delivers. */
async function transferTerms(
  connection: ExactInConnection,
  mint: MintFacts,
  amount: bigint,
): Promise<{
  transferAmount: bigint;
  transferFee: bigint;
  deliveryFee: SizingTarget['deliveryFee'];
}> {
  // Native SOL (sol-payee.ts names the system program): lamports move with no fee.
  if (mint.tokenProgram === SYSTEM_PROGRAM) {
    return { transferAmount: amount, transferFee: 0n, deliveryFee: NO_DELIVERY_FEE };
  }
  const [info] = await connection
    .getMultipleAccountsInfo([new PublicKey(mint.mint)], 'confirmed')
    .catch(unreachable);
  if (!info) {
    throw new WalletError(
      'TOKEN_NOT_FOUND',
      `The token ${mint.mint} no longer exists on this network.`,
    );
  }
  const state = unpackMint(new PublicKey(mint.mint), info, new PublicKey(mint.tokenProgram));
  const schedules = transferFeeOf(state);
  if (schedules === null) {
    return { transferAmount: amount, transferFee: 0n, deliveryFee: NO_DELIVERY_FEE };
  }
  const { epoch } = await connection.getEpochInfo('confirmed').catch(unreachable);
  const { gross, fee } = grossUp(schedules, BigInt(epoch), amount);
  return { transferAmount: gross, transferFee: fee, deliveryFee: deliveryFeeOf(state) };
}

/**
 * Sizes the exact-input swap of `payWithMint` into `mint` that pays `amount`. The first
 * estimate is the reverse quote (what `amount` of the paid token would fetch in the token
 * picked); the sizing then finds the smallest input whose wallet minimum covers the transfer.
 * Throws NO_ROUTE in words, NETWORK_UNAVAILABLE, and the swap API's errors.
 *
 * @example const plan = await planExactIn({ connection, quote: (p) => api.quote(p) }, { ... });
 */
export async function planExactIn(
  deps: ExactInQuoteDeps,
  input: {
    payWithMint: Address;
    mint: MintFacts;
    amount: bigint;
    slippageBps: number;
    platformFeeBps?: number | undefined;
  },
): Promise<ExactInPlan> {
  const terms = await transferTerms(deps.connection, input.mint, input.amount);
  const target: SizingTarget = { needed: terms.transferAmount, deliveryFee: terms.deliveryFee };
  const fees = input.platformFeeBps === undefined ? {} : { platformFeeBps: input.platformFeeBps };
  const quoteAt = (amount: bigint) =>
    deps.quote({
      inputMint: input.payWithMint,
      outputMint: input.mint.mint,
      amount,
      swapMode: 'ExactIn',
      slippageBps: input.slippageBps,
      ...fees,
    });
  // The reverse quote prices the amount in the token picked: a close first estimate.
  const reverse = await (deps.estimate ?? deps.quote)({
    inputMint: input.mint.mint,
    outputMint: input.payWithMint,
    amount: terms.transferAmount,
    swapMode: 'ExactIn',
    slippageBps: input.slippageBps,
  });
  const sized = await sizeExactIn(quoteAt, reverse.outAmount, target);
  return {
    quote: sized.quote,
    transferAmount: terms.transferAmount,
    transferFee: terms.transferFee,
    leftoverAtLeast: guaranteedArrival(sized.quote, target) - terms.transferAmount,
    quotes: sized.quotes + 1,
  };
}

/**
 * Where an exact-input payment's quotes come from: on a v2 service, GET /build (the path the
 * payment is built on; Metis only; `maxAccounts` as the payment's build asks it, so that the
 * route sized is the route built) with the reverse estimate from GET /order without a taker
 * (a quote alone, whatever the payer holds); elsewhere GET /quote.
 */
export async function exactInQuotes(
  deps: {
    connection: ExactInConnection;
    api: () => Promise<SwapApiClient>;
    apiV2?: (() => Promise<SwapV2Client>) | null | undefined;
  },
  account: Address,
  fees: { platformFeeBps: number; feeAccount: Address } | undefined,
  maxAccounts?: number,
): Promise<ExactInQuoteDeps> {
  if (deps.apiV2) {
    const v2 = await deps.apiV2();
    return {
      connection: deps.connection,
      quote: async (params) =>
        (
          await v2.build({
            inputMint: params.inputMint,
            outputMint: params.outputMint,
            amount: params.amount,
            taker: account,
            slippageBps: params.slippageBps ?? 50,
            ...(maxAccounts === undefined ? {} : { maxAccounts }),
            ...(fees ? { platformFeeBps: fees.platformFeeBps, feeAccount: fees.feeAccount } : {}),
          })
        ).quote,
      estimate: async (params) =>
        (
          await v2.order({
            inputMint: params.inputMint,
            outputMint: params.outputMint,
            amount: params.amount,
            slippageBps: params.slippageBps ?? 50,
          })
        ).quote,
    };
  }
  const api = await deps.api();
  return { connection: deps.connection, quote: (params) => api.quote(params) };
}
