/**
 * A review of a Scaled UI Amount token is refused at approval, in words, when the multiplier
 * changed while it was open (issue 35): an issuer's update, or a scheduled change whose time
 * came. The mint bytes are Token-2022's layout (main/shared/scaled-amount.ts encodes them as
 * spl-token's ScaledUiAmountConfigLayout does, checked in its own test).
 */
import { describe, expect, it } from 'vitest';
import { XSTOCK_MINTS } from '../../test/fixtures/xstock-mints';
import { refuseStaleMultipliers } from './scaled-staleness';
import type { TokenWarning } from '../review/types';
import type { Address } from '../shared/address';

const SPYX = XSTOCK_MINTS[2]!;
const warning = (multiplier: number): TokenWarning => ({
  mint: SPYX.mint as Address,
  kind: 'scaled-amount',
  mustAcknowledge: false,
  multiplier,
  sentence: "SPYx uses Token-2022's Scaled UI Amount: every SPYx amount here is shown at …",
});
const connection = (data: Uint8Array | null) => ({
  getMultipleAccountsInfo: async () => [
    data === null
      ? null
      : { data: Buffer.from(data), lamports: 1, executable: false, owner: null as never },
  ],
});
const BEFORE_CHANGE = 1_899_999_000_000; // ms, before SPYx's 1.0057× at 1,900,000,000 s
const AFTER_CHANGE = 1_900_000_000_000;

describe('a multiplier change under an open review', () => {
  it('lets the review through while the multiplier is the one it showed', async () => {
    await expect(
      refuseStaleMultipliers(connection(SPYX.data), [warning(1.0039)], BEFORE_CHANGE),
    ).resolves.toBeUndefined();
  });

  it('refuses it once the scheduled multiplier takes effect, saying both multipliers', async () => {
    await expect(
      refuseStaleMultipliers(connection(SPYX.data), [warning(1.0039)], AFTER_CHANGE),
    ).rejects.toThrow(
      "SPYx's multiplier changed from 1.0039× to 1.0057× since this review: the SPYx amounts it showed are no longer what you would see. Nothing was signed: review the swap again.",
    );
  });

  it('refuses it when the mint can no longer be read as scaled', async () => {
    await expect(
      refuseStaleMultipliers(connection(null), [warning(1.0039)], BEFORE_CHANGE),
    ).rejects.toThrow(/could not be read again/);
  });

  it('reads nothing for a review without scaled tokens', async () => {
    const never = {
      getMultipleAccountsInfo: async () => {
        throw new Error('must not be called');
      },
    };
    await expect(refuseStaleMultipliers(never, [], BEFORE_CHANGE)).resolves.toBeUndefined();
  });
});
