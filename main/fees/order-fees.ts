/**
 * The referral fee of a Swap API v2 /order (issue 22 point 4), held to what its answer states:
 * the answer must name the referral account the wallet asked for; when the fee applies (its
 * `feeBps` is the referral fee asked) it is taken in the answer's `feeMint`, one of the two
 * tokens of the swap, and must land in the referral account's token account of that mint.
 * The swap's fee then becomes the swap's integrator fee as on /build: the guard's fee rule
 * (review/guard-fee.ts) holds the transaction to exactly that rate landing in exactly that
 * account. An answer that does not apply the fee (the token account of the fee mint is
 * missing, so Jupiter falls back) carries no integrator fee, and the guard then lets no fee
 * go anywhere the wallet can see.
 */
import { PublicKey, type Connection } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../review/program-ids';
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
  answer: Pick<OrderAnswer, 'quote' | 'referralAccount' | 'feeBps' | 'feeMint'>,
): Promise<{ quote: Quote; fees: SwapFees | null }> {
  const { quote } = answer;
  if (answer.referralAccount !== null && answer.referralAccount !== referral?.referralAccount) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      `The swap service answered this order for the referral account ${answer.referralAccount}, not ${referral?.referralAccount ?? 'none'} as set in Fees. Nothing was signed; get a fresh quote.`,
    );
  }
  if (referral === null || answer.feeBps !== referral.referralFeeBps) {
    return { quote, fees: null };
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
  };
}
