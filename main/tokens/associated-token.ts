/**
 * Associated token account addresses, remembered (issue 26). Deriving one searches for a
 * program address: up to 256 SHA-256 hashes, each followed by an ed25519 curve check, about
 * 0.4 ms in Node. A review and a /swap derive the same few addresses again on every request
 * (the person's account of each mint, the program authority's), and the derivation is a pure
 * function of (mint, owner, token program): nothing on chain can change its answer, so
 * remembering it can never serve a stale result.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';

/** Enough for every account a session meets; past it the memory starts over. */
const LIMIT = 4096;

const remembered = new Map<string, { key: PublicKey; address: string }>();

const text = (value: PublicKey | string) => (typeof value === 'string' ? value : value.toBase58());

function derived(
  mint: PublicKey | string,
  owner: PublicKey | string,
  tokenProgram: PublicKey | string,
) {
  const id = `${text(mint)}:${text(owner)}:${text(tokenProgram)}`;
  let found = remembered.get(id);
  if (found === undefined) {
    // Owners off the curve (program authorities, PDAs) are allowed, as every caller needs.
    const key = getAssociatedTokenAddressSync(
      new PublicKey(mint),
      new PublicKey(owner),
      true,
      new PublicKey(tokenProgram),
    );
    found = { key, address: key.toBase58() };
    if (remembered.size >= LIMIT) remembered.clear();
    remembered.set(id, found);
  }
  return found;
}

/**
 * The associated token account of `owner` for `mint` under `tokenProgram`, as a base58 address.
 *
 * @example associatedTokenAddress(USDC, user, TOKEN_PROGRAM) // the person's USDC account
 */
export function associatedTokenAddress(
  mint: PublicKey | string,
  owner: PublicKey | string,
  tokenProgram: PublicKey | string,
): string {
  return derived(mint, owner, tokenProgram).address;
}

/**
 * The same address as a PublicKey (for instruction builders). The object is shared between
 * callers: treat it as read-only, as every PublicKey is used.
 *
 * @example createCloseAccountInstruction(associatedTokenKey(NATIVE_MINT, user, TOKEN_PROGRAM), ...)
 */
export function associatedTokenKey(
  mint: PublicKey | string,
  owner: PublicKey | string,
  tokenProgram: PublicKey | string,
): PublicKey {
  return derived(mint, owner, tokenProgram).key;
}
