/**
 * The review's words for Scaled UI Amount mints (issue 35), read from mint bytes: the sandbox's
 * XSTK as genesis writes it (via the same encoder), and three accounts shaped like mainnet
 * xStocks built from the documented Token-2022 layout (test/fixtures/xstock-mints.ts says why
 * they are not mainnet's bytes), each checked against @solana/spl-token's own parser.
 */
import { describe, expect, it } from 'vitest';
import { getScaledUiAmountConfig, TOKEN_2022_PROGRAM_ID, unpackMint } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { XSTOCK_MINTS } from '../../test/fixtures/xstock-mints';
import { accountState } from './account-state';
import { scaledAmountWarnings, scaledConfigs, scaledWarningName } from './scaled-warning';
import { formatToken, type TokenBook } from './words';

const T22 = TOKEN_2022_PROGRAM_ID.toBase58();
const states = new Map(
  XSTOCK_MINTS.map((x) => [x.mint, accountState(5_000_000n, T22, x.data)] as const),
);
const book: TokenBook = new Map(
  XSTOCK_MINTS.map((x) => [x.mint, { decimals: 8, symbol: x.symbol }] as const),
);
// 2026-11-28, after NVDAx's change and before SPYx's scheduled one.
const REVIEWED_AT = Date.UTC(2026, 10, 28, 12, 0);

describe('Scaled UI Amount mints in the review', () => {
  it('reads each xStock-shaped mint’s multiplier as spl-token does', () => {
    const configs = scaledConfigs(states);
    for (const x of XSTOCK_MINTS) {
      const theirs = getScaledUiAmountConfig(
        unpackMint(
          new PublicKey(x.mint),
          {
            data: Buffer.from(x.data),
            owner: TOKEN_2022_PROGRAM_ID,
            lamports: 1,
            executable: false,
          },
          TOKEN_2022_PROGRAM_ID,
        ),
      );
      expect(configs.get(x.mint)).toEqual({
        multiplier: theirs?.multiplier,
        newMultiplier: theirs?.newMultiplier,
        newMultiplierEffectiveTimestamp: theirs?.newMultiplierEffectiveTimestamp,
      });
    }
  });

  it('names the extension, the multiplier in force and a scheduled change', () => {
    const warnings = scaledAmountWarnings(scaledConfigs(states), book, REVIEWED_AT);
    expect(warnings.map((w) => [w.kind, w.mustAcknowledge, w.multiplier])).toEqual([
      ['scaled-amount', false, 1],
      ['scaled-amount', false, 1.0005],
      ['scaled-amount', false, 1.0039],
    ]);
    expect(warnings[2]!.sentence).toBe(
      "SPYx uses Token-2022's Scaled UI Amount: every SPYx amount here is shown at the issuer's multiplier, 1.0039× now (1 unit moved on chain shows as 1.0039 SPYx). Its issuer has scheduled 1.0057× from 2030-03-17 17:46 UTC: the same holding will then show more SPYx.",
    );
    expect(warnings[0]!.sentence).not.toMatch(/scheduled/);
    expect(scaledWarningName(warnings[1]!)).toBe('NVDAx');
  });

  it('says amounts scaled and truncated to the decimals, never the raw amount', () => {
    const spyx = XSTOCK_MINTS[2]!.mint;
    const scaledBook: TokenBook = new Map([
      [spyx, { decimals: 8, symbol: 'SPYx', multiplier: 1.0039 }],
    ]);
    // 2 raw SPYx (2 × 10^8 base units) at 1.0039×: 2.0078 SPYx.
    expect(formatToken(200_000_000n, spyx, scaledBook)).toBe('2.0078 SPYx');
    expect(formatToken(-200_000_000n, spyx, scaledBook)).toBe('-2.0078 SPYx');
    expect(formatToken(200_000_000n, spyx, book)).toBe('2 SPYx');
  });
});
