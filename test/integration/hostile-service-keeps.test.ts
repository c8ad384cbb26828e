/**
 * The wallet against a hostile swap service, issue 21, classes 2 to 4: a pool the attacker owns
 * priced 40% below the market (a real CP-Swap pool it creates on the sandbox), an output account
 * whose close authority the attacker kept (closed and reopened), and a Token-2022 route mint's
 * huge account (rent locked). Setting and helpers: hostile-onchain-session.ts.
 */
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import {
  AuthorityType,
  createCloseAccountInstruction,
  createInitializeAccount3Instruction,
  createInitializeMint2Instruction,
  createSetAuthorityInstruction,
  getAccount,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { beforeAll, describe, expect, it } from 'vitest';
import { rewriteSwap, type HostileCase, type Json } from '../harness/hostile-swap-service';
import { CP_SWAP } from '../harness/front-run';
import { createAttackerPool, routeThrough, type AttackerPool } from '../harness/attacker-pool';
import {
  attacker,
  connection,
  fundAttacker,
  hostile,
  refused,
  reviewSwap,
  send,
  short,
  useHostileOnchain,
  user,
  wallet,
} from './hostile-onchain-session';
import { ataOf, newKey } from './pay-helpers';
import { SOL, USDC } from './swap-flow-wallet';
import { approveRefused } from './approve-refused';

useHostileOnchain();

/** SOL → USDC of `amount` lamports at 1% slippage, the request these cases review. */
const solToUsdcOf = (amount: bigint) => ({
  inputMint: SOL,
  outputMint: USDC,
  amount: amount.toString(),
  slippage: { bps: 100 },
});

/** Under `tamperCase`, a 0.1 SOL → USDC swap is refused by the custody rule (see refused). */
const custodyRefusal = (tamperCase: HostileCase) =>
  refused(tamperCase, reviewSwap(solToUsdcOf(100_000_000n)), 'swap.approve', 'sol-custody');

describe('class 2: a pool the attacker owns, priced 40% below the market', () => {
  let pool: AttackerPool;
  beforeAll(async () => {
    pool = await createAttackerPool(
      connection,
      attacker,
      send,
      { solAmount: 20_000_000_000n, quoteAmount: 1_800_000_000n }, // 90 USDC a SOL, not 150
      fundAttacker,
    );
  }, 60_000);

  // First of the file on purpose: the wallet keeps a price for 30 s, so the lie must be the
  // first SOL price it is given.
  it("its price API lying along with its quote: Pyth's prices still catch it (issue 25)", async () => {
    const amount = 100_000_000n; // 0.1 SOL
    const ownPool = routeThrough(connection, pool, amount, { impact: '0.001', minimumBps: 9_900n });
    // The service's Price API agrees with its pool: SOL is "worth" $90, so by its prices the
    // trade loses nothing and claims almost no impact.
    hostile.use({
      ...ownPool,
      prices: (answer) => {
        const sol = answer[SOL] as Json | undefined;
        return sol ? { ...answer, [SOL]: { ...sol, usdPrice: 90 } } : answer;
      },
    });
    try {
      const sends = wallet.sends();
      const ticket = await reviewSwap(solToUsdcOf(amount))();
      expect(ticket.report.refusals).toEqual([]);
      expect(ticket.report.valuation?.input).toMatchObject({
        source: 'oracle',
        feed: 'SOL/USD',
        servicePrice: '90',
      });
      const loss = ticket.report.tokenWarnings.find((w) => w.kind === 'value-loss');
      expect(loss?.mustAcknowledge).toBe(true);
      expect(loss?.sentence).toMatch(
        /\(prices from Pyth's oracle feeds SOL\/USD and USDC\/USD, read from the network, not from the swap service\): 4\d% less\./,
      );
      const gap = ticket.report.tokenWarnings.find((w) => w.kind === 'price-divergence');
      expect(gap?.sentence).toMatch(
        /^The swap service prices SOL at \$90, Pyth's SOL\/USD feed at \$1[45]\d(\.\d+)?: \d+(\.\d+)?% apart\. Swapdesk trusts Pyth's price/,
      );
      await approveRefused(wallet, 'swap.approve', ticket, 'RISK_NOT_ACKNOWLEDGED', sends);
    } finally {
      hostile.use(null);
    }
  });

  it('a quote through it that claims a matching price impact needs the person’s acknowledgement', async () => {
    const amount = 100_000_000n; // 0.1 SOL, about $15
    // The quote claims a price impact to match the pool's price: no rule reads a lie in it.
    const ownPool = routeThrough(connection, pool, amount, { impact: '0.4', minimumBps: 9_900n });
    hostile.use(ownPool);
    try {
      const sends = wallet.sends();
      const ticket = await reviewSwap(solToUsdcOf(amount))();
      // Every chain rule passes: the pool really pays what the quote says.
      expect(ticket.report.refusals).toEqual([]);
      const warning = ticket.report.tokenWarnings.find((w) => w.kind === 'value-loss');
      expect(warning?.mustAcknowledge).toBe(true);
      // Judged at Pyth's prices, read from the network (issue 25): SOL and USDC have feeds.
      expect(warning?.sentence).toMatch(
        /^You give about \$1[45]\.\d\d and may get as little as \$8\.\d\d \(prices from Pyth's oracle feeds SOL\/USD and USDC\/USD, read from the network, not from the swap service\): 4\d% less\. The quote puts the price impact at 40%/,
      );
      await approveRefused(wallet, 'swap.approve', ticket, 'RISK_NOT_ACKNOWLEDGED', sends);
    } finally {
      hostile.use(null);
    }
  });
});

/** The attacker's own USDC account at `address` (a new keypair account, not an ATA). */
function openedByAttacker(address: PublicKey, rent: number): TransactionInstruction[] {
  return [
    SystemProgram.createAccount({
      fromPubkey: attacker.publicKey,
      newAccountPubkey: address,
      lamports: rent,
      space: 165,
      programId: TOKEN_PROGRAM_ID,
    }),
    createInitializeAccount3Instruction(address, new PublicKey(USDC), attacker.publicKey),
  ];
}

describe('class 3: an output account someone else can close', () => {
  it('is refused; the attacker then closes it and opens its own at the same address', async () => {
    const account = Keypair.generate();
    const rent = await connection.getMinimumBalanceForRentExemption(165);
    await send(
      [
        ...openedByAttacker(account.publicKey, rent),
        createSetAuthorityInstruction(
          account.publicKey,
          attacker.publicKey,
          AuthorityType.CloseAccount,
          attacker.publicKey,
        ),
        createSetAuthorityInstruction(
          account.publicKey,
          attacker.publicKey,
          AuthorityType.AccountOwner,
          user,
        ),
      ],
      [attacker, account],
    );
    expect((await getAccount(connection, account.publicKey)).owner.equals(user)).toBe(true);
    const redirect: HostileCase = {
      swap: (answer, ctx) =>
        rewriteSwap(answer, ctx, (opened, payer) => {
          for (const ix of opened.instructions) {
            if (ix.programId.toBase58() !== CP_SWAP) continue;
            if (ix.keys[5]?.pubkey.toBase58() === ataOf(payer.toBase58(), USDC)) {
              ix.keys[5] = { ...ix.keys[5], pubkey: account.publicKey };
            }
          }
        }),
    };
    const reason = await custodyRefusal(redirect);
    expect(reason).toBe(
      `It would pay USDC into your account ${short(account.publicKey)}, which is not your usual USDC account and its close authority is ${short(attacker.publicKey)}: they could empty it, or close it and open their own at the same address before this lands, and keep what arrives.`,
    );
    // What the attacker does before the person's swap lands: close the empty account, open its own.
    await send(
      [
        createCloseAccountInstruction(account.publicKey, attacker.publicKey, attacker.publicKey),
        ...openedByAttacker(account.publicKey, rent),
      ],
      [attacker, account],
    );
    expect((await getAccount(connection, account.publicKey)).owner.equals(attacker.publicKey)).toBe(
      true,
    );
  });
});

describe('class 4: rent locked in a route mint’s account', () => {
  it('a 1.4 MB Token-2022 account of a route mint the attacker controls is refused for its rent', async () => {
    const mint = Keypair.generate();
    await send(
      [
        SystemProgram.createAccount({
          fromPubkey: attacker.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: await connection.getMinimumBalanceForRentExemption(MINT_SIZE),
          space: MINT_SIZE,
          programId: TOKEN_2022_PROGRAM_ID,
        }),
        createInitializeMint2Instruction(
          mint.publicKey,
          6,
          attacker.publicKey,
          attacker.publicKey,
          TOKEN_2022_PROGRAM_ID,
        ),
      ],
      [attacker, mint],
    );
    const huge = Keypair.generate();
    const size = 1_400_000;
    const lamports = await connection.getMinimumBalanceForRentExemption(size);
    let original: Json | null = null;
    const routeMint: HostileCase = {
      quote: (answer) => {
        original = answer;
        const step = (answer.routePlan as Json[])[0] as Json;
        const info = step.swapInfo as Json;
        // The route passes through the attacker's mint: it becomes one of the swap's own mints.
        const middle = '1000';
        /** A whole-route hop like the first, through a pool of its own, with `swapInfo` changed. */
        const hop = (swapInfo: Json) => ({
          ...step,
          percent: 100,
          bps: 10_000,
          swapInfo: { ...info, ammKey: newKey(), ...swapInfo },
        });
        const attackerMint = mint.publicKey.toBase58();
        return {
          ...answer,
          routePlan: [
            hop({ outputMint: attackerMint, inAmount: answer.inAmount, outAmount: middle }),
            hop({ inputMint: attackerMint, inAmount: middle, outAmount: answer.outAmount }),
          ],
        };
      },
      buildRequest: (body) => ({ ...body, quoteResponse: original }),
      swap: (answer, ctx) =>
        rewriteSwap(
          answer,
          ctx,
          (opened, payer) => {
            opened.instructions.splice(
              0,
              0,
              SystemProgram.createAccount({
                fromPubkey: payer,
                newAccountPubkey: huge.publicKey,
                lamports,
                space: size,
                programId: TOKEN_2022_PROGRAM_ID,
              }),
              createInitializeAccount3Instruction(
                huge.publicKey,
                mint.publicKey,
                payer,
                TOKEN_2022_PROGRAM_ID,
              ),
            );
          },
          [huge],
        ),
    };
    const reason = await custodyRefusal(routeMint);
    expect(reason).toContain(
      `It would lock ${lamports / 1e9} SOL of your SOL as rent in new accounts (${lamports / 1e9} SOL in ${short(huge.publicKey)}), more than the 0.01 SOL (the rent of about five token accounts) a swap needs.`,
    );
    expect(reason).not.toMatch(/a token this swap does not involve/);
  });
});
