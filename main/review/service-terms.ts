/**
 * What a network's swap service may take besides the swap, as published, so that the guard
 * holds the service to it instead of to whatever its transaction says: the share of a
 * platform fee it keeps at swap time (and the wallet that share goes to), and the accounts a
 * tip may go to.
 *
 * Mainnet: the aggregator pays the whole platform fee to the fee account at swap time (the
 * referral program takes its share later, when the fee is claimed), and tips go to one of the
 * eight tip accounts Jito publishes (its block engine's getTipAccounts answer). The sandbox:
 * its operator keeps 2.5% of a platform fee and takes tips (shared/sandbox-operator.ts).
 */
import { JUPITER_AUTHORITIES } from '../fees/jupiter-fee-account';
import type { Address } from '../shared/address';
import {
  SANDBOX_FEE_OPERATOR,
  SANDBOX_FEE_SHARE_PER_MILLE,
  SANDBOX_GAS_PAYER,
} from '../shared/sandbox-operator';

export interface ServiceTerms {
  /** The service's share of a platform fee, in per mille rounded down, and its wallet. */
  feeShare: { perMille: bigint; owner: Address } | null;
  /** The only accounts a tip (SOL from the person, within the priority cap) may go to. */
  tipAccounts: ReadonlySet<string>;
  /**
   * The service's own gas payer, which pays the network fee of a gasless /order and signs after
   * the person (issue 22); null for a service without gasless swaps.
   */
  gasPayer: Address | null;
  /**
   * The owners whose associated token account of the fee mint may receive the service's own
   * platform fee (an /order's Jupiter fee, review/guard-service-fee.ts): Jupiter's aggregator
   * program authorities on every network, since the sandbox runs the same program at the same
   * address (fees/jupiter-fee-account.ts says which real answers show it).
   */
  jupiterFeeOwners: ReadonlySet<string>;
}

/**
 * Jupiter's gas payer: the official Swap API v2 OpenAPI (jup-ag/docs @ 1dda348d, OrderResponse
 * `gasless`): "Automatic Jupiter sponsorship: signatureFeePayer = gasTzr94Pmp4Gf8vknQnqxeYxdgwFjbgdJa4msYRpnB".
 */
export const JUPITER_GAS_PAYER = 'gasTzr94Pmp4Gf8vknQnqxeYxdgwFjbgdJa4msYRpnB' as Address;

/** Jito's tip accounts (block engine `getTipAccounts`, the same eight on every region). */
export const JITO_TIP_ACCOUNTS: readonly string[] = [
  '96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5',
  'HFqU5x63VTqvQss8hp11i4wVV8bD44PvwucfZ2bU7gRe',
  'Cw8CFyM9FkoMi7K7Crf6HNQqf4uEMzpKw6QNghXLvLkY',
  'ADaUMid9yfUytqMBgopwjb2DTLSokTSzL1zt6iGPaS49',
  'DfXygSm4jCyNCybVYYK6DwvWqjKee8pbDmJGcLWNDXjh',
  'ADuUkR4vqLUMWXxW9gh6D6L8pMSawimctcNZ5pGwDcEt',
  'DttWaMuVvTiduZRnguLF7jNxTgiMBZ1hyAumKUiL2KRL',
  '3AVi9Tg9Uo68tJfuvoKvqKNWKkC5wPdSSdeBnizKZ6jT',
];

/** Mainnet and any custom network: the strictest terms (no share, Jito's tip accounts). */
export const MAINNET_TERMS: ServiceTerms = {
  feeShare: null,
  tipAccounts: new Set(JITO_TIP_ACCOUNTS),
  gasPayer: null,
  jupiterFeeOwners: new Set(JUPITER_AUTHORITIES),
};

/** The sandbox's swap service. */
export const SANDBOX_TERMS: ServiceTerms = {
  feeShare: { perMille: SANDBOX_FEE_SHARE_PER_MILLE, owner: SANDBOX_FEE_OPERATOR as Address },
  tipAccounts: new Set([SANDBOX_FEE_OPERATOR]),
  gasPayer: SANDBOX_GAS_PAYER as Address,
  // Its /order pays Jupiter's fee by pair into program authority 12's account of the fee mint,
  // as the real Ultra order does (sandbox/swap-api/v2-order.ts).
  jupiterFeeOwners: new Set(JUPITER_AUTHORITIES),
};

/**
 * Jupiter's 16 tip accounts for its send endpoint, which `/build`'s `tipAmount` pays (docs-v2
 * "Transaction Submission", test/fixtures/real-world/docs-v2/jup-ag-docs-1dda348d-transaction-submit.mdx;
 * service-terms.test.ts reads the list from that file).
 */
export const JUPITER_TIP_ACCOUNTS: readonly string[] = [
  'GGztQqQ6pCPaJQnNpXBgELr5cs3WwDakRbh1iEMzjgSJ',
  '2MFoS3MPtvyQ4Wh4M9pdfPjz6UhVoNbFbGJAskCPCj3h',
  'BQ72nSv9f3PRyRKCBnHLVrerrv37CYTHm5h3s9VSGQDV',
  '6U91aKa8pmMxkJwBCfPTmUEfZi6dHe7DcFq2ALvB2tbB',
  '4xDsmeTWPNjgSVSS1VTfzFq3iHZhp77ffPkAmkZkdu71',
  'CapuXNQoDviLvU1PxFiizLgPNQCxrsag1uMeyk6zLVps',
  '9nnLbotNTcUhvbrsA6Mdkx45Sm82G35zo28AqUvjExn8',
  '6LXutJvKUw8Q5ue2gCgKHQdAN4suWW8awzFVC6XCguFx',
  'HFqp6ErWHY6Uzhj8rFyjYuDya2mXUpYEk8VW75K9PSiY',
  'DSN3j1ykL3obAVNv7ZX49VsFCPe4LqzxHnmtLiPwY6xg',
  '69yhtoJR4JYPPABZcSNkzuqbaFbwHsCkja1sP1Q2aVT5',
  'HU23r7UoZbqTUuh3vA7emAGztFtqwTeVips789vqxxBw',
  '3LoAYHuSd7Gh8d7RTFnhvYtiTiefdZ5ByamU42vkzd76',
  '3CgvbiM3op4vjrrjH2zcrQUwsqh5veNVRjFCB9N6sRoD',
  'GP8StUXNYSZjPikyRsvkTbvRV1GBxMErb59cpeCJnDf1',
  '7iWnBRRhBCiNXXPhqiGzvvBkKrvFSWqqmxRyu9VyYBxE',
];

/** A Swap API v2 service (issue 22): no share, tips only to Jupiter's 16 tip accounts. */
export const SWAP_V2_TERMS: ServiceTerms = {
  feeShare: null,
  tipAccounts: new Set(JUPITER_TIP_ACCOUNTS),
  gasPayer: JUPITER_GAS_PAYER,
  jupiterFeeOwners: new Set(JUPITER_AUTHORITIES),
};

/** The terms of a network's swap service: the sandbox's, a v2 service's, or mainnet's. */
export function termsOf(network: { isSandbox: boolean; swapApiFlavour: string }): ServiceTerms {
  if (network.isSandbox) return SANDBOX_TERMS;
  return network.swapApiFlavour === 'swap-v2' ? SWAP_V2_TERMS : MAINNET_TERMS;
}

/** The service's share of a platform fee of `fee` base units. */
export function serviceShareOf(terms: ServiceTerms, fee: bigint): bigint {
  return terms.feeShare === null ? 0n : (fee * terms.feeShare.perMille) / 1_000n;
}
