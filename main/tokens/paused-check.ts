/**
 * The wallet says a token is paused before it builds anything with it (issue 35): a quote, a
 * payment plan, a payment's transfer. The mints are read from the network each time (no
 * cache), so the moment the issuer resumes a token, the next quote works.
 */
import { PublicKey } from '@solana/web3.js';
import { WalletError } from '../shared/errors';
import { isPausedMint, pausedWords } from './mint-extension-data';

/** What the check reads with: web3.js's Connection or the review's leaner client alike. */
export interface MintReads {
  getMultipleAccountsInfo(
    keys: PublicKey[],
    commitment: 'confirmed',
  ): Promise<({ owner: { toBase58(): string }; data: Uint8Array } | null)[]>;
}

/**
 * Throws TOKEN_PAUSED naming the first paused mint of `mints`; `nameOf` gives its symbol when
 * the wallet knows one, and is asked only then (a review waits for this check: issue 36). A
 * mint that cannot be read is left to the later steps, which say so. Throws
 * NETWORK_UNAVAILABLE when the network cannot be asked.
 */
export async function refusePausedMints(
  connection: MintReads,
  mints: readonly string[],
  nameOf: (mint: string) => string | null | Promise<string | null> = () => null,
): Promise<void> {
  const keys = [...new Set(mints)].map((mint) => new PublicKey(mint));
  if (keys.length === 0) return;
  const infos = await connection
    .getMultipleAccountsInfo(keys, 'confirmed')
    .catch((error: unknown) => {
      throw new WalletError(
        'NETWORK_UNAVAILABLE',
        'The network could not be reached to read the tokens. Try again in a moment.',
        { cause: error },
      );
    });
  const paused = infos.findIndex((info) => info && isPausedMint(info.owner.toBase58(), info.data));
  if (paused < 0) return;
  const mint = keys[paused]!.toBase58();
  // A name that cannot be had is no reason to hide the refusal: the address names it then.
  const name = await Promise.resolve(nameOf(mint)).catch(() => null);
  throw new WalletError('TOKEN_PAUSED', pausedWords(name ?? `The token ${mint}`));
}
