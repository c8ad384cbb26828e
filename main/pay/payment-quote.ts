/**
 * The two sums a payment plan rests on (issue 21): what the payer's own transfer must send so
 * that the payee receives exactly the amount (grossed up by a Token-2022 transfer fee), and the
 * exact-output quote, asked without the venues the payment's build endpoint cannot serve.
 */
import type { Connection } from '@solana/web3.js';
import type { Address } from '../shared/address';
import { WalletError, isWalletError } from '../shared/errors';
import { networkUnreachable } from '../shared/network-unreachable';
import type { Quote, SwapApiClient } from '../swap-api';
import { NATIVE_MINT } from '../review/program-ids';
import type { Payee } from './payee';
import type { PayFees } from './plan-book';
import { grossUp, type GrossedUp } from './transfer-fee';

const unreachable = networkUnreachable(
  'The network could not be reached to read the current epoch (for the token\u2019s transfer fee). Try again.',
);

/**
 * What the payer's own transfer of `amount` must send so that the payee receives exactly
 * `amount`: grossed up by the mint's Token-2022 transfer fee in the current epoch (issue 21).
 */
export async function payerTransfer(
  connection: Pick<Connection, 'getEpochInfo'>,
  payee: Payee,
  amount: bigint,
): Promise<GrossedUp> {
  if (payee.transferFee === undefined) return { gross: amount, fee: 0n };
  const { epoch } = await connection.getEpochInfo('confirmed').catch(unreachable);
  return grossUp(payee.transferFee, BigInt(epoch), amount);
}

/**
 * The payment's ExactOut quote, without the venues `avoid` names. Throws NO_ROUTE in words that
 * say what to try: another token, or, when only an avoided venue has a route, why it cannot be
 * part of this payment.
 */
export async function quoteExactOut(
  deps: { api: () => Promise<SwapApiClient> },
  input: { payWithMint: Address; slippageBps?: number | undefined },
  want: {
    outputMint: Address;
    amount: bigint;
    fees: PayFees | undefined;
    avoid: readonly string[];
    /** Why the payment is composed from instructions: SOL to a wallet, or references/memo. */
    composed?: 'sol' | 'references';
  },
): Promise<Quote> {
  const api = await deps.api();
  const params = {
    inputMint: input.payWithMint,
    outputMint: want.outputMint,
    amount: want.amount,
    swapMode: 'ExactOut' as const,
    slippageBps: input.slippageBps ?? 50,
    ...(want.fees ? { platformFeeBps: want.fees.platformFeeBps } : {}),
  };
  try {
    return await api.quote(
      want.avoid.length > 0 ? { ...params, excludeDexes: [...want.avoid] } : params,
    );
  } catch (error) {
    if (!isWalletError(error) || error.code !== 'NO_ROUTE') throw error;
    const onlyAvoided =
      want.avoid.length > 0 &&
      (await api.quote(params).then(
        () => true,
        () => false,
      ));
    if (onlyAvoided) {
      const venues = want.avoid.join(', ');
      throw new WalletError(
        'NO_ROUTE',
        want.composed === 'sol'
          ? `Only ${venues} trades this pair, and it signs its own transactions, so the SOL transfer to the recipient's wallet cannot follow it in one transaction. Pay with another token, such as USDC.`
          : `Only ${venues} trades this pair, and it signs its own transactions, which cannot carry this request's reference keys or memo. Pay with the requested token itself if you hold it, or ask the payee for a request without a reference or memo.`,
        { cause: error },
      );
    }
    const suggestion = input.payWithMint === NATIVE_MINT ? 'USDC' : 'SOL or USDC';
    throw new WalletError(
      'NO_ROUTE',
      `No exact-output route pays this amount with the token you picked (only Whirlpool, Raydium CLMM and Raydium CPMM pools serve exact-output payments). Try paying with another token, such as ${suggestion}.`,
      { cause: error },
    );
  }
}
