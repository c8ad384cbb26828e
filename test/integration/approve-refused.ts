/**
 * The last step of every hostile case the wallet must stop: approving the reviewed ticket as it
 * stands is refused with a stable code, and nothing more reaches the network.
 */
import { expect } from 'vitest';
import type { FeesWallet } from './fees-wallet';

/**
 * Approving `ticket` is refused with `code`, and `wallet` sent nothing more than the `sends` it
 * had counted before; answers the refusal for its words.
 */
export async function approveRefused(
  wallet: FeesWallet,
  method: 'swap.approve' | 'pay.approve',
  ticket: { ticketId: string; transactionBase64: string },
  code: string,
  sends: number,
): Promise<{ code: string; message: string }> {
  const refused = await wallet.refusal(method, {
    ticketId: ticket.ticketId,
    transactionBase64: ticket.transactionBase64,
  });
  expect(refused.code).toBe(code);
  expect(wallet.sends()).toBe(sends);
  return refused;
}
