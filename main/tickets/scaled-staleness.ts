/**
 * A review of a Scaled UI Amount token goes stale when the token's multiplier changes while it
 * is open (issue 35): the amounts it showed, the bounds the person accepted in scaled units,
 * would no longer be what they read once the transaction lands. Checked at approval, against
 * the mint accounts as the network has them now and the wall clock (a scheduled change takes
 * effect at its timestamp), before anything is signed.
 */
import { PublicKey } from '@solana/web3.js';
import type { ReviewConnection, TokenWarning } from '../review/types';
import { WalletError } from '../shared/errors';
import { scaledWarningName } from '../review/scaled-warning';
import { multiplierAt, multiplierText, scaledConfigOfMint } from '../shared/scaled-amount';

/** The multiplier the review said each scaled mint's amounts at, and the token's name, by mint. */
function reviewedMultipliers(
  warnings: readonly TokenWarning[],
): Map<string, { multiplier: number; name: string }> {
  const seen = new Map<string, { multiplier: number; name: string }>();
  for (const warning of warnings) {
    if (warning.kind === 'scaled-amount' && warning.multiplier !== undefined) {
      seen.set(warning.mint, { multiplier: warning.multiplier, name: scaledWarningName(warning) });
    }
  }
  return seen;
}

/**
 * Throws TICKET_EXPIRED, in words, when a scaled mint of the review now has another multiplier
 * than the review showed; nothing happens for a review without scaled mints (no read either).
 */
export async function refuseStaleMultipliers(
  connection: Pick<ReviewConnection, 'getMultipleAccountsInfo'>,
  warnings: readonly TokenWarning[],
  nowMs: number = Date.now(),
): Promise<void> {
  const reviewed = reviewedMultipliers(warnings);
  if (reviewed.size === 0) return;
  const mints = [...reviewed.keys()];
  const infos = await connection.getMultipleAccountsInfo(
    mints.map((mint) => new PublicKey(mint)),
    'confirmed',
  );
  mints.forEach((mint, index) => {
    const info = infos[index];
    const config = info ? scaledConfigOfMint(info.data) : null;
    const { multiplier: before, name } = reviewed.get(mint)!;
    const now = config === null ? null : multiplierAt(config, nowMs / 1000);
    if (now === before) return;
    throw new WalletError(
      'TICKET_EXPIRED',
      now === null
        ? `${name}'s scaled amounts could not be read again, so this review may no longer show what you would get. Nothing was signed: review the swap again.`
        : `${name}'s multiplier changed from ${multiplierText(before)} to ${multiplierText(now)} since this review: the ${name} amounts it showed are no longer what you would see. Nothing was signed: review the swap again.`,
    );
  });
}
