/**
 * JupiterZ's fill: the RFQ route of the Swap API v2's /order (`router: "jupiterz"`) lands as one
 * `fill` instruction of Jupiter's order engine program (`61DF…pYH`, open source:
 * jup-ag/rfq-webhook-toolkit `programs/order-engine`, IDL `idls/order_engine.json`), which the
 * taker (the person) and the market maker both sign; the maker signs at /execute, after the
 * person. The program moves exactly `input_amount` from the taker to the maker and exactly
 * `output_amount` from the maker to the taker, or fails (it also fails past `expire_at`). A
 * missing token account (Anchor's optional account: the program's own id) means native SOL,
 * moved from or to the wallet itself.
 *
 * Accounts: 0 taker, 1 maker, 2 taker input, 3 maker input, 4 taker output, 5 maker output,
 * 6 input mint, 7 input token program, 8 output mint, 9 output token program, 10 system.
 * Arguments: input_amount u64, output_amount u64, expire_at i64.
 */
import type { Address } from '../shared/address';
import type { DecodedInstruction } from './decoded-types';
import { JUPITERZ_ORDER_ENGINE } from './program-ids';

/** `fill`'s Anchor discriminator, sha256("global:fill")[0..8], as the IDL lists it. */
export const FILL_DISCRIMINATOR = Uint8Array.from([168, 96, 183, 163, 92, 10, 40, 160]);

const optional = (address: Address | undefined): Address | null =>
  address === undefined || address === JUPITERZ_ORDER_ENGINE ? null : address;

/**
 * Decodes an instruction of the order engine: a `fill`, or a plain "swap" the wallet cannot read
 * (the on-chain bound rule then refuses it: nothing says what the network would enforce).
 * @example decodeOrderEngine(data, accounts) // { kind: 'jupiterzFill', outputAmount: 100_000_000n, ... }
 */
export function decodeOrderEngine(
  data: Uint8Array,
  accounts: readonly Address[],
): DecodedInstruction {
  const isFill =
    data.length >= 8 + 24 && FILL_DISCRIMINATOR.every((byte, index) => data[index] === byte);
  if (!isFill || accounts.length < 10) return { kind: 'other', name: 'swap' };
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    kind: 'jupiterzFill',
    taker: accounts[0]!,
    maker: accounts[1]!,
    takerInput: optional(accounts[2]),
    makerInput: optional(accounts[3]),
    takerOutput: optional(accounts[4]),
    makerOutput: optional(accounts[5]),
    inputMint: accounts[6]!,
    outputMint: accounts[8]!,
    inputAmount: view.getBigUint64(8, true),
    outputAmount: view.getBigUint64(16, true),
    expireAt: view.getBigInt64(24, true),
  };
}
