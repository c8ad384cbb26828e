/**
 * The referral fee of a Swap API v2 /order (issue 22 point 4), held to what its answer states:
 * the answer must name the referral account the wallet asked for; when the fee applies (its
 * `feeBps` is the referral fee asked) it is taken in the answer's `feeMint`, one of the two
 * tokens of the swap, and must land in the referral account's token account of that mint.
 * The swap's fee then becomes the swap's integrator fee as on /build: the guard's fee rule
 * (review/guard-fee.ts) holds the transaction to exactly that rate landing in exactly that
 * account. An answer that does not apply the fee (the token account of the fee mint is
 * missing, so Jupiter falls back), or an order with no referral, carries no integrator fee:
 * Jupiter's own platform fee by pair applies instead (docs-v2 "Order & Execute", Fees), and
 * the answer's `platformFee` (or, in the Ultra answers of 2025, its `feeBps`) is the service's
 * fee the guard holds the route to (review/guard-service-fee.ts): that rate at most, and never
 * above Jupiter's published rate for the pair (fees/jupiter-fee-table.ts), in that token, into
 * the one account the route names, which must be Jupiter's (fees/jupiter-fee-account.ts) or
 * the integrator's own, shown as Jupiter's.
 */
import { PublicKey, type Connection } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../review/program-ids';
import type { ServiceFee } from '../review/types';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import type { Quote } from '../swap-api';
import type { OrderAnswer } from '../swap-api/v2';
import type { SwapFees } from './fees-service';
import { referralTokenAccountV2 } from './referral-v2';

export interface OrderReferral {
  referralAccount: Address;
  referralFeeBps: number;
}

/**
 * The fee terms of an /order answer: the quote with the referral fee as its platform fee and
 * the fee account it must land in, or no fee. Throws SWAP_API_BAD_RESPONSE when the answer
 * names another referral account, or takes the fee in a token the swap does not move.
 */
export async function orderFeeTerms(
  /** Reads the fee mint's token program; absent (tests of the quote alone): SPL Token. */
  connection: Pick<Connection, 'getMultipleAccountsInfo'> | undefined,
  referral: OrderReferral | null,
  answer: Pick<OrderAnswer, 'quote' | 'referralAccount' | 'feeBps' | 'feeMint'> &
    Partial<Pick<OrderAnswer, 'platformFee'>>,
): Promise<{ quote: Quote; fees: SwapFees | null; serviceFee: ServiceFee | null }> {
  const { quote } = answer;
  if (answer.referralAccount !== null && answer.referralAccount !== referral?.referralAccount) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      `The swap service answered this order for the referral account ${answer.referralAccount}, not ${referral?.referralAccount ?? 'none'} as set in Fees. Nothing was signed; get a fresh quote.`,
    );
  }
  if (referral === null || answer.feeBps !== referral.referralFeeBps) {
    return { quote, fees: null, serviceFee: jupiterFee(answer, referral) };
  }
  const feeMint = answer.feeMint;
  if (feeMint === null || (feeMint !== quote.inputMint && feeMint !== quote.outputMint)) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      `The swap service would take the referral fee in ${feeMint ?? 'an unnamed token'}, which this swap does not move. Nothing was signed; get a fresh quote.`,
    );
  }
  const [mintInfo] = connection
    ? await connection
        .getMultipleAccountsInfo([new PublicKey(feeMint)], 'confirmed')
        .catch((error: unknown) => {
          throw new WalletError(
            'NETWORK_UNAVAILABLE',
            'The network could not be reached to read the fee token. Try again.',
            { cause: error },
          );
        })
    : [null];
  const tokenProgram = (
    mintInfo?.owner.toBase58() === TOKEN_2022_PROGRAM ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM
  ) as Address;
  const feeAccount = referralTokenAccountV2(referral.referralAccount, feeMint, tokenProgram);
  return {
    quote: {
      ...quote,
      platformFee: { amount: quote.platformFee?.amount ?? 0n, feeBps: referral.referralFeeBps },
    },
    fees: { platformFeeBps: referral.referralFeeBps, feeAccount, feeMint },
    // "No separate platform fee when referral is active" (docs-v2 "Order & Execute").
    serviceFee: null,
  };
}

/** Jupiter's highest fee by pair (docs-v2 "Order & Execute", Fee breakdown: new tokens). */
export const MAX_JUPITER_FEE_BPS = 50;

/**
 * Jupiter's own platform fee as an /order answer states it: `platformFee` (its rate excludes a
 * gasless recoup), else the total `feeBps` of an answer without one (the Ultra order of 2025,
 * real-world/swap/ultra-2025-04-order-aggregator.json); null when it states none.
 */
function jupiterFee(
  answer: Pick<OrderAnswer, 'feeBps' | 'feeMint'> & Partial<Pick<OrderAnswer, 'platformFee'>>,
  referral: OrderReferral | null,
): ServiceFee | null {
  const stated = answer.platformFee ?? null;
  const feeBps = stated?.feeBps ?? answer.feeBps ?? 0;
  if (feeBps <= 0) return null;
  // The published table's highest rate is a cap the service's word cannot raise.
  if (feeBps > MAX_JUPITER_FEE_BPS) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      `The swap service states a platform fee of ${feeBps} bps for itself, above the ${MAX_JUPITER_FEE_BPS} bps Jupiter publishes as its highest (new tokens). Nothing was signed; get a fresh quote.`,
    );
  }
  return {
    by: 'Jupiter',
    feeBps,
    // Not stated (the rate alone): shown as its rate, never as "0" (issue 32).
    amount: stated?.amount ?? null,
    mint: stated?.feeMint ?? answer.feeMint ?? null,
    // A fallback order of the person's own referral (its fee mint's account missing) may still
    // pay into the referral's accounts: theirs, so attributable (review/guard-service-fee.ts).
    ...(referral === null ? {} : { integratorReferral: referral.referralAccount }),
  };
}
