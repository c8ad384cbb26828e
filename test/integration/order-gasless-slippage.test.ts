/**
 * Issue 32: a gasless /order held to the person's own slippage, against the real sandbox
 * serving `--api-shape v2` (its /order makes an order gasless, paid by its gas payer, for a
 * taker under 0.01 SOL who asks with no optional parameter, as docs-v2 "Order & Execute" says).
 *
 * The person holds USDC and no SOL, so the wallet asks /order plainly (no `slippageBps` can be
 * sent on a gasless order). A hostile service answers with its own slippage of 4% where the
 * person chose 0.5%: `slippageBps` 400, the minimum of 4%, and a transaction whose CP-Swap
 * minimums are those of 4%. Before issue 32 the wallet took the answer's slippage as the
 * person's and the guard judged against it.
 *
 * - Harmful: the same tampered order, asked for a twin (a second key the test holds, funded
 *   like the person), signed by the twin and landed by the service itself (its gas payer, whose
 *   key is the sandbox's published seed) right after its own trade ahead of it on the same
 *   pools, gives the twin less than the person's own 0.5% bound.
 * - Refused: the wallet refuses the person's quote in words naming 4.00% and 0.50% and what to
 *   do; nothing is reviewed, signed or sent to /execute, and the person's balances stay.
 * - Its honest twin: the sandbox's own answer (0.5%, within the person's 0.5%) is reviewed,
 *   accepted, approved and confirmed, gasless, with at least the person's bound received.
 */
import { rmSync } from 'node:fs';
import { Connection, Keypair, PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import type { TransactionInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxGasPayer } from '../../main/sandbox/swap-api/order-payer';
import { SANDBOX_GAS_PAYER } from '../../main/shared/sandbox-operator';
import { minimumReceived } from '../../main/swap-api/slippage-bound';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { balanceOf, frontRun, loosenBounds } from '../harness/front-run';
import { closeTransaction, openTransaction } from '../fixtures/tamper/rebuild';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { tempDir } from '../fixtures/temp-dirs';
import {
  ataOf,
  confirmedSignature,
  faucet,
  openPayWallet,
  tokenBalance,
  USDC,
  type AnswerRewrite,
  type PayWallet,
} from './pay-helpers';
import { firstAccount } from './wallet-setup';

type Json = Record<string, unknown>;

const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
/** The person's slippage, and the one the hostile service answers with instead. */
const CHOSEN_BPS = 50;
const SERVICE_BPS = 400;
const AMOUNT = 200_000_000n; // 200 USDC
/** The venue of the hostile service's routes: the harness's tamper and front-run know CP-Swap. */
const CP_SWAP_LABEL = 'Raydium CPMM';
/** The attacker's trade ahead of the order: this share of each pool's input vault. */
const FRONT_RUN_DEPTH_BPS = 120;

let sandbox: RunningSandbox;
let connection: Connection;
let wallet: PayWallet;
let dataDir: string;
let person: string;
let hostile = false;
let tampered = 0;

/** The hostile answer: the service's own 4%, in its slippage, its minimum and its transaction. */
async function atOwnSlippage(answer: Json): Promise<Json> {
  tampered += 1;
  const out = BigInt(answer.outAmount as string);
  const edited: Json = {
    ...answer,
    slippageBps: SERVICE_BPS,
    otherAmountThreshold: minimumReceived(out, SERVICE_BPS).toString(),
  };
  if (typeof answer.transaction === 'string' && answer.transaction !== '') {
    const opened = await openTransaction(Buffer.from(answer.transaction, 'base64'), connection);
    loosenBounds(opened, Number(answer.slippageBps), SERVICE_BPS);
    // Unsigned, as /order hands it out: the gas payer signs at /execute, after the person.
    edited.transaction = Buffer.from(closeTransaction(opened, [])).toString('base64');
  }
  return edited;
}

const rewrite: AnswerRewrite = async (url, response) => {
  if (!hostile || !response.ok || !new URL(url).pathname.endsWith('/swap/v2/order')) {
    return response;
  }
  // The hostile service routes through CP-Swap, the pools whose bounds the harness loosens and
  // front-runs (after the first case's front-run there the router would take CLMM instead).
  const viaCpSwap = new URL(url);
  viaCpSwap.searchParams.set('dexes', CP_SWAP_LABEL);
  const routed = await fetch(viaCpSwap);
  if (!routed.ok) return routed;
  const answer = await atOwnSlippage((await routed.json()) as Json);
  return new Response(JSON.stringify(answer), { status: 200, headers: response.headers });
};

beforeAll(async () => {
  sandbox = await startSandbox({ args: ['--api-shape', 'v2'] });
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  dataDir = tempDir('swapdesk-order-gasless-slippage-');
  wallet = openPayWallet(sandbox, dataDir, `swapdesk-gasless-itest-${process.pid}`, rewrite);
  person = (await firstAccount(wallet.call, 'Gasless')).address;
  // USDC only, no SOL: the wallet asks /order plainly and the sandbox makes it gasless.
  await faucet(sandbox, person, USDC, 1_000_000_000n);
  await wallet.call('swapPath.set', { path: 'meta-aggregator' });
}, 120_000);

afterAll(async () => {
  wallet?.app.close();
  if (person) await wallet?.call('accounts.remove', { address: person }).catch(() => undefined);
  await sandbox?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function send(instructions: TransactionInstruction[], signers: Keypair[]): Promise<void> {
  const tx = new Transaction().add(...instructions);
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.feePayer = signers[0]?.publicKey;
  tx.sign(...signers);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

const swapRequest = {
  inputMint: USDC,
  outputMint: USDT,
  amount: AMOUNT.toString(),
  slippage: { bps: CHOSEN_BPS },
};

describe('a gasless /order answered with the service’s own 4% where the person chose 0.5%', () => {
  it('is harmful: the same tampered order, landed by the service after its own trade, gives a twin less than the person’s bound', async () => {
    const twin = Keypair.generate();
    await faucet(sandbox, twin.publicKey.toBase58(), USDC, 1_000_000_000n);
    const query = new URLSearchParams({
      inputMint: USDC,
      outputMint: USDT,
      amount: AMOUNT.toString(),
      taker: twin.publicKey.toBase58(),
      dexes: CP_SWAP_LABEL,
    });
    const honest = (await (await fetch(`${sandbox.swapApiUrl}/order?${query}`)).json()) as Json;
    expect(honest).toMatchObject({ gasless: true, router: 'metis', slippageBps: CHOSEN_BPS });
    const order = await atOwnSlippage(honest);
    const transaction = Buffer.from(order.transaction as string, 'base64');
    const personBound = minimumReceived(BigInt(order.outAmount as string), CHOSEN_BPS);
    const serviceBound = BigInt(order.otherAmountThreshold as string);

    const attacker = Keypair.generate();
    await waitForStatus(
      connection,
      await connection.requestAirdrop(attacker.publicKey, 5e9),
      200,
      25,
    );
    const twinUsdt = new PublicKey(ataOf(twin.publicKey.toBase58(), USDT));
    const before = await balanceOf(connection, twinUsdt);
    await frontRun(
      connection,
      transaction,
      attacker,
      (mint, amount) => faucet(sandbox, attacker.publicKey.toBase58(), mint, amount).then(() => {}),
      send,
      {},
      FRONT_RUN_DEPTH_BPS,
    );
    // The twin signs as the person would; the service lands it with its own gas payer.
    const signed = VersionedTransaction.deserialize(transaction);
    signed.sign([twin, sandboxGasPayer()]);
    expect(signed.message.staticAccountKeys[0]?.toBase58()).toBe(SANDBOX_GAS_PAYER);
    const landed = await connection.sendRawTransaction(signed.serialize());
    await waitForStatus(connection, landed, 200, 25);
    const received = (await balanceOf(connection, twinUsdt)) - before;
    expect(received).toBeGreaterThanOrEqual(serviceBound);
    // What the person's own 0.5% would have refused on chain.
    expect(received).toBeLessThan(personBound);
    // By more than 1% of the quote (about 3.7 of 200 USDT here): the service's trade keeps it.
    expect(personBound - received).toBeGreaterThan(BigInt(order.outAmount as string) / 100n);
  });

  it('is refused at the quote in words naming both slippages and what to do; nothing is signed', async () => {
    const usdcBefore = await tokenBalance(connection, ataOf(person, USDC));
    const asked = wallet.urls.length;
    hostile = true;
    tampered = 0;
    try {
      const refused = await wallet.refusal('swap.quote', swapRequest);
      expect(tampered).toBe(1);
      expect(refused.code).toBe('SWAP_NOT_SIGNABLE');
      expect(refused.message).toBe(
        'The swap service set a slippage of 4.00% on this order, more than the 0.50% you chose, so anyone trading just before it lands could take the difference. Nothing was signed. A gasless order cannot be asked for a slippage: the service picks it, and the wallet holds it to yours. To swap at 0.50%, keep at least 0.01 SOL in this account (the wallet then asks for your slippage and you pay the network fee), or, if you accept 4.00%, raise your slippage to it and get a new quote.',
      );
    } finally {
      hostile = false;
    }
    const urls = wallet.urls.slice(asked);
    const orders = urls.filter((u) => new URL(u).pathname.endsWith('/swap/v2/order'));
    // Asked plainly: a gasless order takes no slippage.
    expect(orders).toHaveLength(1);
    expect(new URL(orders[0]!).searchParams.has('slippageBps')).toBe(false);
    expect(urls.some((u) => u.includes('/execute'))).toBe(false);
    expect(await tokenBalance(connection, ataOf(person, USDC))).toBe(usdcBefore);
    expect(await connection.getBalance(new PublicKey(person))).toBe(0);
  });

  it('its honest twin (the service’s 0.5%, within the person’s) is reviewed, approved and confirmed, gasless', async () => {
    const quote = await wallet.call('swap.quote', swapRequest);
    expect(quote.slippageBps).toBe(CHOSEN_BPS);
    // The quote screen says the service chose it, and the person's cap (issue 32).
    expect(quote.slippageChosenByService).toEqual({ capBps: CHOSEN_BPS });
    const bound = minimumReceived(BigInt(quote.outAmount), CHOSEN_BPS);
    expect(BigInt(quote.minimumReceived!)).toBeGreaterThanOrEqual(bound);
    const ticket = await wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.accepted).toBe(true);
    expect(ticket.report.feePayer).toBe(SANDBOX_GAS_PAYER);
    expect(ticket.report.verdicts.find((v) => v.rule === 'onchain-bound')?.reason).toMatch(
      /^The network refuses this swap if you would receive less than /,
    );
    const usdt = ataOf(person, USDT);
    const before = await tokenBalance(connection, usdt);
    const swap = await wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    await confirmedSignature(wallet, swap.signature);
    expect(wallet.urls.some((u) => u.endsWith('/swap/v2/execute'))).toBe(true);
    expect((await tokenBalance(connection, usdt)) - before).toBeGreaterThanOrEqual(bound);
    // Gasless: not a lamport of the person's paid the network fee.
    expect(await connection.getBalance(new PublicKey(person))).toBe(0);
  });
});
