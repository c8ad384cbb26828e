/**
 * The multiplier a transaction's token balances are recorded at (issue 35). A validator writes
 * `uiTokenAmount` of a Scaled UI Amount mint scaled at the block's clock (Agave's token balance
 * collection reads the mint's ScaledUiAmountConfig with the bank's unix timestamp), so a
 * transaction from before a split keeps showing the amounts of before the split.
 */
import { TOKEN_2022_PROGRAM_ID } from '../tokens';
import { multiplierAt, scaledConfigOfMint } from '../../shared/scaled-amount';
import type { LedgerAccount } from './ledger-view';

/** The mint as the transaction saw it (`accounts` follow `keys`), or null when not among them. */
export function mintAsOf(
  mint: string,
  keys: readonly string[],
  accounts: readonly (LedgerAccount | null)[],
): LedgerAccount | null {
  const index = keys.indexOf(mint);
  return index < 0 ? null : (accounts[index] ?? null);
}

/** The multiplier in force at `unixSeconds` of a scaled mint; null for any other account. */
export function scaledMultiplierAt(mint: LedgerAccount | null, unixSeconds: number): number | null {
  if (!mint || mint.owner !== TOKEN_2022_PROGRAM_ID) return null;
  const config = scaledConfigOfMint(mint.data);
  return config === null ? null : multiplierAt(config, unixSeconds);
}
