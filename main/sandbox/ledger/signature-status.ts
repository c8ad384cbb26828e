/**
 * A signature's status as `getSignatureStatuses` answers it: the confirmation count and level
 * from the slot the transaction landed in, and the status cache's horizon.
 */
import type { SignatureStatus } from './ledger-types';

/** How many recent slots a signature status stays in the status cache (as on mainnet). */
export const STATUS_CACHE_SLOTS = 300;

/** The status of a transaction executed at `recordSlot`, seen at `slot`; null past the cache. */
export function signatureStatusAt(
  record: { slot: number; err: SignatureStatus['err'] },
  slot: number,
  searchHistory: boolean,
): SignatureStatus | null {
  if (!searchHistory && record.slot < slot - STATUS_CACHE_SLOTS) return null;
  const confirmations = slot - record.slot;
  return {
    slot: record.slot,
    confirmations: confirmations >= 32 ? null : confirmations,
    err: record.err,
    confirmationStatus:
      confirmations >= 32 ? 'finalized' : confirmations >= 1 ? 'confirmed' : 'processed',
  };
}
