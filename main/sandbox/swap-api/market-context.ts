/**
 * What every request of the swap API works against: the ledger, the market, the pool graph and
 * the token set, plus a reader of pool state that asks the ledger (memoised while the ledger's
 * account state is unchanged, else for one request): a CP-Swap pool's whole on-chain view
 * (PoolState, AmmConfig, vaults, mint fees), an AMM v4 pool's (AmmInfo, vaults), a CLMM pool's
 * (PoolState, AmmConfig, vaults, tick arrays), the market
 * maker's vault balances.
 */
import type { LedgerView } from '../ledger/ledger-view';
import type { Market } from '../pools/seed-market';
import { PoolGraph } from '../router/pool-graph';
import { cachedReserves, type ReservesOf } from '../router/route-types';
import { TOKEN_2022_PROGRAM_ID, type SandboxToken } from '../tokens';
import { readCpPool } from '../cp-swap/cp-pool-view';
import { readAmmV4Pool } from '../amm-v4/amm-pool-view';
import { stateCache } from './reserves-cache';
import { readClmmPool } from '../clmm/clmm-pool-view';

const SLOTS_PER_EPOCH = 432_000;

/** The top set of intermediate tokens when `restrictIntermediateTokens` (SOL, USDC, USDT). */
export const TOP_INTERMEDIATE_SYMBOLS = ['SOL', 'USDC', 'USDT'] as const;

export interface MarketContext {
  ledger: LedgerView;
  market: Market;
  graph: PoolGraph;
  tokens: ReadonlyMap<string, SandboxToken>;
  topIntermediates: ReadonlySet<string>;
  isToken2022(mint: string): boolean;
  /** A fresh reserves reader for one request. */
  reservesReader(): ReservesOf;
}

export function createMarketContext(ledger: LedgerView, market: Market): MarketContext {
  const tokens = new Map(market.tokens.map((token) => [token.mint, token]));
  const topIntermediates = new Set(
    market.tokens
      .filter((token) => (TOP_INTERMEDIATE_SYMBOLS as readonly string[]).includes(token.symbol))
      .map((token) => token.mint),
  );
  const shared = stateCache();
  return {
    ledger,
    market,
    graph: new PoolGraph(market.pools),
    tokens,
    topIntermediates,
    isToken2022: (mint) => tokens.get(mint)?.tokenProgram === TOKEN_2022_PROGRAM_ID,
    reservesReader: () => {
      const epoch = BigInt(Math.floor(ledger.currentSlot() / SLOTS_PER_EPOCH));
      const version = ledger.accountStateVersion?.();
      // Requests at the same account state (and epoch, for the transfer fees) share what they
      // read: a quote polled again, or /swap right after its quote, reads no pool twice.
      const cache = version === undefined ? cachedReserves : shared.at(`${version}:${epoch}`);
      return cache((pool) => {
        if (pool.curve.kind === 'cp-swap') {
          const cp = readCpPool(ledger, pool.ammKey, epoch);
          if (cp === null) return { a: 0n, b: 0n };
          return { a: cp.vault0, b: cp.vault1, cp };
        }
        if (pool.curve.kind === 'amm-v4') {
          const amm = readAmmV4Pool(ledger, pool.ammKey);
          if (amm === null) return { a: 0n, b: 0n };
          // The curve's reserves: the vaults less the PnL the pool owes (zero in the sandbox).
          const a = amm.coinVault - amm.info.needTakePnlCoin;
          const b = amm.pcVault - amm.info.needTakePnlPc;
          return { a, b, amm };
        }
        if (pool.curve.kind === 'clmm') {
          const clmm = readClmmPool(ledger, pool.ammKey);
          if (clmm === null) return { a: 0n, b: 0n };
          return { a: clmm.vault0, b: clmm.vault1, clmm };
        }
        return {
          a: ledger.tokenBalance(pool.vaultA) ?? 0n,
          b: ledger.tokenBalance(pool.vaultB) ?? 0n,
        };
      });
    },
  };
}
