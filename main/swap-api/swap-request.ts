/**
 * POST /swap and /swap-instructions bodies: validated before any request, then written as JSON
 * with the quote spliced in as the exact text the service sent (re-serializing it could change
 * numbers past 2^53 or anything else the wallet does not model).
 */
import { assertAddress } from '../shared/address';
import type { PrioritizationFee, SwapRequest } from './types';
import { checkBooleans, checkInteger, checkSafeBigint, reject } from './validate-input';
import { definedFields } from './wire-fields';

const PRIORITY_LEVELS = ['medium', 'high', 'veryHigh'];

function checkPrioritizationFee(fee: PrioritizationFee | undefined): void {
  if (fee === undefined || fee === 'auto') return;
  if (typeof fee === 'bigint') return checkSafeBigint(fee, 'The priority fee (lamports)');
  if (typeof fee === 'object' && fee !== null && 'priorityLevelWithMaxLamports' in fee) {
    const { priorityLevel, maxLamports } = fee.priorityLevelWithMaxLamports;
    if (!PRIORITY_LEVELS.includes(priorityLevel)) {
      reject('The priority level must be medium, high or veryHigh.');
    }
    return checkSafeBigint(maxLamports, 'The maximum priority fee (lamports)');
  }
  if (typeof fee === 'object' && fee !== null && 'jitoTipLamports' in fee) {
    return checkSafeBigint(fee.jitoTipLamports, 'The Jito tip (lamports)');
  }
  reject(
    'The priority fee must be lamports, "auto", a priority level with a maximum, or a Jito tip.',
  );
}

/**
 * Throws a WalletError (INVALID_ADDRESS or INVALID_SWAP_REQUEST) for anything the service would
 * reject or the wallet must not send.
 */
export function validateSwapRequest(request: SwapRequest): void {
  if (typeof request.quote?.raw !== 'string') reject('A swap needs a quote from this wallet.');
  assertAddress(request.userPublicKey, 'Your account address');
  if (request.feeAccount !== undefined) assertAddress(request.feeAccount, 'The fee account');
  if (request.trackingAccount !== undefined) {
    assertAddress(request.trackingAccount, 'The tracking account');
  }
  if (request.destinationTokenAccount !== undefined) {
    assertAddress(request.destinationTokenAccount, 'The destination token account');
  }
  if (
    request.prioritizationFeeLamports !== undefined &&
    request.computeUnitPriceMicroLamports !== undefined
  ) {
    reject('Set either a priority fee or a compute unit price, not both.');
  }
  checkPrioritizationFee(request.prioritizationFeeLamports);
  checkSafeBigint(request.computeUnitPriceMicroLamports, 'The compute unit price (micro-lamports)');
  checkBooleans(request, {
    wrapAndUnwrapSol: 'Wrap and unwrap SOL',
    useSharedAccounts: 'Shared accounts',
    asLegacyTransaction: 'Legacy transaction',
    useTokenLedger: 'Token ledger',
    dynamicComputeUnitLimit: 'Dynamic compute unit limit',
    skipUserAccountsRpcCalls: 'Skip user account RPC calls',
  });
  if (request.dynamicSlippage !== undefined) {
    checkInteger(request.dynamicSlippage.maxBps, 'Maximum dynamic slippage (bps)', 0, 10_000);
  }
  // The quote text must be one JSON object, or splicing it into the body could inject fields.
  let quote: unknown;
  try {
    quote = JSON.parse(request.quote.raw);
  } catch {
    quote = undefined;
  }
  if (typeof quote !== 'object' || quote === null || Array.isArray(quote)) {
    reject('The quote is damaged. Get a fresh quote.');
  }
}

function encodePrioritizationFee(fee: PrioritizationFee): unknown {
  if (fee === 'auto' || typeof fee === 'bigint') return typeof fee === 'bigint' ? Number(fee) : fee;
  if ('priorityLevelWithMaxLamports' in fee) {
    const { priorityLevel, maxLamports } = fee.priorityLevelWithMaxLamports;
    return { priorityLevelWithMaxLamports: { priorityLevel, maxLamports: Number(maxLamports) } };
  }
  return { jitoTipLamports: Number(fee.jitoTipLamports) };
}

/** POST /swap's optional fields in the order the wallet has always written them. */
const SWAP_BODY_FIELDS: readonly (keyof SwapRequest)[] = [
  'wrapAndUnwrapSol',
  'useSharedAccounts',
  'feeAccount',
  'trackingAccount',
  'prioritizationFeeLamports',
  'computeUnitPriceMicroLamports',
  'asLegacyTransaction',
  'useTokenLedger',
  'destinationTokenAccount',
  'dynamicComputeUnitLimit',
  'skipUserAccountsRpcCalls',
  'dynamicSlippage',
];

/**
 * The JSON body of POST /swap: `quoteResponse` is the quote's raw text verbatim; every other
 * field is sent only when set. Lamport bigints become JSON numbers (validated to fit exactly).
 * Call validateSwapRequest first.
 */
export function encodeSwapBody(request: SwapRequest): string {
  const fields = Object.fromEntries([
    ['userPublicKey', request.userPublicKey],
    ...definedFields(request, SWAP_BODY_FIELDS, {
      prioritizationFeeLamports: encodePrioritizationFee,
      computeUnitPriceMicroLamports: Number,
    }),
  ]);
  const rest = JSON.stringify(fields);
  return `{"quoteResponse":${request.quote.raw.trim()},${rest.slice(1)}`;
}
