/**
 * PublicKeys of base58 addresses, made once each (issue 26): /swap builds its instructions from
 * addresses, and making the same two dozen keys again for every request cost it 0.1 ms. A
 * PublicKey is never changed once made, so one can serve every instruction that names it.
 */
import { PublicKey } from '@solana/web3.js';

const MAX_KEYS = 4096;
const keys = new Map<string, PublicKey>();

/** `new PublicKey(address)`, remembered; throws as it does for a string that is no key. */
export function keyOf(address: string): PublicKey {
  let key = keys.get(address);
  if (key === undefined) {
    key = new PublicKey(address);
    // Bounded: a sandbox that meets many addresses starts over rather than grow.
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(address, key);
  }
  return key;
}
