/**
 * The sandbox's honest merchant (issue 34 point 6): what it sells and who it is. Its wallet is
 * a fixed key, derived from a seed so tests and the Pay screen can name it (it signs only the
 * orders where it pays the network fee, `?fee=merchant`: a partly signed transaction, SPEC.md
 * "POST Response"); its orders' reference keys are derived
 * from the order id, so a test can find the payment as the merchant does (@solana/pay's
 * findReference + validateTransfer) knowing only the order.
 */
import { createHash } from 'node:crypto';
import { Keypair, PublicKey } from '@solana/web3.js';

/** The merchant's key: it signs the orders whose network fee it pays. */
export const SANDBOX_MERCHANT_KEYPAIR = Keypair.fromSeed(
  createHash('sha256').update('swapdesk sandbox merchant').digest(),
);

/** The merchant's wallet: the owner of the token accounts it is paid into. */
export const SANDBOX_MERCHANT = SANDBOX_MERCHANT_KEYPAIR.publicKey;

/** What the shop calls itself in its GET answer (SPEC.md "GET Response"). */
export const SANDBOX_MERCHANT_LABEL = 'Sandbox Coffee';

/** The shop's products: one price per token, a plain SPL token and a Token-2022 token. */
export const SANDBOX_MERCHANT_ITEMS = {
  usdc: {
    mint: new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'),
    symbol: 'USDC',
    amount: '2.5',
  },
  pyusd: {
    mint: new PublicKey('2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo'),
    symbol: 'PYUSD',
    amount: '1.25',
  },
} as const;

export type SandboxMerchantItem = keyof typeof SANDBOX_MERCHANT_ITEMS;

/**
 * The path of the shop's transaction request for `item` (order optional); `merchantPaysFee`:
 * the shop pays the network fee and signs first (`fee=merchant`).
 */
export function merchantPath(
  item: SandboxMerchantItem,
  order?: string,
  merchantPaysFee = false,
): string {
  const query = new URLSearchParams();
  if (order !== undefined) query.set('order', order);
  if (merchantPaysFee) query.set('fee', 'merchant');
  const text = query.toString();
  return `/sandbox/merchant/${item}${text === '' ? '' : `?${text}`}`;
}

/** An order's reference key (SPEC.md "Reference"): 32 bytes from its id. */
export function orderReference(order: string): PublicKey {
  return new PublicKey(createHash('sha256').update(`swapdesk order ${order}`).digest());
}

/** The memo the shop puts in an order's payment. */
export function orderMemo(order: string): string {
  return `Sandbox Coffee order ${order}`;
}
