/**
 * A real mainnet tokenized-stock mint read by the wallet (issue 35): ARMon, Ondo's tokenized
 * Arm Holdings share, a Token-2022 mint with Scaled UI Amount, Pausable and a TransferHook
 * extension whose program is unset. Source: sava-software/sava @ 6cfdac87, its mainnet corpus
 * (test/fixtures/real-world/token-2022/SOURCE.md): the validator's jsonParsed decoding of the
 * account at slot 445057013 and the sha256 of its raw bytes. The bytes are written back from
 * the parsed fields and must hash to the published digest, so what the wallet reads below is
 * the account mainnet held, byte for byte, not a layout this project drew.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getScaledUiAmountConfig, TOKEN_2022_PROGRAM_ID, unpackMint } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { realWorldJson } from '../../test/fixtures/real-world';
import { mintBytesFromParsed, type ParsedMint } from '../../test/fixtures/token-2022-mint-bytes';
import { accountState } from '../review/account-state';
import { scaledAmountWarnings, scaledConfigs } from '../review/scaled-warning';
import type { TokenBook } from '../review/words';
import { formatScaledUnits, multiplierAt, scaledConfigOfMint } from '../shared/scaled-amount';
import { isPausedMint, TOKEN_2022, transferHookProgram } from './mint-extension-data';

const ARMON = '15SsCZqCsM9fZGhTmP4rdJTPT9WGZKazDSsgeQ8ondo';
const parsed = realWorldJson<ParsedMint>(`token-2022/${ARMON}.parsed.json`);
const manifest = realWorldJson<{ length: number; sha256: string; extensions: number[] }>(
  `token-2022/${ARMON}.manifest.json`,
);
const data = mintBytesFromParsed(parsed);

describe('a real tokenized-stock mint (ARMon, mainnet slot 445057013)', () => {
  it('is written back byte for byte: the published length and sha256', () => {
    expect(data.length).toBe(manifest.length);
    expect(createHash('sha256').update(data).digest('hex')).toBe(manifest.sha256);
  });

  it('gives the multiplier the chain gives, as @solana/spl-token reads it', () => {
    const config = scaledConfigOfMint(data);
    expect(config).toEqual({
      multiplier: 1,
      newMultiplier: 1,
      newMultiplierEffectiveTimestamp: 1_788_344_044n,
    });
    const theirs = getScaledUiAmountConfig(
      unpackMint(
        new PublicKey(ARMON),
        { data, owner: TOKEN_2022_PROGRAM_ID, lamports: 1, executable: false },
        TOKEN_2022_PROGRAM_ID,
      ),
    );
    expect(theirs?.multiplier).toBe(config!.multiplier);
    expect(theirs?.newMultiplier).toBe(config!.newMultiplier);
    expect(BigInt(theirs!.newMultiplierEffectiveTimestamp)).toBe(
      config!.newMultiplierEffectiveTimestamp,
    );
    // Its supply as a person reads it: 109,507,607,167 base units of 9 decimals at 1×.
    expect(formatScaledUnits(BigInt(parsed.info.supply), 9, multiplierAt(config!, 1.8e9))).toBe(
      '109.507607167',
    );
  });

  it('is named in the review with its multiplier, and nothing scheduled once the date has passed', () => {
    const configs = scaledConfigs(new Map([[ARMON, accountState(5_000_000n, TOKEN_2022, data)]]));
    const book: TokenBook = new Map([[ARMON, { decimals: 9, symbol: 'ARMon' }]]);
    const [warning] = scaledAmountWarnings(configs, book, Date.UTC(2026, 10, 28, 12, 0));
    expect(warning).toMatchObject({ mint: ARMON, kind: 'scaled-amount', multiplier: 1 });
    expect(warning!.sentence).toBe(
      "ARMon uses Token-2022's Scaled UI Amount: every ARMon amount here is shown at the issuer's multiplier, 1× now (1 unit moved on chain shows as 1 ARMon).",
    );
  });

  it('is not paused, and pausing it in the same bytes is seen at once', () => {
    expect(isPausedMint(TOKEN_2022, data)).toBe(false);
    const paused = mintBytesFromParsed({
      info: {
        ...parsed.info,
        extensions: parsed.info.extensions.map((e) =>
          e.extension === 'pausableConfig' ? { ...e, state: { ...e.state, paused: true } } : e,
        ),
      },
    });
    expect(isPausedMint(TOKEN_2022, paused)).toBe(true);
  });

  it('has a TransferHook extension with no program: no hook runs, none is resolved', () => {
    expect(manifest.extensions).toContain(14);
    expect(transferHookProgram(TOKEN_2022, data)).toBeNull();
  });
});
