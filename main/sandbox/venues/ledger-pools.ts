/**
 * The catalog's Raydium pools (CP-Swap, CLMM) as the router's market lists them: each read from
 * the ledger where the program wrote it at genesis, with its mints, vaults and its AmmConfig's
 * trade fee. Both programs name the same things in their PoolState, under their own field names.
 */
import type { LedgerView } from '../ledger/ledger-view';
import { SANDBOX_TOKENS } from '../tokens';
import type { Pool } from './types';

/** The mint of the sandbox token `symbol`; throws naming `venue`'s pool seed when none has it. */
export function seedMint(venue: string, symbol: string): string {
  const token = SANDBOX_TOKENS.find((entry) => entry.symbol === symbol);
  if (token === undefined) throw new Error(`${venue} pool seed names unknown token ${symbol}`);
  return token.mint;
}

/** What a pool's PoolState and AmmConfig tell the market, read by each program's decoder. */
export interface LedgerPoolReader {
  /** The venue's name in a refusal: "CP-Swap", "CLMM". */
  venue: string;
  label: Pool['label'];
  curve: Pool['curve'];
  state(data: Uint8Array): {
    ammConfig: string;
    mint0: string;
    mint1: string;
    vault0: string;
    vault1: string;
  };
  /** The AmmConfig's trade fee rate, in parts per million. */
  tradeFeeRate(data: Uint8Array): bigint;
}

/** The pool of `seed` at `address` as the router lists it; throws when the ledger has none. */
export function ledgerPool(
  ledger: Pick<LedgerView, 'getAccount'>,
  reader: LedgerPoolReader,
  seed: { a: string; b: string; feeTier: string },
  address: string,
): Pool {
  const account = ledger.getAccount(address);
  if (account === null) {
    throw new Error(
      `The ledger has no ${reader.venue} pool ${seed.a}/${seed.b} ${seed.feeTier} at ${address}`,
    );
  }
  const state = reader.state(account.data);
  const config = ledger.getAccount(state.ammConfig);
  const rate = config === null ? 0n : reader.tradeFeeRate(config.data);
  return {
    ammKey: address,
    label: reader.label,
    mintA: state.mint0,
    mintB: state.mint1,
    vaultA: state.vault0,
    vaultB: state.vault1,
    feeBps: Number(rate / 100n),
    curve: { ...reader.curve },
  };
}
