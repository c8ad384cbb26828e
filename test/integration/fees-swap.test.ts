/**
 * Integrator fees end to end in main (issue 6): the real composition root behind the real
 * registry, the real OS keychain (gnome-keyring in the test's D-Bus session) and a real
 * sandbox. An integrator account creates its fee accounts through fees.createAccount (the
 * sandbox has no referral program, so its associated token accounts, reviewed and approved),
 * sets 20 bps, and a second account swaps: ExactIn with the fee on the output mint, ExactIn on
 * the input mint, ExactOut on the input mint. Each time the fee account gains the quote's fee
 * minus the operator's 2.5%, as the sandbox splits it. Missing, wrong-mint, Token-2022 and
 * missing-on-chain fee accounts are refused before any request reaches the swap service.
 */
import { exactInFeeGain, SANDBOX_HARNESS_RUNS_JUPITER } from '../fixtures/jupiter-program';
import { rmSync } from 'node:fs';
import { PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { integratorShare, openFeesWallet, type FeesWallet } from './fees-wallet';
import { SOL, USDC } from './swap-flow-wallet';
import { tempDir } from '../fixtures/temp-dirs';
import { firstAccount } from './wallet-setup';

const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';
const BPS = 20;

let sandbox: RunningSandbox;
let dataDir: string;
let wallet: FeesWallet;
let integrator: string;
let swapper: string;
let usdcFeeAccount: string;
let solFeeAccount: string;

// Short names for the wallet's calls, read at call time (the wallet opens in beforeAll).
const call: FeesWallet['call'] = (method, request) => wallet.call(method, request);
const refusal: FeesWallet['refusal'] = (method, request) => wallet.refusal(method, request);
const swap: FeesWallet['swap'] = (request) => wallet.swap(request);
const feeBalance = (address: string) => wallet.feeBalance(address);

beforeAll(async () => {
  sandbox = await startSandbox({ slotMs: 80 });
  dataDir = tempDir('swapdesk-fees-');
  wallet = openFeesWallet(sandbox, dataDir);
  integrator = (await firstAccount(call, 'Integrator')).address;
  await call('sandbox.fund', { address: integrator });
  swapper = (await call('accounts.create', { label: 'Swapper' })).address;
  await call('sandbox.fund', { address: swapper });
}, 120_000);

afterAll(async () => {
  wallet?.app.close();
  for (const address of [integrator, swapper]) {
    if (address) await call('accounts.remove', { address }).catch(() => undefined);
  }
  await sandbox?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('integrator fees on the sandbox', () => {
  it('says the referral program is missing and derives the referral address anyway', async () => {
    const derived = await call('fees.deriveAccount', { referralAccount: integrator, mint: USDC });
    expect(derived.referralProgramDeployed).toBe(false);
    expect(derived.exists).toBe(false);
    expect(derived.advice).toBe(
      'The referral program is not on this network. Since January 2025 any token account of the fee mint can receive platform fees: create your own associated token account for it.',
    );
    expect(derived.problem?.code).toBe('FEE_ACCOUNT_NOT_FOUND');
    await call('fees.set', { referralAccount: integrator });
    expect((await refusal('fees.claim', { mint: USDC })).code).toBe('REFERRAL_PROGRAM_MISSING');
    await call('fees.set', { referralAccount: null });
  });

  it("creates the integrator's USDC and wSOL associated token accounts through review", async () => {
    await call('accounts.select', { address: integrator });
    await wallet.createFeeAccount(USDC);
    await wallet.createFeeAccount(SOL);
    usdcFeeAccount = getAssociatedTokenAddressSync(
      new PublicKey(USDC),
      new PublicKey(integrator),
    ).toBase58();
    solFeeAccount = getAssociatedTokenAddressSync(
      new PublicKey(SOL),
      new PublicKey(integrator),
    ).toBase58();
    const usdc = await call('fees.checkAccount', { mint: USDC, address: usdcFeeAccount });
    expect(usdc).toMatchObject({
      exists: true,
      tokenProgram: 'spl-token',
      mint: USDC,
      owner: integrator,
      problem: null,
    });
    const settings = await call('fees.set', { enabled: true, platformFeeBps: BPS });
    expect(settings.highFeeWarning).toBeNull();
    expect((await call('fees.set', { platformFeeBps: 250 })).highFeeWarning).toMatch(/250 bps/);
    await call('fees.set', { platformFeeBps: BPS });
    await call('accounts.select', { address: swapper });
  });

  it('refuses a swap before any request when no fee account fits, or one is unusable', async () => {
    const quote = { inputMint: SOL, outputMint: USDC, amount: '100000000', slippage: { bps: 100 } };
    const before = wallet.swapApiRequests();
    // Fees on, nothing configured for SOL or USDC.
    expect((await refusal('swap.quote', quote)).code).toBe('FEE_ACCOUNT_MISSING');
    // ExactOut takes the fee in the input mint only: a USDC account does not serve it.
    await call('fees.setFeeAccount', { mint: USDC, address: usdcFeeAccount });
    const exactOut = await refusal('swap.quote', {
      ...quote,
      amount: '5000000',
      swapMode: 'ExactOut',
    });
    expect(exactOut.code).toBe('FEE_ACCOUNT_MISSING');
    expect(exactOut.message).toMatch(/exact-output swap takes the fee in that token only/);
    // An account of another mint.
    await call('fees.setFeeAccount', { mint: USDC, address: solFeeAccount });
    const wrong = await refusal('swap.quote', quote);
    expect(wrong.code).toBe('FEE_ACCOUNT_WRONG_MINT');
    // An address with nothing on chain.
    await call('fees.setFeeAccount', {
      mint: USDC,
      address: new PublicKey(Buffer.alloc(32, 9)).toBase58(),
    });
    expect((await refusal('swap.quote', quote)).code).toBe('FEE_ACCOUNT_NOT_FOUND');
    // A Token-2022 account (the swapper's PYUSD account) as the fee account of PYUSD.
    const pyusdAccount = getAssociatedTokenAddressSync(
      new PublicKey(PYUSD),
      new PublicKey(swapper),
      true,
      TOKEN_2022_PROGRAM_ID,
    ).toBase58();
    await call('fees.setFeeAccount', { mint: USDC, address: null });
    await call('fees.setFeeAccount', { mint: PYUSD, address: pyusdAccount });
    const t22 = await refusal('swap.quote', { ...quote, inputMint: PYUSD, amount: '1000000' });
    expect(t22.code).toBe('FEE_ACCOUNT_TOKEN_2022');
    expect(t22.message).toMatch(/Token-2022/);
    await call('fees.setFeeAccount', { mint: PYUSD, address: null });
    expect(wallet.swapApiRequests()).toBe(before);
  });

  it('ExactIn with the fee on the output mint: the USDC fee account gains 97.5% of the fee', async () => {
    await call('fees.setFeeAccount', { mint: USDC, address: usdcFeeAccount });
    await call('fees.setFeeAccount', { mint: SOL, address: solFeeAccount });
    const before = await feeBalance(usdcFeeAccount);
    const { quote, ticket, signature } = await swap({
      inputMint: SOL,
      outputMint: USDC,
      amount: '100000000',
      slippage: { bps: 100 },
    });
    expect(quote.platformFee?.feeBps).toBe(BPS);
    const fee = BigInt(quote.platformFee?.amount ?? '0');
    expect(fee).toBeGreaterThan(0n);
    expect(quote.platformFeeDetail).toMatchObject({
      mint: USDC,
      feeAccountMint: USDC,
      feeAccount: usdcFeeAccount,
      integratorAmount: integratorShare(fee).toString(),
      operatorAmount: ((fee * 25n) / 1000n).toString(),
    });
    const verdict = ticket.report.verdicts.find((v) => v.rule === 'fee-account');
    expect(verdict?.ok).toBe(true);
    const after = await feeBalance(usdcFeeAccount);
    expect(after - before).toBe(exactInFeeGain(fee, SANDBOX_HARNESS_RUNS_JUPITER));
    const paid = (await call('fees.balances', {})).swaps.find((s) => s.signature === signature);
    expect(paid).toMatchObject({
      kind: 'swap',
      feeAccount: usdcFeeAccount,
      mint: USDC,
      received: exactInFeeGain(fee, SANDBOX_HARNESS_RUNS_JUPITER).toString(),
      status: 'confirmed',
    });
    // Kept with the swap in Activity.
    const entry = (await call('activity.list', {})).find((e) => e.signature === signature);
    expect(entry?.platformFee).toEqual({
      feeAccount: usdcFeeAccount,
      mint: USDC,
      feeBps: BPS,
      received: exactInFeeGain(fee, SANDBOX_HARNESS_RUNS_JUPITER).toString(),
    });
  });

  it('ExactIn with the fee on the input mint: the wSOL fee account gains 97.5% of bps of the input', async () => {
    await call('fees.setFeeAccount', { mint: USDC, address: null });
    const before = await feeBalance(solFeeAccount);
    const { quote, signature } = await swap({
      inputMint: SOL,
      outputMint: USDC,
      amount: '100000000',
      slippage: { bps: 100 },
    });
    expect(quote.platformFeeDetail).toMatchObject({
      feeAccountMint: SOL,
      feeAccountAmount: '200000',
      integratorAmount: integratorShare(200_000n).toString(),
    });
    // The sandbox takes bps of inAmount before the swap when the fee account is of the input.
    const fee = (BigInt(quote.inAmount) * BigInt(BPS)) / 10_000n;
    expect(fee).toBe(200_000n);
    const after = await feeBalance(solFeeAccount);
    expect(after - before).toBe(exactInFeeGain(fee, SANDBOX_HARNESS_RUNS_JUPITER));
    const paid = (await call('fees.balances', {})).swaps.find((s) => s.signature === signature);
    expect(paid?.received).toBe(exactInFeeGain(fee, SANDBOX_HARNESS_RUNS_JUPITER).toString());
  });

  it('ExactOut with the fee on the input mint: the wSOL fee account gains 97.5% of the fee', async () => {
    const before = await feeBalance(solFeeAccount);
    const { quote } = await swap({
      inputMint: SOL,
      outputMint: USDC,
      amount: '5000000',
      swapMode: 'ExactOut',
      slippage: { bps: 100 },
    });
    const fee = BigInt(quote.platformFee?.amount ?? '0');
    expect(fee).toBeGreaterThan(0n);
    expect(quote.platformFeeDetail).toMatchObject({
      mint: SOL,
      feeAccountMint: SOL,
      feeAccount: solFeeAccount,
    });
    const after = await feeBalance(solFeeAccount);
    expect(after - before).toBe(integratorShare(fee));
    const balances = await call('fees.balances', {});
    expect(balances.totals.find((t) => t.mint === SOL)?.balance).toBe(after.toString());
    expect(balances.swaps).toHaveLength(3);
  });

  it('pays ExactOut with the fee on the input mint: the wSOL fee account gains 97.5% of the fee', async () => {
    // Main applies its own fee settings (the SOL fee account set above); the request names none.
    const settings = await call('fees.get', {});
    const solAccount = settings.accounts.find((a) => a.mint === SOL);
    expect(solAccount?.address).toBe(solFeeAccount);
    const text = `solana:${integrator}?amount=2.5&spl-token=${USDC}`;
    const before = await feeBalance(solFeeAccount);
    const plan = await call('pay.quote', { text, payWithMint: SOL });
    expect(plan.kind).toBe('swap');
    const fee = BigInt(plan.platformFee?.amount ?? '0');
    expect(plan.platformFee?.feeBps).toBe(BPS);
    expect(fee).toBeGreaterThan(0n);
    const ticket = await call('pay.review', { planId: plan.planId });
    expect(ticket.report.accepted, ticket.report.refusals.join(' ')).toBe(true);
    expect(ticket.report.verdicts.find((v) => v.rule === 'fee-account')?.ok).toBe(true);
    const submission = await call('pay.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect((await wallet.settledStatus(submission.signature)).status).toBe('confirmed');
    expect((await feeBalance(solFeeAccount)) - before).toBe(integratorShare(fee));
    // The payment's fee is kept in Activity and listed with the swaps' (issue 6 point 4).
    const paid = (await call('fees.balances', {})).swaps.find(
      (s) => s.signature === submission.signature,
    );
    expect(paid).toMatchObject({
      kind: 'pay',
      feeAccount: solFeeAccount,
      mint: SOL,
      platformFeeBps: BPS,
      received: integratorShare(fee).toString(),
      status: 'confirmed',
    });
  });

  it('refuses to sign a swap whose fee the service sends to another account', async () => {
    // A third party's USDC account, where a tampering network makes /swap send the fee.
    const stranger = (await call('accounts.create', { label: 'Stranger' })).address;
    await call('sandbox.fund', { address: stranger });
    await call('accounts.select', { address: swapper });
    await call('fees.setFeeAccount', { mint: USDC, address: usdcFeeAccount });
    const strangerUsdc = getAssociatedTokenAddressSync(
      new PublicKey(USDC),
      new PublicKey(stranger),
    ).toBase58();
    wallet.divertFeeTo(strangerUsdc);
    try {
      const quote = await call('swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: '100000000',
        slippage: { bps: 100 },
      });
      const ticket = await call('swap.review', { quoteId: quote.quoteId });
      const verdict = ticket.report.verdicts.find((v) => v.rule === 'fee-account');
      expect(verdict?.ok).toBe(false);
      expect(verdict?.reason).toMatch(/not to your configured fee account/);
      const before = wallet.sends();
      const refused = await refusal('swap.approve', {
        ticketId: ticket.ticketId,
        transactionBase64: ticket.transactionBase64,
      });
      expect(refused.code).toBe('GUARD_REFUSED');
      expect(wallet.sends()).toBe(before);
    } finally {
      wallet.divertFeeTo(null);
      await call('accounts.remove', { address: stranger });
      await call('accounts.select', { address: swapper });
      await call('fees.setFeeAccount', { mint: USDC, address: null });
    }
  });

  it('refuses a Token-2022 fee account creation, and fee tickets whose bytes changed', async () => {
    expect((await refusal('fees.createAccount', { mint: PYUSD })).code).toBe(
      'FEE_ACCOUNT_TOKEN_2022',
    );
    const ticket = await call('fees.createAccount', { mint: USDC });
    const bytes = Buffer.from(ticket.transactionBase64, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1]! + 1) % 256;
    const before = wallet.sends();
    const refused = await refusal('fees.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: bytes.toString('base64'),
    });
    expect(refused.code).toBe('TICKET_MISMATCH');
    // A fee ticket is not a swap ticket.
    expect(
      (
        await refusal('swap.approve', {
          ticketId: ticket.ticketId,
          transactionBase64: ticket.transactionBase64,
        })
      ).code,
    ).toBe('TICKET_NOT_FOUND');
    expect(wallet.sends()).toBe(before);
  });

  it('with fees off, no fee is asked for or taken', async () => {
    await call('fees.set', { enabled: false });
    const before = await feeBalance(solFeeAccount);
    const { quote, ticket } = await swap({
      inputMint: SOL,
      outputMint: USDC,
      amount: '100000000',
      slippage: { bps: 100 },
    });
    expect(quote.platformFee).toBeNull();
    expect(quote.platformFeeDetail).toBeNull();
    expect(ticket.report.verdicts.find((v) => v.rule === 'fee-account')?.reason).toMatch(
      /No platform fee/,
    );
    expect(await feeBalance(solFeeAccount)).toBe(before);
  });
});
