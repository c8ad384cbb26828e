/**
 * The sandbox's JitoSOL stake pool state (issue 32): the SPL stake pool program's `StakePool`
 * account at Jito's mainnet address, owned by that program's id, in its layout, with the
 * exchange rate of the sandbox's market (1.21 SOL a JitoSOL: market-data/reference-prices.ts,
 * 181.5 / 150), so the wallet prices JitoSOL from it exactly as on mainnet. Only the fields the
 * wallet reads are set; the rest is zero (valid Borsh: empty options, no future fees). Written
 * straight into the VM at start, like the feeds; no program runs on it.
 */
import { PublicKey } from '@solana/web3.js';
import { SPL_STAKE_POOL_PROGRAM, STAKE_POOLS } from '../../prices/chain-pools/stake-pool-rate';
import type { FeedLedger } from './feed-publisher';

/** Mainnet's StakePool account size. */
const STAKE_POOL_SIZE = 611;
const SUPPLY = 10_000_000_000_000_000n; // 10 M JitoSOL
const TOTAL_LAMPORTS = (SUPPLY * 121n) / 100n;

/** Writes every stake pool of the wallet's table (JitoSOL's) into the ledger. */
export function writeStakePoolStates(ledger: Omit<FeedLedger, 'currentSlot'>): void {
  for (const entry of STAKE_POOLS) {
    const data = new Uint8Array(STAKE_POOL_SIZE);
    const view = new DataView(data.buffer);
    data[0] = 1; // AccountType::StakePool
    data.set(new PublicKey(entry.mint).toBytes(), 162);
    data.set(new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA').toBytes(), 226);
    view.setBigUint64(258, TOTAL_LAMPORTS, true);
    view.setBigUint64(266, SUPPLY, true);
    ledger.writeAccount(entry.pool, {
      lamports: ledger.minimumBalanceForRentExemption(STAKE_POOL_SIZE),
      owner: SPL_STAKE_POOL_PROGRAM,
      data,
      executable: false,
    });
  }
}
