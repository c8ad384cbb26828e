/**
 * Issue 32, point 1: the person's own slippage on the two v2 paths where the wallet *sends* it,
 * against the real sandbox serving `--api-shape v2`: GET /build (Router, the default path) and
 * a non-gasless GET /order (Meta-Aggregator, for a person holding SOL, so the wallet asks with
 * its `slippageBps`). The gasless /order, asked without one, is order-gasless-slippage.test.ts.
 *
 * The hostile service answers as if asked for 4% where the person chose 0.5%: it asks the
 * sandbox itself with `slippageBps=400` (through CP-Swap, the pools the harness front-runs), so
 * its answer is consistent in itself: slippage 400, the minimum of 4%, and instructions (or a
 * transaction) whose on-chain minimums are those of 4%. A second lie states 0.5% but keeps the
 * minimum of 4%.
 *
 * - Harmful: the same 4% answer for a twin (a key the test holds, funded like the person),
 *   signed by the twin and landed right after an attacker's trade ahead of it on the same pools,
 *   gives the twin less than the person's own 0.5% bound, by more than 1% of the quote.
 * - Refused: both lies are refused at the quote in words naming the slippages (or the minimum)
 *   and what to do; nothing is reviewed, signed or sent, and the person's balances stay.
 * - The honest twin: the sandbox's own answer at 0.5% is reviewed, accepted, approved and
 *   confirmed, with at least the person's bound received.
 */
import { Keypair, PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import type { TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { minimumReceived } from '../../main/swap-api/slippage-bound';
import { createSwapV2Client } from '../../main/swap-api/v2';
import { realWait } from '../../main/swap-api/wait';
import { assertAddress } from '../../main/shared/address';
import { assembleBuild } from '../../main/tickets/v2/assemble-build';
import { balanceOf, frontRun } from '../harness/front-run';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import {
  airdrop,
  ataOf,
  confirmedSignature,
  faucet,
  tokenBalance,
  usePaySession,
  USDC,
  type AnswerRewrite,
} from './pay-helpers';

type Json = Record<string, unknown>;
type Path = 'router' | 'meta-aggregator';

const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const CHOSEN_BPS = 50;
const SERVICE_BPS = 400;
const AMOUNT = 200_000_000n; // 200 USDC
/** The venue of the hostile service's routes: the harness's front-run knows CP-Swap. */
const CP_SWAP_LABEL = 'Raydium CPMM';
/** The attacker's trade ahead of the swap: this share of each pool's input vault. */
const FRONT_RUN_DEPTH_BPS = 120;
const ENDPOINT: Record<Path, string> = {
  router: '/swap/v2/build',
  'meta-aggregator': '/swap/v2/order',
};

/** What the hostile service does to the person's request: 'rate' answers 4% as 4%, 'minimum' as 0.5%. */
let lie: 'none' | 'rate' | 'minimum' = 'none';
let lied = 0;

/** The sandbox's own answer to `url` asked at the service's 4%, through CP-Swap. */
async function askedAtServiceSlippage(url: string | URL): Promise<Response> {
  const loose = new URL(url);
  loose.searchParams.set('slippageBps', String(SERVICE_BPS));
  loose.searchParams.set('dexes', CP_SWAP_LABEL);
  return fetch(loose);
}

const rewrite: AnswerRewrite = async (url, response) => {
  const path = new URL(url).pathname;
  if (lie === 'none' || !response.ok || !Object.values(ENDPOINT).some((e) => path.endsWith(e))) {
    return response;
  }
  lied += 1;
  const loose = await askedAtServiceSlippage(url);
  const answer = (await loose.json()) as Json;
  if (lie === 'minimum') answer.slippageBps = CHOSEN_BPS;
  return new Response(JSON.stringify(answer), { status: 200, headers: response.headers });
};

const session = usePaySession('v2-loose-slippage', {
  sandboxArgs: ['--api-shape', 'v2'],
  payerUsdc: 1_000_000_000n,
  rewrite,
});

const swapRequest = {
  inputMint: USDC,
  outputMint: USDT,
  amount: AMOUNT.toString(),
  slippage: { bps: CHOSEN_BPS },
};

async function send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<void> {
  const { connection } = session;
  const tx = new Transaction().add(...instructions);
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.feePayer = signers[0]?.publicKey;
  tx.sign(...signers);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

/** The 4% transaction the hostile service would hand the twin on `path`, unsigned. */
async function looseTransactionFor(path: Path, twin: Keypair): Promise<Uint8Array> {
  const { sandbox, connection } = session;
  const taker = twin.publicKey.toBase58();
  if (path === 'meta-aggregator') {
    const query = new URLSearchParams({
      inputMint: USDC,
      outputMint: USDT,
      amount: AMOUNT.toString(),
      taker,
    });
    const order = (await (
      await askedAtServiceSlippage(`${sandbox.swapApiUrl}/order?${query}`)
    ).json()) as Json;
    // The twin holds SOL: not gasless, the twin pays the fee and signs alone.
    expect(order).toMatchObject({ gasless: false, slippageBps: SERVICE_BPS });
    return Buffer.from(order.transaction as string, 'base64');
  }
  const client = createSwapV2Client({
    baseUrl: sandbox.swapApiUrl,
    fetch,
    wait: realWait,
    now: Date.now,
    timeoutMs: 30_000,
    retries: 0,
  });
  const answer = await client.build({
    inputMint: assertAddress(USDC),
    outputMint: assertAddress(USDT),
    amount: AMOUNT,
    taker: assertAddress(taker),
    slippageBps: SERVICE_BPS,
    dexes: [CP_SWAP_LABEL],
  });
  const latestBlockhash = () => connection.getLatestBlockhash();
  const built = await assembleBuild({ connection, latestBlockhash }, assertAddress(taker), answer, {
    kind: 'none',
  });
  return built.transaction;
}

describe.each<{ path: Path; what: string }>([
  { path: 'router', what: 'GET /build' },
  { path: 'meta-aggregator', what: 'a non-gasless GET /order' },
])('$what answered at the service’s 4% where the person chose 0.5%', ({ path }) => {
  it('is harmful: the same 4% transaction, landed after the attacker’s trade, gives a twin less than the person’s bound', async () => {
    const { sandbox, connection } = session;
    const twin = Keypair.generate();
    const taker = twin.publicKey.toBase58();
    await airdrop(connection, taker, 2_000_000_000);
    await faucet(sandbox, taker, USDC, 1_000_000_000n);
    const transaction = await looseTransactionFor(path, twin);
    const attacker = Keypair.generate();
    await airdrop(connection, attacker.publicKey.toBase58(), 5_000_000_000);
    const twinUsdt = new PublicKey(ataOf(taker, USDT));
    const before = await balanceOf(connection, twinUsdt);
    // The person's bound, from the quote the service would show just before the trade.
    const quoted = (await (
      await fetch(
        `${sandbox.swapApiUrl}/order?${new URLSearchParams({ inputMint: USDC, outputMint: USDT, amount: AMOUNT.toString(), dexes: CP_SWAP_LABEL })}`,
      )
    ).json()) as Json;
    const personBound = minimumReceived(BigInt(quoted.outAmount as string), CHOSEN_BPS);
    await frontRun(
      connection,
      transaction,
      attacker,
      (mint, amount) => faucet(sandbox, attacker.publicKey.toBase58(), mint, amount).then(() => {}),
      send,
      {},
      FRONT_RUN_DEPTH_BPS,
    );
    const signed = VersionedTransaction.deserialize(transaction);
    signed.sign([twin]);
    await waitForStatus(
      connection,
      await connection.sendRawTransaction(signed.serialize()),
      200,
      25,
    );
    const received = (await balanceOf(connection, twinUsdt)) - before;
    expect(received).toBeGreaterThan(0n);
    // What the person's own 0.5% would have refused on chain, by more than 1% of the quote.
    expect(received).toBeLessThan(personBound);
    expect(personBound - received).toBeGreaterThan(BigInt(quoted.outAmount as string) / 100n);
  });

  it.each([
    {
      kind: 'rate' as const,
      words:
        /^The swap service answered something the wallet can't trust \(it applied a slippage of 4\.00% instead of the 0\.50% you chose\)\. Nothing was signed\. Try again; if it repeats, use another swap service in Settings\.$/,
    },
    {
      kind: 'minimum' as const,
      words:
        /^The swap service answered something the wallet can't trust \(its minimum received \(\d+ base units\) is below the \d+ that a slippage of 0\.50% allows: the service's bound does not match the chosen slippage\)\. Nothing was signed\. Try again; if it repeats, use another swap service in Settings\.$/,
    },
  ])(
    'is refused at the quote when it states $kind, in words; nothing is signed or sent',
    async ({ kind, words }) => {
      const { wallet, connection, payer } = session;
      await wallet.call('swapPath.set', { path });
      const usdcBefore = await tokenBalance(connection, ataOf(payer, USDC));
      const solBefore = await connection.getBalance(new PublicKey(payer));
      const asked = wallet.urls.length;
      lie = kind;
      lied = 0;
      try {
        const refused = await wallet.refusal('swap.quote', swapRequest);
        expect(lied).toBe(1);
        expect(refused.code).toBe('SWAP_API_BAD_RESPONSE');
        expect(refused.message).toMatch(words);
      } finally {
        lie = 'none';
      }
      const urls = wallet.urls.slice(asked);
      const calls = urls.filter((u) => new URL(u).pathname.endsWith(ENDPOINT[path]));
      expect(calls).toHaveLength(1);
      // The person's own slippage went out with the request.
      expect(new URL(calls[0]!).searchParams.get('slippageBps')).toBe(String(CHOSEN_BPS));
      expect(urls.some((u) => u.includes('/execute'))).toBe(false);
      expect(await tokenBalance(connection, ataOf(payer, USDC))).toBe(usdcBefore);
      expect(await connection.getBalance(new PublicKey(payer))).toBe(solBefore);
    },
  );

  it('its honest twin (the sandbox’s own 0.5%) is reviewed, approved and confirmed', async () => {
    const { wallet, connection, payer } = session;
    await wallet.call('swapPath.set', { path });
    const quote = await wallet.call('swap.quote', swapRequest);
    expect(quote.slippageBps).toBe(CHOSEN_BPS);
    const bound = minimumReceived(BigInt(quote.outAmount), CHOSEN_BPS);
    expect(BigInt(quote.minimumReceived!)).toBeGreaterThanOrEqual(bound);
    const ticket = await wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.accepted).toBe(true);
    expect(ticket.report.feePayer).toBe(payer);
    expect(ticket.report.verdicts.find((v) => v.rule === 'onchain-bound')?.reason).toMatch(
      /^The network refuses this swap if you would receive less than /,
    );
    const usdt = ataOf(payer, USDT);
    const before = await tokenBalance(connection, usdt);
    const swap = await wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    await confirmedSignature(wallet, swap.signature);
    expect((await tokenBalance(connection, usdt)) - before).toBeGreaterThanOrEqual(bound);
  });
});
