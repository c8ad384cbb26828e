/**
 * The wallet against a hostile swap service (issue 15). A stand-in in front of the real sandbox
 * (test/harness/hostile-swap-service.ts) forwards every request and tampers with the answers of
 * GET /quote, POST /swap and POST /swap-instructions the way a compromised service would,
 * re-signing as the sandbox's venue (and as itself where it makes itself a co-signer). The
 * wallet is the real composition root behind the real bridge registry (contract schemas, real
 * keychain, real review on the sandbox VM): each case goes through swap.quote / pay.quote,
 * review and approve, and must be refused in words, with nothing sent. One case (at least) per
 * class of the issue, several of our own, and honest controls through the same stand-in.
 */
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FEE_OPERATOR } from '../../main/shared/sandbox-operator';
import { rewriteSwap, type HostileCase } from '../harness/hostile-swap-service';
import { ataOf, faucet, newKey } from './pay-helpers';
import { USDC } from './swap-flow-wallet';

import {
  freezableMint,
  hostile,
  lyingBound,
  refusedSwap,
  sandbox,
  short,
  solToUsdc,
  user,
  usdcToSol,
  USDT,
  useHostileSession,
  wallet,
} from './hostile-service-session';

useHostileSession();

describe('honest controls through the same stand-in', () => {
  it('forwards untouched answers: SOL → USDC with an auto priority fee is accepted and confirmed', async () => {
    const { ticket } = await wallet.swap({
      ...solToUsdc,
      options: { priorityFee: { kind: 'auto' } },
    });
    expect(ticket.report.refusals).toEqual([]);
    expect(hostile.tampered()).toBe(0);
  });

  it('USDC → SOL as a legacy transaction is accepted and confirmed', async () => {
    const { ticket } = await wallet.swap({ ...usdcToSol, options: { asLegacyTransaction: true } });
    expect(ticket.report.format).toBe('legacy');
    expect(ticket.report.verdicts.find((v) => v.rule === 'sol-custody')?.ok).toBe(true);
  });
});

describe('class 1: a quote whose bound lies', () => {
  it('ExactIn: a minimum of half the output at the 1% chosen is refused before it is shown', async () => {
    hostile.use({ quote: lyingBound((a) => BigInt(a.outAmount as string) / 2n) });
    try {
      const requests = wallet.swapApiRequests();
      const refused = await wallet.refusal('swap.quote', solToUsdc);
      expect(refused.code).toBe('SWAP_API_BAD_RESPONSE');
      expect(refused.message).toMatch(
        /^The swap service answered something the wallet can't trust \(its minimum received \(\d+ base units\) is below the \d+ that a slippage of 1\.00% allows: the service's bound does not match the chosen slippage\)\. Nothing was signed\./,
      );
      // The quote went no further: no /swap was asked for.
      expect(wallet.swapApiRequests()).toBe(requests + 1);
    } finally {
      hostile.use(null);
    }
  });

  it('ExactOut: paying a 5 USDT invoice at up to twice the quoted input is refused', async () => {
    const payee = newKey();
    await faucet(sandbox, payee, USDT, 1n);
    hostile.use({
      quote: (answer) =>
        answer.swapMode === 'ExactOut'
          ? { ...answer, otherAmountThreshold: (BigInt(answer.inAmount as string) * 2n).toString() }
          : answer,
    });
    try {
      const refused = await wallet.refusal('pay.quote', {
        text: `solana:${payee}?amount=5&spl-token=${USDT}`,
        payWithMint: USDC,
      });
      expect(refused.code).toBe('SWAP_API_BAD_RESPONSE');
      expect(refused.message).toMatch(
        /its maximum spent \(\d+ base units\) is above the \d+ that a slippage of 0\.50% allows: the service's bound does not match the chosen slippage/,
      );
      expect(hostile.tampered()).toBe(1);
    } finally {
      hostile.use(null);
    }
  });

  it('a slippage other than the one chosen is refused, whatever bound comes with it', async () => {
    hostile.use({ quote: (answer) => ({ ...answer, slippageBps: 5_000 }) });
    try {
      const refused = await wallet.refusal('swap.quote', solToUsdc);
      expect(refused.message).toMatch(/a slippage of 50\.00% instead of the 1\.00% you chose/);
    } finally {
      hostile.use(null);
    }
  });

  it('the bound screens and guard use is never looser than the chosen slippage allows', async () => {
    const quote = await wallet.call('swap.quote', solToUsdc);
    const floor = (BigInt(quote.outAmount) * 9_900n) / 10_000n;
    expect(BigInt(quote.minimumReceived as string)).toBeGreaterThanOrEqual(floor);
  });
});

describe('class 2: SOL parked where someone else can lock it', () => {
  it('5 SOL moved into the person’s USDC account (a mint with a freeze authority) is refused', async () => {
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(answer, ctx, (opened, payer) => {
            opened.instructions.splice(
              opened.instructions.length - 1,
              0,
              SystemProgram.transfer({
                fromPubkey: payer,
                toPubkey: new PublicKey(ataOf(payer.toBase58(), USDC)),
                lamports: 500_000_000,
              }),
            );
          }),
      },
      usdcToSol,
      'sol-custody',
    );
    expect(reason).toBe(
      `It would leave 0.5 SOL in your USDC token account ${short(ataOf(user.toBase58(), USDC))} instead of your wallet: whoever holds the freeze authority of USDC could freeze that account and the SOL with it.`,
    );
  });

  it('the swap’s wSOL output closed into the person’s USDC account is refused', async () => {
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(answer, ctx, (opened, payer) => {
            const close = opened.instructions.find(
              (ix) => ix.programId.equals(TOKEN_PROGRAM_ID) && ix.data[0] === 9,
            );
            if (!close?.keys[1]) throw new Error('no close of the wSOL account');
            close.keys[1].pubkey = new PublicKey(ataOf(payer.toBase58(), USDC));
          }),
      },
      usdcToSol,
      'sol-custody',
    );
    expect(reason).toMatch(
      /^It would close your wrapped SOL account .* into your USDC account .* instead of your wallet, where its SOL could be frozen\./,
    );
  });

  it('an account opened for a mint the swap does not involve (the attacker’s own) is refused', async () => {
    const { reason } = await refusedSwap(
      {
        swap: (answer, ctx) =>
          rewriteSwap(answer, ctx, (opened, payer) => {
            opened.instructions.splice(
              0,
              0,
              createAssociatedTokenAccountIdempotentInstruction(
                payer,
                new PublicKey(ataOf(payer.toBase58(), freezableMint.toBase58())),
                payer,
                freezableMint,
              ),
            );
          }),
      },
      solToUsdc,
      'sol-custody',
    );
    expect(reason).toMatch(
      new RegExp(
        `^It would open a token ${short(freezableMint)} token account .* for you, a token this swap does not involve, and put your SOL into its rent\\.$`,
      ),
    );
  });
});

describe('class 3: a platform fee that is not exact', () => {
  const feeOwner = Keypair.generate().publicKey;
  const feeAccount = () => ataOf(feeOwner.toBase58(), USDC);

  beforeAll(async () => {
    await faucet(sandbox, feeOwner.toBase58(), USDC, 1n);
    await wallet.call('fees.set', { enabled: true, platformFeeBps: 50 });
    await wallet.call('fees.setFeeAccount', { mint: USDC, address: feeAccount() });
  });
  afterAll(async () => {
    await wallet.call('fees.set', { enabled: false });
  });

  /** Rewrites the venue's fee leg into the configured account (and adds a leg for the rest). */
  const feeCase = (
    integratorGets: (fee: bigint) => bigint,
    restTo: PublicKey | null,
  ): HostileCase => ({
    swap: (answer, ctx) =>
      rewriteSwap(answer, ctx, (opened) => {
        const index = opened.instructions.findIndex(
          (ix) => ix.data[0] === 12 && ix.keys[2]?.pubkey.toBase58() === feeAccount(),
        );
        const leg = opened.instructions[index] as TransactionInstruction;
        const amount = Buffer.from(leg.data).readBigUInt64LE(1);
        const kept = integratorGets(amount);
        const [source, mint, , authority] = leg.keys.map((k) => k.pubkey) as PublicKey[];
        const rebuilt = (to: PublicKey, value: bigint) =>
          createTransferCheckedInstruction(source!, mint!, to, authority!, value, 6);
        opened.instructions[index] = rebuilt(new PublicKey(feeAccount()), kept);
        if (restTo !== null) {
          opened.instructions.splice(index + 1, 0, rebuilt(restTo, amount - kept));
        }
      }),
  });

  it('an honest fee swap through the stand-in says what the integrator gets', async () => {
    const { ticket } = await wallet.swap(solToUsdc);
    expect(ticket.report.verdicts.find((v) => v.rule === 'fee-account')?.reason).toMatch(
      new RegExp(
        `^Your fee account ${short(feeAccount())} receives [\\d.]+ USDC \\(the platform fee of [\\d.]+ USDC less the swap service's share of [\\d.]+ USDC\\)\\.$`,
      ),
    );
  });

  it('one base unit reaching the fee account, the rest kept by the venue, is refused', async () => {
    const { reason } = await refusedSwap(
      feeCase(() => 1n, null),
      solToUsdc,
      'fee-account',
    );
    expect(reason).toMatch(
      /^The platform fee of 50 bps comes to [\d.]+ USDC, but only [\d.]+ USDC of it would reach your fee account and the swap service: the rest is kept elsewhere\.$/,
    );
  });

  it('most of the fee to the fee account and the rest to a stranger is refused', async () => {
    const strangerUsdc = new PublicKey(ataOf(hostile.attacker.publicKey.toBase58(), USDC));
    const { reason } = await refusedSwap(
      feeCase((fee) => (fee * 6n) / 10n, strangerUsdc),
      solToUsdc,
      'fee-account',
    );
    expect(reason).toMatch(
      new RegExp(
        `^[\\d.]+ USDC of the platform fee would go to ${short(strangerUsdc)}, not to your configured fee account ${short(feeAccount())}\\.$`,
      ),
    );
  });

  it('the service taking more than its published share is refused', async () => {
    const operator = new PublicKey(ataOf(SANDBOX_FEE_OPERATOR, USDC));
    const { reason } = await refusedSwap(
      feeCase((fee) => (fee * 9n) / 10n, operator),
      solToUsdc,
      'fee-account',
    );
    expect(reason).toMatch(/^The swap service's share of the platform fee is [\d.]+ USDC, but/);
  });
});
