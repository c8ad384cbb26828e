/**
 * The honest person's sweep (issue 21): what someone who only ever asks honest things of the
 * wallet does with the sandbox. Every ordered pair of sandbox tokens as an exact-input swap,
 * and invoices (Solana Pay transfer requests with a reference key and a memo, and plain ones)
 * in every sandbox token, paid from several tokens. Each case goes through the wallet's own
 * bridge methods (swap.quote / pay.quote, swap.review / pay.review, and for a sample approve
 * and confirm), exactly as the renderer calls them; nothing here builds or signs a transaction.
 *
 * Shared by test/integration/honest-sweep.test.ts (all reviews accepted, a sample confirmed)
 * and bench/honest-soak.ts (300 approvals in one run).
 */
import { Keypair } from '@solana/web3.js';
import type { MethodName, RequestOf, ResponseOf } from '../../preload/contract';
import { SANDBOX_TOKENS, type SandboxToken } from '../../main/sandbox/tokens';
import { CP_POOL_SEEDS } from '../../main/sandbox/cp-swap/pool-seeds';
import { MARKET_MAKER_SEEDS } from '../../main/sandbox/pools/pool-catalog';

/** A bridge call as the registry answers it: a result, never a throw. */
export type BridgeCall = <M extends MethodName>(
  method: M,
  request: RequestOf<M>,
) => Promise<{ ok: true; value: ResponseOf<M> } | { ok: false; error: BridgeError }>;

export interface BridgeError {
  code: string;
  message: string;
}

/**
 * What an honest person swaps or is asked to pay in each token: a few dollars' worth (user
 * units), small against every pool so that no honest case fails for want of liquidity.
 */
const SAMPLE: Record<string, { swap: string; invoice: string }> = {
  SOL: { swap: '0.02', invoice: '0.01' },
  USDC: { swap: '3', invoice: '1.5' },
  USDT: { swap: '3', invoice: '1.5' },
  JUP: { swap: '3', invoice: '2' },
  BONK: { swap: '150000', invoice: '50000' },
  mSOL: { swap: '0.02', invoice: '0.01' },
  JitoSOL: { swap: '0.02', invoice: '0.01' },
  WIF: { swap: '1.5', invoice: '0.75' },
  RAY: { swap: '1.2', invoice: '0.6' },
  PYUSD: { swap: '3', invoice: '1.5' },
  TFEE: { swap: '6', invoice: '0.5' },
  PDLG: { swap: '1.5', invoice: '0.75' },
  FRZ: { swap: '3', invoice: '1.5' },
  UNVR: { swap: '300', invoice: '150' },
};

/** Base units of a decimal text in `decimals`. */
export function baseUnits(text: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/**
 * The tokens the sweep covers: those with a sample above. Issue 35's PAUS (pausable) and HOOK
 * (transfer hook) have their own suite (test/integration/token-2022-rules.test.ts): a pause
 * by another test, or a hook risk to acknowledge, is not what an honest sweep is about.
 */
export const SWEEP_TOKENS: readonly SandboxToken[] = SANDBOX_TOKENS.filter(
  (token) => SAMPLE[token.symbol] !== undefined,
);
export const bySymbol = (symbol: string): SandboxToken => {
  const token = SWEEP_TOKENS.find((t) => t.symbol === symbol);
  if (!token) throw new Error(`no sandbox token ${symbol}`);
  return token;
};

export interface SwapCase {
  kind: 'swap';
  name: string;
  input: SandboxToken;
  output: SandboxToken;
  amount: bigint;
}

export interface InvoiceCase {
  kind: 'invoice';
  name: string;
  /** The token the payee asks for (SOL: a request without spl-token). */
  token: SandboxToken;
  payWith: SandboxToken;
  /** With a reference key and a memo (paid through the payer's account), or plain. */
  withReference: boolean;
  amountText: string;
}

export type SweepCase = SwapCase | InvoiceCase;

/** Every ordered pair of sandbox tokens, as an exact-input swap of a few dollars. */
export function swapCases(): SwapCase[] {
  const cases: SwapCase[] = [];
  for (const input of SWEEP_TOKENS) {
    for (const output of SWEEP_TOKENS) {
      if (input === output) continue;
      cases.push({
        kind: 'swap',
        name: `swap ${input.symbol}->${output.symbol}`,
        input,
        output,
        amount: baseUnits(SAMPLE[input.symbol]!.swap, input.decimals),
      });
    }
  }
  return cases;
}

/** The tokens the sweep pays invoices from: SOL, a stable, a Token-2022 fee token, and others. */
export const PAY_WITH = ['SOL', 'USDC', 'BONK', 'TFEE', 'PDLG'] as const;

/** Invoices in every sandbox token, paid from each of PAY_WITH, with and without a reference. */
export function invoiceCases(): InvoiceCase[] {
  const cases: InvoiceCase[] = [];
  for (const token of SWEEP_TOKENS) {
    for (const symbol of PAY_WITH) {
      const payWith = bySymbol(symbol);
      for (const withReference of [true, false]) {
        cases.push({
          kind: 'invoice',
          name: `invoice ${SAMPLE[token.symbol]!.invoice} ${token.symbol} paid with ${symbol}${withReference ? ' (reference, memo)' : ''}`,
          token,
          payWith,
          withReference,
          amountText: SAMPLE[token.symbol]!.invoice,
        });
      }
    }
  }
  return cases;
}

/** A Solana Pay transfer request for `invoice` to `recipient` (a fresh reference key). */
export function invoiceUrl(invoice: InvoiceCase, recipient: string): string {
  const params = new URLSearchParams({ amount: invoice.amountText });
  if (invoice.token.symbol !== 'SOL') params.set('spl-token', invoice.token.mint);
  if (invoice.withReference) {
    params.set('reference', Keypair.generate().publicKey.toBase58());
    params.set('memo', `honest sweep ${invoice.name.length}`);
  }
  return `solana:${recipient}?${params.toString()}`;
}

/** The tokens a route may pass through by default (restrictIntermediateTokens). */
const MIDDLE_TOKENS = ['SOL', 'USDC', 'USDT'];

/**
 * Whether the sandbox's market links two tokens by a chain of at most three pools through SOL,
 * USDC or USDT (its router's limits: main/sandbox/swap-api/README.md), read from the seeds of
 * its pools, not from the router: the sweep's own idea of what must be routable. `withMaker:
 * false` leaves out the market maker's books (a payment composed from /swap-instructions cannot
 * use them).
 */
export function routable(a: string, b: string, withMaker: boolean): boolean {
  const pools = [...CP_POOL_SEEDS, ...(withMaker ? MARKET_MAKER_SEEDS : [])];
  const linked = (x: string, y: string) =>
    pools.some((pool) => (pool.a === x && pool.b === y) || (pool.a === y && pool.b === x));
  if (linked(a, b)) return true;
  const middles = MIDDLE_TOKENS.filter((m) => m !== a && m !== b);
  return middles.some(
    (m) =>
      linked(a, m) &&
      (linked(m, b) || middles.some((n) => n !== m && linked(m, n) && linked(n, b))),
  );
}

/** An invoice is paid through the payer's own account (from /swap-instructions) or by /swap. */
export function throughPayer(invoice: InvoiceCase): boolean {
  return invoice.withReference || invoice.token.symbol === 'SOL';
}

/** Cases the sandbox cannot serve, by its pools alone: these must be refused before review. */
export function unservable(sweepCase: SweepCase): boolean {
  if (sweepCase.kind === 'swap') {
    return !routable(sweepCase.input.symbol, sweepCase.output.symbol, true);
  }
  if (sweepCase.token === sweepCase.payWith) return false;
  const maker = !throughPayer(sweepCase);
  return !routable(sweepCase.payWith.symbol, sweepCase.token.symbol, maker);
}

/** What became of a case at quote and review. */
export type Reviewed =
  | {
      outcome: 'accepted';
      ticket: ResponseOf<'swap.review'>;
      /** The review's dangerous warnings need **I understand this risk**. */
      risks: boolean;
      /** Their kinds (e.g. permanent-delegate, unverified, value-loss). */
      riskKinds?: string[];
      reviewMs: number;
    }
  | { outcome: 'refused'; words: string; reviewMs: number }
  /** The quote or the build was refused by the service or the wallet: not a guard refusal. */
  | { outcome: 'not-offered'; code: string; words: string };

function unwrap<T>(
  result: { ok: true; value: T } | { ok: false; error: BridgeError },
): T | BridgeError {
  return result.ok ? result.value : result.error;
}

const isError = (value: unknown): value is BridgeError =>
  typeof value === 'object' && value !== null && 'code' in value && 'message' in value;

function judged(ticket: ResponseOf<'swap.review'>, reviewMs: number): Reviewed {
  const { report } = ticket;
  if (!report.accepted) return { outcome: 'refused', words: report.refusals.join(' '), reviewMs };
  const riskKinds = report.tokenWarnings.filter((w) => w.mustAcknowledge).map((w) => w.kind);
  return { outcome: 'accepted', ticket, risks: riskKinds.length > 0, riskKinds, reviewMs };
}

/**
 * Reviews what the quote step answered, timing the review: not offered when the quote or the
 * review was refused (its code and words), else the review as judged.
 */
async function reviewQuoted<Q>(
  quoted: Q | BridgeError,
  review: (quoted: Q) => Promise<ResponseOf<'swap.review'> | BridgeError>,
): Promise<Reviewed> {
  if (isError(quoted)) return { outcome: 'not-offered', code: quoted.code, words: quoted.message };
  const started = performance.now();
  const ticket = await review(quoted);
  const reviewMs = performance.now() - started;
  if (isError(ticket)) return { outcome: 'not-offered', code: ticket.code, words: ticket.message };
  return judged(ticket, reviewMs);
}

/** swap.quote then swap.review of `swap`, through the bridge. */
export async function reviewSwapCase(call: BridgeCall, swap: SwapCase): Promise<Reviewed> {
  const quote = unwrap(
    await call('swap.quote', {
      inputMint: swap.input.mint,
      outputMint: swap.output.mint,
      amount: swap.amount.toString(),
      slippage: { bps: 100 },
    }),
  );
  return reviewQuoted(quote, async ({ quoteId }) => unwrap(await call('swap.review', { quoteId })));
}

/** pay.quote then pay.review of `invoice` to `recipient`, through the bridge. */
export async function reviewInvoiceCase(
  call: BridgeCall,
  invoice: InvoiceCase,
  recipient: string,
): Promise<Reviewed> {
  const plan = unwrap(
    await call('pay.quote', {
      text: invoiceUrl(invoice, recipient),
      payWithMint: invoice.payWith.mint,
      slippageBps: 100,
    }),
  );
  return reviewQuoted(plan, async ({ planId }) => unwrap(await call('pay.review', { planId })));
}

/**
 * Approves an accepted review (ticking **I understand this risk** where the review asks, as
 * the person would for a token they chose) and waits until swap.status leaves pending.
 * Answers the final status, or the approve's refusal.
 */
export async function approveCase(
  call: BridgeCall,
  sweepCase: SweepCase,
  reviewed: Extract<Reviewed, { outcome: 'accepted' }>,
): Promise<{ status: string; error: string | null; approveMs: number }> {
  const method = sweepCase.kind === 'swap' ? 'swap.approve' : 'pay.approve';
  const started = performance.now();
  const submission = await call(method, {
    ticketId: reviewed.ticket.ticketId,
    transactionBase64: reviewed.ticket.transactionBase64,
    ...(reviewed.risks ? { risksAcknowledged: true } : {}),
  });
  const approveMs = performance.now() - started;
  if (!submission.ok) {
    return {
      status: 'refused',
      error: `${submission.error.code}: ${submission.error.message}`,
      approveMs,
    };
  }
  const deadline = Date.now() + 40_000;
  for (;;) {
    const status = await call('swap.status', { signature: submission.value.signature });
    if (!status.ok) return { status: 'unknown', error: status.error.message, approveMs };
    if (status.value.status !== 'pending' || Date.now() > deadline) {
      return { status: status.value.status, error: status.value.error, approveMs };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
