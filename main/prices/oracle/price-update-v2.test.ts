/**
 * The PriceUpdateV2 layout against accounts built and read by Pyth's own receiver SDK
 * (@pythnetwork/pyth-solana-receiver 0.14, test/fixtures/pyth-sdk.ts): what the SDK writes, the
 * wallet reads field for field, at both verification levels (Borsh moves every later field by a
 * byte between them); what the sandbox writes, the SDK reads the same.
 */
import { describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import {
  SDK_RECEIVER_PROGRAM_ID,
  sdkDecode,
  sdkPriceUpdate,
} from '../../../test/fixtures/pyth-sdk';
import {
  decodePriceUpdateV2,
  encodePriceUpdateV2,
  PRICE_UPDATE_V2_DISCRIMINATOR,
  PRICE_UPDATE_V2_SIZE,
  PriceUpdateLayoutError,
  PYTH_RECEIVER_PROGRAM_ID,
} from './price-update-v2';

const SOL_FEED = 'ef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d';

/** The fields the SDK writes, and the decoder must read back exactly. */
const WRITTEN = {
  feedId: SOL_FEED,
  price: 14_748_312_345n,
  conf: 7_412_000n,
  exponent: -8,
  publishTime: 1_764_230_400n,
  prevPublishTime: 1_764_230_399n,
  emaPrice: -2n, // signed on purpose: i64 fields keep their sign
  emaConf: 18_446_744_073_709_551_615n, // u64 max
  postedSlot: 381_234_567n,
};

describe('PriceUpdateV2 against the receiver SDK', () => {
  it('names the same receiver program', () => {
    expect(PYTH_RECEIVER_PROGRAM_ID).toBe(SDK_RECEIVER_PROGRAM_ID);
  });

  for (const level of ['full', 13] as const) {
    it(`reads every field the SDK wrote (${level === 'full' ? 'Full' : 'Partial'} verification)`, async () => {
      const authority = Keypair.generate().publicKey;
      const data = await sdkPriceUpdate({ writeAuthority: authority, level, ...WRITTEN });
      expect(data.length).toBe(PRICE_UPDATE_V2_SIZE);
      expect([...data.subarray(0, 8)]).toEqual([...PRICE_UPDATE_V2_DISCRIMINATOR]);
      const update = decodePriceUpdateV2(data);
      expect(Buffer.from(update.writeAuthority).equals(authority.toBuffer())).toBe(true);
      expect(update.verification).toEqual(
        level === 'full' ? { kind: 'full' } : { kind: 'partial', numSignatures: 13 },
      );
      expect(update).toMatchObject(WRITTEN);
    });
  }

  it('writes accounts the SDK reads back identically (the sandbox publishes these)', () => {
    for (const verification of [
      { kind: 'full' } as const,
      { kind: 'partial', numSignatures: 5 } as const,
    ]) {
      const authority = Keypair.generate().publicKey;
      const data = encodePriceUpdateV2({
        writeAuthority: authority.toBytes(),
        verification,
        feedId: SOL_FEED,
        price: 2_000_001n,
        conf: 1_000n,
        exponent: -10,
        publishTime: 1_700_000_000n,
        prevPublishTime: 1_699_999_998n,
        emaPrice: 1_999_000n,
        emaConf: 900n,
        postedSlot: 42n,
      });
      expect(data.length).toBe(PRICE_UPDATE_V2_SIZE);
      expect(sdkDecode(data)).toEqual({
        writeAuthority: authority.toBase58(),
        level: verification.kind === 'full' ? 'full' : 5,
        feedId: SOL_FEED,
        price: '2000001',
        conf: '1000',
        exponent: -10,
        publishTime: '1700000000',
        prevPublishTime: '1699999998',
        emaPrice: '1999000',
        emaConf: '900',
        postedSlot: '42',
      });
    }
  });

  it('refuses bytes that are not a PriceUpdateV2', async () => {
    const data = await sdkPriceUpdate({
      level: 'full',
      feedId: SOL_FEED,
      price: 1n,
      conf: 0n,
      exponent: 0,
      publishTime: 1n,
    });
    const wrongKind = data.slice();
    wrongKind[0] ^= 0xff;
    expect(() => decodePriceUpdateV2(wrongKind)).toThrow(/discriminator/);
    expect(() => decodePriceUpdateV2(data.subarray(0, 100))).toThrow(PriceUpdateLayoutError);
    const badLevel = data.slice();
    badLevel[40] = 7;
    expect(() => decodePriceUpdateV2(badLevel)).toThrow(/verification level 7/);
  });
});
