/**
 * Pyth's `PriceUpdateV2` account (issue 25), the Anchor account the Pyth receiver program
 * (`rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ`) writes a verified price into, and that its
 * push-oracle program keeps current at the sponsored feeds' addresses. Layout after the 8-byte
 * Anchor discriminator (sha256("account:PriceUpdateV2")[0..8]):
 *
 *   write_authority    [32]
 *   verification_level enum: 0 = Partial { num_signatures: u8 } (2 bytes), 1 = Full (1 byte)
 *   price_message      feed_id [32], price i64, conf u64, exponent i32, publish_time i64,
 *                      prev_publish_time i64, ema_price i64, ema_conf u64
 *   posted_slot        u64
 *
 * Borsh packs the enum, so everything after it moves by one byte between the two levels; the
 * account is allocated for the longer form (134 bytes). Decoded with the receiver SDK's own
 * coder in the tests (price-update-v2.test.ts). Every number stays a bigint: a price is money.
 *
 * The encoder exists for the sandbox, which publishes feeds in the same layout.
 */
import { createHash } from 'node:crypto';

export const PYTH_RECEIVER_PROGRAM_ID = 'rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ';
export const PYTH_PUSH_ORACLE_PROGRAM_ID = 'pythWSnswVUd12oZpeFP8e9CVaEqJg25g1Vtc2biRsT';

/** The account's allocated size (the Partial form, the longer one). */
export const PRICE_UPDATE_V2_SIZE = 134;

export const PRICE_UPDATE_V2_DISCRIMINATOR: Uint8Array = new Uint8Array(
  createHash('sha256').update('account:PriceUpdateV2').digest().subarray(0, 8),
);

export type VerificationLevel = { kind: 'full' } | { kind: 'partial'; numSignatures: number };

export interface PriceUpdateV2 {
  writeAuthority: Uint8Array;
  verification: VerificationLevel;
  /** 32 bytes as lowercase hex, no 0x. */
  feedId: string;
  price: bigint;
  conf: bigint;
  exponent: number;
  /** Unix seconds. */
  publishTime: bigint;
  prevPublishTime: bigint;
  emaPrice: bigint;
  emaConf: bigint;
  postedSlot: bigint;
}

/** Thrown for bytes that are not a PriceUpdateV2 account. */
export class PriceUpdateLayoutError extends Error {}

const MESSAGE_BYTES = 32 + 8 + 8 + 4 + 8 + 8 + 8 + 8;

/** Decodes an account's data; throws PriceUpdateLayoutError when it is not one. */
export function decodePriceUpdateV2(data: Uint8Array): PriceUpdateV2 {
  if (data.length < 8 + 32 + 1 + MESSAGE_BYTES + 8) {
    throw new PriceUpdateLayoutError(`${data.length} bytes is too short for a PriceUpdateV2`);
  }
  if (!PRICE_UPDATE_V2_DISCRIMINATOR.every((byte, i) => data[i] === byte)) {
    throw new PriceUpdateLayoutError('the account is not a PriceUpdateV2 (wrong discriminator)');
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 40;
  const variant = data[at]!;
  let verification: VerificationLevel;
  if (variant === 1) {
    verification = { kind: 'full' };
    at += 1;
  } else if (variant === 0) {
    verification = { kind: 'partial', numSignatures: data[at + 1]! };
    at += 2;
  } else {
    throw new PriceUpdateLayoutError(`unknown verification level ${variant}`);
  }
  if (data.length < at + MESSAGE_BYTES + 8) {
    throw new PriceUpdateLayoutError(`${data.length} bytes is too short for a PriceUpdateV2`);
  }
  const feedId = Buffer.from(data.subarray(at, at + 32)).toString('hex');
  at += 32;
  const i64 = () => {
    const value = view.getBigInt64(at, true);
    at += 8;
    return value;
  };
  const u64 = () => {
    const value = view.getBigUint64(at, true);
    at += 8;
    return value;
  };
  const price = i64();
  const conf = u64();
  const exponent = view.getInt32(at, true);
  at += 4;
  const publishTime = i64();
  const prevPublishTime = i64();
  const emaPrice = i64();
  const emaConf = u64();
  const postedSlot = u64();
  return {
    writeAuthority: data.slice(8, 40),
    verification,
    feedId,
    price,
    conf,
    exponent,
    publishTime,
    prevPublishTime,
    emaPrice,
    emaConf,
    postedSlot,
  };
}

/** The account data of `update`, `PRICE_UPDATE_V2_SIZE` bytes (the sandbox's feeds). */
export function encodePriceUpdateV2(update: PriceUpdateV2): Uint8Array {
  const data = new Uint8Array(PRICE_UPDATE_V2_SIZE);
  const view = new DataView(data.buffer);
  data.set(PRICE_UPDATE_V2_DISCRIMINATOR, 0);
  data.set(update.writeAuthority.subarray(0, 32), 8);
  let at = 40;
  if (update.verification.kind === 'full') {
    data[at++] = 1;
  } else {
    data[at++] = 0;
    data[at++] = update.verification.numSignatures;
  }
  data.set(Buffer.from(update.feedId, 'hex'), at);
  at += 32;
  view.setBigInt64(at, update.price, true);
  view.setBigUint64(at + 8, update.conf, true);
  view.setInt32(at + 16, update.exponent, true);
  view.setBigInt64(at + 20, update.publishTime, true);
  view.setBigInt64(at + 28, update.prevPublishTime, true);
  view.setBigInt64(at + 36, update.emaPrice, true);
  view.setBigUint64(at + 44, update.emaConf, true);
  view.setBigUint64(at + 52, update.postedSlot, true);
  return data;
}
