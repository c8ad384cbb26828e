/**
 * The multiplier a Scaled UI Amount mint applies now (issue 35): read from the mint account on
 * every call, because the issuer may change it at any time and a scheduled change takes effect
 * at its timestamp on the chain's clock, exactly as the program picks it.
 */
import { multiplierAt, scaledConfigOfMint } from '../../shared/scaled-amount';
import { TOKEN_2022_PROGRAM_ID } from '../tokens';
import type { LedgerAccount } from './ledger-view';

/** What the look-up needs of the ledger. */
export interface MintScaleSource {
  getAccount(address: string): LedgerAccount | null;
  /** The chain's clock, unix seconds. */
  unixTimestamp(): number;
}

/** The multiplier in force for `mint` at the chain's clock, or null when it has no such extension. */
export function mintMultiplier(ledger: MintScaleSource, mint: string): number | null {
  const account = ledger.getAccount(mint);
  if (account === null || account.owner !== TOKEN_2022_PROGRAM_ID) return null;
  const config = scaledConfigOfMint(account.data);
  return config === null ? null : multiplierAt(config, ledger.unixTimestamp());
}
