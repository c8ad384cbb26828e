/**
 * What a CP-Swap pool pays and takes, with the program's own arithmetic
 * (programs/cp-swap/src/instructions/swap_base_{input,output}.rs, curve/constant_product.rs,
 * curve/fees.rs): the trade fee is taken from the input and rounded up, the protocol and fund
 * shares of it (rounded down) stay in the vault but are excluded from the reserves the curve
 * sees, outputs round down and ExactOut inputs round up, and Token-2022 transfer fees are
 * charged on the way in and on the way out. The property test
 * (cp-quote.property.test.ts) runs the program on the VM and checks these to the base unit.
 */
import { FEE_RATE_DENOMINATOR, type AmmConfig, type PoolState } from './state';
import { transferFee, transferInverseFee, type TransferFeeConfig } from './transfer-fee';

/** A pool as a quote needs it: its state, its config, its vault balances and mint fees. */
export interface CpPoolView {
  address: string;
  state: PoolState;
  config: AmmConfig;
  vault0: bigint;
  vault1: bigint;
  transferFee0: TransferFeeConfig | null;
  transferFee1: TransferFeeConfig | null;
  /** The epoch the transfer fees are read at. */
  epoch: bigint;
}

export interface CpSwapQuote {
  /** What leaves the person's input account. */
  amountIn: bigint;
  /** What arrives in the person's output account. */
  amountOut: bigint;
  /** The pool's trade fee, in the input mint (protocol and fund shares included). */
  tradeFee: bigint;
  protocolFee: bigint;
  fundFee: bigint;
  /** Token-2022 fees withheld on the input and output transfers. */
  inputTransferFee: bigint;
  outputTransferFee: bigint;
  /** What the vaults gain and lose. */
  vaultInDelta: bigint;
  vaultOutDelta: bigint;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
const U64_MAX = (1n << 64n) - 1n;

/** The reserves the curve sees: vault balances less the protocol and fund fees they hold. */
export function curveReserves(
  pool: CpPoolView,
  zeroForOne: boolean,
): { reserveIn: bigint; reserveOut: bigint } {
  const { state } = pool;
  const r0 = pool.vault0 - state.protocolFeesToken0 - state.fundFeesToken0;
  const r1 = pool.vault1 - state.protocolFeesToken1 - state.fundFeesToken1;
  return zeroForOne ? { reserveIn: r0, reserveOut: r1 } : { reserveIn: r1, reserveOut: r0 };
}

function fees(amount: bigint, config: AmmConfig) {
  const tradeFee = ceilDiv(amount * config.tradeFeeRate, FEE_RATE_DENOMINATOR);
  return {
    tradeFee,
    protocolFee: (tradeFee * config.protocolFeeRate) / FEE_RATE_DENOMINATOR,
    fundFee: (tradeFee * config.fundFeeRate) / FEE_RATE_DENOMINATOR,
  };
}

function mintFees(pool: CpPoolView, zeroForOne: boolean) {
  return zeroForOne
    ? { inFee: pool.transferFee0, outFee: pool.transferFee1 }
    : { inFee: pool.transferFee1, outFee: pool.transferFee0 };
}

function swappable(pool: CpPoolView): boolean {
  return (pool.state.status & 0b100) === 0;
}

/**
 * `swap_base_input(amountIn, …)`: what arrives for exactly `amountIn` leaving the person, or
 * null when the program would refuse it (nothing would arrive, or the pool cannot pay).
 */
export function quoteExactIn(
  pool: CpPoolView,
  zeroForOne: boolean,
  amountIn: bigint,
): CpSwapQuote | null {
  if (!swappable(pool) || amountIn <= 0n || amountIn > U64_MAX) return null;
  const { inFee, outFee } = mintFees(pool, zeroForOne);
  const inputTransferFee = transferFee(inFee, pool.epoch, amountIn);
  const actualIn = amountIn - inputTransferFee;
  if (actualIn <= 0n) return null;
  const { reserveIn, reserveOut } = curveReserves(pool, zeroForOne);
  if (reserveIn <= 0n || reserveOut <= 0n) return null;
  const charged = fees(actualIn, pool.config);
  const lessFees = actualIn - charged.tradeFee;
  const out = (lessFees * reserveOut) / (reserveIn + lessFees);
  if (out <= 0n || out >= reserveOut) return null;
  const outputTransferFee = transferFee(outFee, pool.epoch, out);
  const amountOut = out - outputTransferFee;
  if (amountOut <= 0n) return null;
  return {
    amountIn,
    amountOut,
    ...charged,
    inputTransferFee,
    outputTransferFee,
    vaultInDelta: actualIn,
    vaultOutDelta: out,
  };
}

/**
 * The program's ceiling division (utils/math.rs `CheckedCeilDiv`): a quotient below one
 * answers one when the dividend is at least half the divisor, else zero.
 */
function programCeilDiv(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  if (quotient === 0n) return dividend * 2n >= divisor ? 1n : 0n;
  return dividend % divisor > 0n ? quotient + 1n : quotient;
}

/**
 * `swap_base_output(…, amountOut)`: what must leave the person for exactly `amountOut` to
 * arrive, or null when the program would refuse it.
 */
export function quoteExactOut(
  pool: CpPoolView,
  zeroForOne: boolean,
  amountOut: bigint,
): CpSwapQuote | null {
  if (!swappable(pool) || amountOut <= 0n || amountOut > U64_MAX) return null;
  const { inFee, outFee } = mintFees(pool, zeroForOne);
  const outputTransferFee = transferInverseFee(outFee, pool.epoch, amountOut);
  const actualOut = amountOut + outputTransferFee;
  const { reserveIn, reserveOut } = curveReserves(pool, zeroForOne);
  if (reserveIn <= 0n || actualOut >= reserveOut) return null;
  const swapped = programCeilDiv(reserveIn * actualOut, reserveOut - actualOut);
  const rate = pool.config.tradeFeeRate;
  const sourceAmount =
    rate === 0n ? swapped : ceilDiv(swapped * FEE_RATE_DENOMINATOR, FEE_RATE_DENOMINATOR - rate);
  if (sourceAmount <= 0n) return null;
  const charged = fees(sourceAmount, pool.config);
  const total = sourceAmount + transferInverseFee(inFee, pool.epoch, sourceAmount);
  if (total > U64_MAX) return null;
  const inputTransferFee = transferFee(inFee, pool.epoch, total);
  return {
    amountIn: total,
    amountOut,
    ...charged,
    inputTransferFee,
    outputTransferFee,
    vaultInDelta: total - inputTransferFee,
    vaultOutDelta: actualOut,
  };
}
