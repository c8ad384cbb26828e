/**
 * AMM v4 as a venue of the router: its genesis pools as the router's `Pool`s (mintA/vaultA the
 * coin, mintB/vaultB the pc), a leg's price from the pool's on-chain state (amm-quote.ts), and
 * the instruction the sandbox sends for a leg (`swap_base_in_v2` / `swap_base_out_v2`).
 */
import type { TransactionInstruction } from '@solana/web3.js';
import type { LedgerView } from '../ledger/ledger-view';
import type { SandboxToken } from '../tokens';
import { AMM_V4_LABEL, type Pool, type SwapLeg } from '../venues/types';
import { seedAmmAddress } from './amm-genesis';
import { readAmmV4Pool } from './amm-pool-view';
import {
  ammQuoteExactIn,
  ammQuoteExactOut,
  type AmmV4PoolView,
  type AmmV4Quote,
} from './amm-quote';
import { AMM_V4_POOL_SEEDS } from './pool-seeds';
import { swapBaseInV2Instruction, swapBaseOutV2Instruction } from './program';

/** The AMM v4 pools of genesis as the ledger holds them. */
export function ammV4Pools(ledger: LedgerView, tokens: readonly SandboxToken[]): Pool[] {
  const mintOf = (symbol: string) => {
    const token = tokens.find((entry) => entry.symbol === symbol);
    if (token === undefined) throw new Error(`AMM v4 pool seed names unknown token ${symbol}`);
    return token.mint;
  };
  return AMM_V4_POOL_SEEDS.map((seed) => {
    const address = seedAmmAddress(seed, mintOf);
    const view = readAmmV4Pool(ledger, address);
    if (view === null) {
      throw new Error(`The ledger has no AMM v4 pool ${seed.coin}/${seed.pc} at ${address}`);
    }
    const { info } = view;
    return {
      ammKey: address,
      label: AMM_V4_LABEL,
      mintA: info.coinVaultMint,
      mintB: info.pcVaultMint,
      vaultA: info.coinVault,
      vaultB: info.pcVault,
      feeBps: Number((info.swapFeeNumerator * 10_000n) / info.swapFeeDenominator),
      curve: { kind: 'amm-v4' },
    };
  });
}

function leg(quote: AmmV4Quote | null): SwapLeg | null {
  return quote === null
    ? null
    : {
        amountIn: quote.amountIn,
        amountOut: quote.amountOut,
        feeAmount: quote.swapFee,
        feeOnInput: true,
      };
}

/** What the pool pays for `amountIn` (coin → pc when `coinToPc`). */
export function ammV4ExactIn(view: AmmV4PoolView, coinToPc: boolean, amountIn: bigint) {
  return leg(ammQuoteExactIn(view, coinToPc, amountIn));
}

/** What the pool takes for exactly `amountOut`. */
export function ammV4ExactOut(view: AmmV4PoolView, coinToPc: boolean, amountOut: bigint) {
  return leg(ammQuoteExactOut(view, coinToPc, amountOut));
}

/** One leg's swap: ExactIn bounded by the least it must deliver, ExactOut by the most it takes. */
export function ammV4LegInstruction(
  view: AmmV4PoolView,
  owner: string,
  from: string,
  to: string,
  exactIn: boolean,
  amounts: { amountIn: bigint; amountOut: bigint; bound: bigint },
): TransactionInstruction {
  const accounts = {
    amm: view.address,
    coinVault: view.info.coinVault,
    pcVault: view.info.pcVault,
    userSource: from,
    userDestination: to,
    owner,
  };
  return exactIn
    ? swapBaseInV2Instruction(accounts, amounts.amountIn, amounts.bound)
    : swapBaseOutV2Instruction(accounts, amounts.bound, amounts.amountOut);
}
