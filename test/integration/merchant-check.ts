/**
 * The sandbox merchant's own check of a payment, as a shop makes it with @solana/pay (SPEC.md
 * "Reference"): the order's reference key finds the transaction (findReference), and
 * validateTransfer accepts it as the order's price, recipient, reference and memo. Shared by
 * the merchant suites (merchant-pay, merchant-fee-payer, the swap-first flow).
 */
import { findReference, validateTransfer } from '@solana/pay';
import type { Connection, PublicKey } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import { expect } from 'vitest';
import {
  orderMemo,
  orderReference,
  SANDBOX_MERCHANT,
} from '../../main/sandbox/merchant/merchant-shop';

/** The order's reference finds exactly `signature` at `confirmed`. */
export async function expectFoundByReference(
  connection: Connection,
  order: string,
  signature: string,
): Promise<void> {
  const found = await findReference(connection, orderReference(order), {
    finality: 'confirmed',
  });
  expect(found.signature).toBe(signature);
}

/**
 * validateTransfer accepts `signature` as the order's payment of `price` (user units) of the
 * SPL Token `splToken` to the sandbox merchant, with the order's reference and memo. (@solana/pay
 * 0.2.6 cannot validate a Token-2022 payment: see merchant-swap-first-flow.ts.)
 */
export async function expectValidTransfer(
  connection: Connection,
  order: string,
  signature: string,
  payment: { price: string; splToken: PublicKey },
): Promise<void> {
  await expect(
    validateTransfer(
      connection,
      signature,
      {
        recipient: SANDBOX_MERCHANT,
        amount: new BigNumber(payment.price),
        splToken: payment.splToken,
        reference: orderReference(order),
        memo: orderMemo(order),
      },
      { commitment: 'confirmed' },
    ),
  ).resolves.toBeTruthy();
}
