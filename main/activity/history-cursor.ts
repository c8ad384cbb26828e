/**
 * Where the next page of chain history starts (chain-history.ts): per address read, the last
 * signature already shown and whether its history is exhausted; and what the last slot shown
 * already showed. It crosses the bridge as
 * opaque base64url text; what comes back is parsed with zod like any bridge payload, and must
 * be for the same account.
 */
import { z } from 'zod';
import { WalletError } from '../shared/errors';

const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

const cursorSchema = z.object({
  owner: z.string().regex(ADDRESS),
  addresses: z
    .array(
      z.object({
        address: z.string().regex(ADDRESS),
        before: z.string().regex(SIGNATURE).nullable(),
        done: z.boolean(),
      }),
    )
    .min(1)
    .max(1000),
  /**
   * The slot of the last transaction shown, and every signature shown at that slot: one
   * transaction can touch several of the accounts, and the lists of two accounts may still hold
   * it at that slot, so the next page must know not to show it again.
   */
  lastSlot: z.number().int().min(0).nullable(),
  shownAtLastSlot: z.array(z.string().regex(SIGNATURE)).max(5000),
});

export type HistoryCursor = z.infer<typeof cursorSchema>;

/** The cursor as text for the page. */
export function encodeCursor(cursor: HistoryCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor of `text`; a damaged one, or one of another account, is refused in words. */
export function decodeCursor(text: string, owner: string): HistoryCursor {
  let parsed: HistoryCursor;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new WalletError(
      'INVALID_REQUEST',
      'This page of activity cannot be read. Reload Activity to start from the newest.',
    );
  }
  if (parsed.owner !== owner) {
    throw new WalletError(
      'INVALID_REQUEST',
      'This page of activity belongs to another account. Reload Activity to start from the newest.',
    );
  }
  return parsed;
}
