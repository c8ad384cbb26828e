/**
 * Issue 32: a gasless /order held to the person's own slippage, against the real sandbox
 * serving `--api-shape v2` with Jupiter's program (or without it under
 * SWAPDESK_TEST_JUPITER_PROGRAM=none): its /order makes an order gasless, paid by its gas payer,
 * for a taker under 0.01 SOL who asks with no optional parameter, as docs-v2 "Order & Execute" says.
 *
 * The person holds USDC and no SOL, so the wallet asks /order plainly (no `slippageBps` can be
 * sent on a gasless order). A hostile service answers with its own slippage of 4% where the
 * person chose 0.5%: `slippageBps` 400, the minimum of 4%, and a transaction whose on-chain
 * minimums (CP-Swap's, or the route's `slippage_bps`) are those of 4%. Before issue 32 the
 * wallet took the answer's slippage as the person's and the guard judged against it.
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
import { Connection, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxGasPayer } from '../../main/sandbox/swap-api/order-payer';
import { SANDBOX_GAS_PAYER } from '../../main/shared/sandbox-operator';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { tempDir } from '../fixtures/temp-dirs';
import { faucet, openPayWallet, USDC, type PayWallet } from './pay-helpers';
import {
  expectHarmOnTwin,
  expectHonestSwapConfirmed,
  expectQuoteRefused,
  looseService,
  LOOSE_SANDBOX_ARGS,
  SWAP_REQUEST,
} from './loose-slippage-twin';
import { firstAccount } from './wallet-setup';

let sandbox: RunningSandbox;
let connection: Connection;
let wallet: PayWallet;
let dataDir: string;
let person: string;
const hostile = looseService('/swap/v2/order', () => connection);

beforeAll(async () => {
  sandbox = await startSandbox({ args: LOOSE_SANDBOX_ARGS });
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  dataDir = tempDir('swapdesk-order-gasless-slippage-');
  const keychain = `swapdesk-gasless-itest-${process.pid}`;
  wallet = openPayWallet(sandbox, dataDir, keychain, hostile.rewrite);
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

describe('a gasless /order answered with the service’s own 4% where the person chose 0.5%', () => {
  it('is harmful: the same tampered order, landed by the service after its own trade, gives a twin less than the person’s bound', async () => {
    // The twin signs as the person would; the service lands it with its own gas payer.
    const order = await expectHarmOnTwin(sandbox, connection, 'order', {
      gasPayer: sandboxGasPayer(),
    });
    const transaction = VersionedTransaction.deserialize(
      Buffer.from(order.transaction as string, 'base64'),
    );
    expect(transaction.message.staticAccountKeys[0]?.toBase58()).toBe(SANDBOX_GAS_PAYER);
  });

  it('is refused at the quote in words naming both slippages and what to do; nothing is signed', async () => {
    // Asked plainly: a gasless order takes no slippage. The person's SOL stays 0.
    const refusal = {
      code: 'SWAP_NOT_SIGNABLE',
      message:
        'The swap service set a slippage of 4.00% on this order, more than the 0.50% you chose, so anyone trading just before it lands could take the difference. Nothing was signed. A gasless order cannot be asked for a slippage: the service picks it, and the wallet holds it to yours. To swap at 0.50%, keep at least 0.01 SOL in this account (the wallet then asks for your slippage and you pay the network fee), or, if you accept 4.00%, raise your slippage to it and get a new quote.',
    };
    const session = { wallet, connection, person, state: hostile.state };
    await expectQuoteRefused(session, '/swap/v2/order', refusal, true);
    expect(await connection.getBalance(new PublicKey(person))).toBe(0);
  });

  it('its honest twin (the service’s 0.5%, within the person’s) is reviewed, approved and confirmed, gasless', async () => {
    await expectHonestSwapConfirmed(wallet, connection, person, (quote, ticket) => {
      // The quote screen says the service chose it, and the person's cap (issue 32).
      expect(quote.slippageChosenByService).toEqual({ capBps: SWAP_REQUEST.slippage.bps });
      expect(ticket.report.feePayer).toBe(SANDBOX_GAS_PAYER);
      expect(ticket.report.verdicts.find((v) => v.rule === 'onchain-bound')?.reason).toMatch(
        /^The network refuses this swap if you would receive less than /,
      );
    });
    expect(wallet.urls.some((u) => u.endsWith('/swap/v2/execute'))).toBe(true);
    // Gasless: not a lamport of the person's paid the network fee.
    expect(await connection.getBalance(new PublicKey(person))).toBe(0);
  });
});
