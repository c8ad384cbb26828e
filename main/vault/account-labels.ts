/** Labels people see for accounts, and the short address form used in messages. */
import type { AccountSummary } from '../../preload/api-types';
import { WalletError } from '../shared/errors';

export const MAX_LABEL_LENGTH = 64;

/** A label as stored: trimmed, 1 to 64 characters; INVALID_REQUEST otherwise. */
export function cleanLabel(label: string): string {
  const trimmed = label.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_LABEL_LENGTH) {
    throw new WalletError(
      'INVALID_REQUEST',
      `An account name must be 1 to ${MAX_LABEL_LENGTH} characters long.`,
    );
  }
  return trimmed;
}

/**
 * `count` labels for new accounts. Without a chosen label: "Account N", N counting on from the
 * number of accounts and skipping names already taken. With one: that label, numbered when
 * several accounts come in at once ("Ledger 1", "Ledger 2").
 */
export function newLabels(existing: AccountSummary[], count: number, chosen?: string): string[] {
  if (chosen !== undefined) {
    const label = cleanLabel(chosen);
    return count === 1
      ? [label]
      : Array.from({ length: count }, (_, i) => `${label.slice(0, MAX_LABEL_LENGTH - 4)} ${i + 1}`);
  }
  const taken = new Set(existing.map((account) => account.label));
  const labels: string[] = [];
  for (let n = existing.length + 1; labels.length < count; n++) {
    const label = `Account ${n}`;
    if (!taken.has(label)) labels.push(label);
  }
  return labels;
}

/** "7xKX…sgAs": enough of an address to recognise it in a message. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 4)}…${address.slice(-4)}`;
}
