import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { createLedger, type SandboxLedger } from './ledger';
import { airdrop, fundToken } from '../faucet/faucet';
import { SANDBOX_TOKENS } from '../tokens';

const dirs: string[] = [];
const ledgers: SandboxLedger[] = [];
function open(dir?: string, reset = false): SandboxLedger {
  const stateDir = dir ?? mkdtempSync(join(tmpdir(), 'ledger-'));
  if (!dir) dirs.push(stateDir);
  const ledger = createLedger({ stateDir, slotMs: 0, reset });
  ledgers.push(ledger);
  return ledger;
}
/** A new ledger where Alice holds `lamports`, and Bob, who holds nothing yet. */
function openWithAlice(lamports: bigint) {
  const ledger = open();
  const alice = Keypair.generate();
  airdrop(ledger, alice.publicKey, lamports);
  return { ledger, alice, bob: Keypair.generate().publicKey };
}
afterEach(() => {
  for (const ledger of ledgers.splice(0)) ledger.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function transfer(
  ledger: SandboxLedger,
  from: Keypair,
  to: PublicKey,
  lamports: number,
): Uint8Array {
  const tx = new Transaction({ feePayer: from.publicKey, ...ledger.latestBlockhash() });
  tx.add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }));
  tx.sign(from);
  return tx.serialize();
}

describe('sandbox ledger', () => {
  it('creates every token mint at genesis with the real decimals and the faucet as authority', () => {
    const ledger = open();
    for (const token of SANDBOX_TOKENS) {
      const account = ledger.getAccount(token.mint);
      expect(account?.owner).toBe(token.tokenProgram);
      expect(account?.data[44]).toBe(token.decimals);
    }
  });

  it('executes a transfer once, charges 5000 lamports and refuses the resend', () => {
    const { ledger, alice, bob } = openWithAlice(2_000_000_000n);
    const wire = transfer(ledger, alice, bob, 1_000_000);
    const sent = ledger.sendTransaction(wire);
    expect(sent.status).toBe('executed');
    expect(ledger.getAccount(bob.toBase58())?.lamports).toBe(1_000_000n);
    expect(ledger.getAccount(alice.publicKey.toBase58())?.lamports).toBe(
      2_000_000_000n - 1_000_000n - 5000n,
    );
    if (sent.status === 'executed') expect(sent.record.fee).toBe('5000');
    for (let i = 0; i < 40; i++) ledger.sendTransaction(transfer(ledger, alice, bob, 1000 + i));
    const again = ledger.sendTransaction(wire, { skipPreflight: true });
    expect(again).toMatchObject({ status: 'rejected', err: 'AlreadyProcessed' });
    expect(ledger.getAccount(bob.toBase58())?.lamports).toBe(1_000_000n + 40n * 1000n + 780n);
  });

  it('answers every read as the VM holds the account now, whatever was read before', () => {
    const { ledger, alice, bob } = openWithAlice(2_000_000_000n);
    const aliceKey = alice.publicKey.toBase58();
    // Read first (kept), then changed: by a transfer that opens Bob's account, by a failed
    // transfer that still pays its fee, by a direct write.
    expect(ledger.getAccount(bob.toBase58())).toBeNull();
    expect(ledger.sendTransaction(transfer(ledger, alice, bob, 1_000_000)).status).toBe('executed');
    expect(ledger.getAccount(bob.toBase58())?.lamports).toBe(1_000_000n);
    const tooMuch = transfer(ledger, alice, bob, 5_000_000_000);
    const failed = ledger.sendTransaction(tooMuch, { skipPreflight: true });
    expect(failed).toMatchObject({ status: 'executed', record: { err: expect.anything() } });
    expect(ledger.getAccount(aliceKey)?.lamports).toBe(2_000_000_000n - 1_000_000n - 10_000n);
    const mint = SANDBOX_TOKENS[0]!.mint;
    const before = ledger.getAccount(mint)!;
    ledger.setAccount(mint, { ...before, lamports: before.lamports + 1n });
    expect(ledger.getAccount(mint)?.lamports).toBe(before.lamports + 1n);
    // What a caller does to the bytes it read is its own: the next read is the VM's.
    const read = ledger.getAccount(mint)!;
    read.data.fill(0);
    expect(ledger.getAccount(mint)?.data).toEqual(before.data);
    // The clock sysvar moves with the slots on its own.
    const clock = 'SysvarC1ock11111111111111111111111111111111';
    const slotOf = () => Buffer.from(ledger.getAccount(clock)!.data).readBigUInt64LE(0);
    ledger.sendTransaction(transfer(ledger, alice, bob, 1000));
    const slot = slotOf();
    ledger.advanceSlots(5);
    ledger.sendTransaction(transfer(ledger, alice, bob, 1001));
    expect(slotOf()).toBe(slot + 5n);
  });

  it('records the fee the VM charges, priority fee included, with or without a unit limit', () => {
    const { ledger, alice } = openWithAlice(10_000_000_000n);
    const usdc = new PublicKey(SANDBOX_TOKENS.find((t) => t.symbol === 'USDC')!.mint);
    const from = new PublicKey(
      fundToken(ledger, { owner: alice.publicKey, mint: usdc, amount: 1000n }).tokenAccount,
    );
    const to = new PublicKey(
      fundToken(ledger, { owner: Keypair.generate().publicKey, mint: usdc, amount: 1n })
        .tokenAccount,
    );
    const price = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000_000 });
    const token = (amount: bigint) =>
      createTransferCheckedInstruction(from, usdc, to, alice.publicKey, amount, 6);
    const self = SystemProgram.transfer({
      fromPubkey: alice.publicKey,
      toPubkey: alice.publicKey,
      lamports: 1,
    });
    const cases: [TransactionInstruction[], bigint][] = [
      [[token(1n)], 5000n],
      [[price, token(2n)], 5000n + 203_000n], // 3,000 units for the budget ix + 200,000 for Token
      [[price, self], 5000n + 6000n], // builtins reserve 3,000 units each
      [[price, token(3n), token(4n)], 5000n + 403_000n],
      [[ComputeBudgetProgram.setComputeUnitLimit({ units: 50_000 }), price, token(5n)], 55_000n],
    ];
    for (const [instructions, expected] of cases) {
      const before = ledger.getAccount(alice.publicKey.toBase58())!.lamports;
      const tx = new Transaction({ feePayer: alice.publicKey, ...ledger.latestBlockhash() }).add(
        ...instructions,
      );
      tx.sign(alice);
      const sent = ledger.sendTransaction(tx.serialize());
      const charged = before - ledger.getAccount(alice.publicKey.toBase58())!.lamports;
      expect(charged).toBe(expected);
      expect(sent.status === 'executed' && sent.record.fee).toBe(expected.toString());
    }
  });

  it('answers a simulation of the same bytes at the same state and slot from the last run, and runs again after any change', () => {
    const { ledger, alice, bob } = openWithAlice(10_000_000_000n);
    const wire = transfer(ledger, alice, bob, 1_000_000);
    const first = ledger.simulateTransaction(wire);
    expect(first.err).toBeNull();
    // /swap's run and the review's run of the same bytes: the second is the first.
    expect(ledger.simulateTransaction(wire)).toBe(first);
    // Another request (signature checked) is a run of its own.
    expect(ledger.simulateTransaction(wire, { sigVerify: true })).not.toBe(first);
    // Any change of state runs it again, and the run sees the change.
    const spend = transfer(ledger, alice, Keypair.generate().publicKey, 9_000_000_000);
    expect(ledger.sendTransaction(spend).status).toBe('executed');
    const after = ledger.simulateTransaction(wire);
    expect(after).not.toBe(first);
    expect(after.postAccounts.get(alice.publicKey.toBase58())?.lamports).toBeLessThan(
      first.postAccounts.get(alice.publicKey.toBase58())!.lamports,
    );
    // So does a new slot.
    const again = ledger.simulateTransaction(wire);
    expect(again).toBe(after);
    ledger.advanceSlots(1);
    expect(ledger.simulateTransaction(wire)).not.toBe(after);
  });

  it('answers a post-state read on demand as the account is after the same transaction lands', () => {
    const { ledger, alice, bob } = openWithAlice(10_000_000_000n);
    const wire = transfer(ledger, alice, bob, 1_000_000);
    const simulated = ledger.simulateTransaction(wire);
    expect(simulated.innerInstructions).toEqual([]);
    const unknown = Keypair.generate().publicKey.toBase58();
    expect(simulated.postAccounts.has(unknown)).toBe(false);
    expect(simulated.postAccounts.get(unknown)).toBeUndefined();
    // The same bytes parse the same until the state changes; a change parses them again.
    expect(ledger.parse(wire)).toBe(ledger.parse(wire));
    const parsed = ledger.parse(wire);
    expect(ledger.sendTransaction(wire).status).toBe('executed');
    expect(ledger.parse(wire)).not.toBe(parsed);
    for (const address of [alice.publicKey.toBase58(), bob.toBase58()]) {
      expect(simulated.postAccounts.has(address)).toBe(true);
      expect(simulated.postAccounts.get(address)).toEqual(ledger.getAccount(address));
    }
  });

  it("runs /swap's own checks (error and logs) as simulateTransaction does, and keeps a run ahead for it", () => {
    const { ledger, alice } = openWithAlice(10_000_000_000n);
    const good = transfer(ledger, alice, Keypair.generate().publicKey, 1_000_000);
    const tooMuch = transfer(ledger, alice, Keypair.generate().publicKey, 20_000_000_000);
    for (const wire of [good, tooMuch]) {
      const light = ledger.simulate(wire);
      ledger.advanceSlots(1); // the next call runs again, nothing kept in between
      const full = ledger.simulateTransaction(wire);
      expect(light).toEqual({ err: full.err, logs: full.logs });
    }
    expect(ledger.simulate(tooMuch).err).not.toBeNull();
    ledger.advanceSlots(1);
    expect(ledger.simulateAndKeep(good).err).toBeNull();
    const ahead = ledger.simulateTransaction(good);
    expect(ahead.postAccounts.size).toBeGreaterThan(0);
    expect(ledger.simulateTransaction(good)).toBe(ahead);
    // The light run keeps nothing: the run ahead is still the one answered.
    ledger.simulate(tooMuch);
    expect(ledger.simulateTransaction(good)).toBe(ahead);
  });

  it('expires a blockhash after 150 blocks', () => {
    const { ledger, alice } = openWithAlice(1_000_000_000n);
    const { lastValidBlockHeight } = ledger.latestBlockhash();
    const wire = transfer(ledger, alice, Keypair.generate().publicKey, 5000);
    ledger.advanceSlots(150);
    expect(ledger.blockHeight()).toBe(lastValidBlockHeight);
    ledger.advanceSlots(1);
    expect(ledger.sendTransaction(wire)).toMatchObject({
      status: 'rejected',
      err: 'BlockhashNotFound',
    });
  });

  it('mints Token-2022 tokens and moves them with transferChecked', () => {
    const ledger = open();
    const pyusd = SANDBOX_TOKENS.find((t) => t.symbol === 'PYUSD')!;
    const mint = new PublicKey(pyusd.mint);
    const alice = Keypair.generate();
    const bob = Keypair.generate().publicKey;
    airdrop(ledger, alice.publicKey, 1_000_000_000n);
    const a = fundToken(ledger, { owner: alice.publicKey, mint, amount: 5_000_000n });
    const b = fundToken(ledger, { owner: bob, mint, amount: 1n });
    expect(a.tokenAccount).toBe(
      getAssociatedTokenAddressSync(mint, alice.publicKey, false, TOKEN_2022_PROGRAM_ID).toBase58(),
    );
    const tx = new Transaction({ feePayer: alice.publicKey, ...ledger.latestBlockhash() });
    tx.add(
      createTransferCheckedInstruction(
        new PublicKey(a.tokenAccount),
        mint,
        new PublicKey(b.tokenAccount),
        alice.publicKey,
        2_000_000n,
        6,
        [],
        TOKEN_2022_PROGRAM_ID,
      ),
    );
    tx.sign(alice);
    const sent = ledger.sendTransaction(tx.serialize());
    expect(sent.status).toBe('executed');
    expect(ledger.tokenBalance(a.tokenAccount)).toBe(3_000_000n);
    expect(ledger.tokenBalance(b.tokenAccount)).toBe(2_000_001n);
    expect(ledger.tokenAccountsByOwner(bob.toBase58())).toEqual([b.tokenAccount]);
    if (sent.status === 'executed') {
      expect(sent.record.postTokenBalances.map((t) => t.amount).sort()).toEqual([
        '2000001',
        '3000000',
      ]);
    }
  });

  it('keeps every record across compactions, with or without a clean close', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    dirs.push(dir);
    const first = createLedger({ stateDir: dir, slotMs: 0, compactEvery: 3 });
    const alice = Keypair.generate().publicKey;
    const signatures = Array.from({ length: 10 }, (_, i) =>
      airdrop(first, alice, BigInt(1_000_000 + i)),
    );
    // No close: as after kill -9, the journal since the last compaction is all there is.
    const second = createLedger({ stateDir: dir, slotMs: 0, compactEvery: 3 });
    ledgers.push(second);
    expect(second.transactionCount()).toBe(10);
    expect(
      signatures.every((signature) => second.transaction(signature)?.signature === signature),
    ).toBe(true);
    expect(second.transactionsFor(alice.toBase58(), {}).map((r) => r.signature)).toEqual(
      [...signatures].reverse(),
    );
    expect(second.getAccount(alice.toBase58())?.lamports).toBe(10_000_045n);
  });

  it('restores accounts, history and the clock after reopening; reset starts fresh', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    dirs.push(dir);
    const first = open(dir);
    const alice = Keypair.generate();
    const sig = airdrop(first, alice.publicKey, 7_000_000n);
    first.advanceSlots(10);
    const slot = first.currentSlot();
    first.close();
    const second = open(dir);
    expect(second.getAccount(alice.publicKey.toBase58())?.lamports).toBe(7_000_000n);
    expect(second.transaction(sig)?.signature).toBe(sig);
    expect(second.currentSlot()).toBeGreaterThan(slot);
    expect(second.faucet.publicKey.toBase58()).toBe(first.faucet.publicKey.toBase58());
    second.close();
    const third = open(dir, true);
    expect(third.getAccount(alice.publicKey.toBase58())).toBeNull();
    expect(third.transaction(sig)).toBeUndefined();
  });
});
