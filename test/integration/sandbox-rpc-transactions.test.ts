/**
 * The sandbox's JSON-RPC through @solana/web3.js's Connection, against a real sandbox process:
 * the transaction side (priority fees, simulation without committing, preflight refusals,
 * base58 sends and AlreadyProcessed, address lookup tables). Split from sandbox-rpc.test.ts
 * (reads, transfers, history, token accounts) when that file outgrew the project's 400 lines.
 */
import { describe, expect, it } from 'vitest';
import {
  ComputeBudgetProgram,
  Keypair,
  LAMPORTS_PER_SOL,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { useSandbox } from './sandbox-session';
import { airdrop, confirmed, sendSigned, rpc } from './sandbox-rpc-helpers';

const sandbox = useSandbox({ slotMs: 50 });

describe('sandbox JSON-RPC through web3.js Connection: transactions', () => {
  it('charges and reports the priority fee, and lists it in recent prioritization fees', async () => {
    const alice = Keypair.generate();
    await airdrop(sandbox.connection, alice.publicKey, LAMPORTS_PER_SOL);
    const tx = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 250_000 }),
      SystemProgram.transfer({
        fromPubkey: alice.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    const { blockhash } = await sandbox.connection.getLatestBlockhash();
    tx.recentBlockhash = blockhash;
    tx.feePayer = alice.publicKey;
    const fee = await sandbox.connection.getFeeForMessage(tx.compileMessage());
    expect(fee.value).toBe(5000 + 2500); // 250,000 micro-lamports x 10,000 units = 2,500 lamports
    const signature = await sendSigned(sandbox.connection, tx, alice);
    expect(await sandbox.connection.getBalance(alice.publicKey)).toBe(
      LAMPORTS_PER_SOL - 1_000_000 - 7500,
    );
    expect(
      (await sandbox.connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 }))
        ?.meta?.fee,
    ).toBe(7500);
    const fees = await sandbox.connection.getRecentPrioritizationFees({
      lockedWritableAccounts: [alice.publicKey],
    });
    // One entry per recent slot (at most 150, fewer on a young chain), oldest first.
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.length).toBeLessThanOrEqual(150);
    expect(fees.every((f, i) => i === 0 || f.slot === fees[i - 1]!.slot + 1)).toBe(true);
    expect(fees.some((f) => f.prioritizationFee === 250_000)).toBe(true);
  });

  it('simulates without committing: sigVerify off, replaceRecentBlockhash, post-state accounts', async () => {
    const alice = Keypair.generate();
    const bob = Keypair.generate().publicKey;
    await airdrop(sandbox.connection, alice.publicKey, LAMPORTS_PER_SOL);
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: 'GfVcyD4kkTrj4bKc7WA9sZCin9JDbdT4Zkd3EittNR1W', // not a sandbox blockhash
      instructions: [
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob, lamports: 904_242 }),
      ],
    }).compileToV0Message();
    const unsigned = new VersionedTransaction(message);
    const refused = await sandbox.connection.simulateTransaction(unsigned, { sigVerify: false });
    expect(refused.value.err).toBe('BlockhashNotFound');
    const sim = await sandbox.connection.simulateTransaction(unsigned, {
      replaceRecentBlockhash: true,
      accounts: { addresses: [bob.toBase58()], encoding: 'base64' },
    });
    expect(sim.value.err).toBeNull();
    expect(sim.value.accounts?.[0]?.lamports).toBe(904_242);
    expect(sim.value.logs?.length).toBeGreaterThan(0);
    expect(sim.value.unitsConsumed).toBeGreaterThan(0);
    const replacement = (
      sim.value as { replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number } }
    ).replacementBlockhash;
    expect((await sandbox.connection.isBlockhashValid(replacement!.blockhash)).value).toBe(true);
    expect(replacement!.lastValidBlockHeight).toBeGreaterThan(
      await sandbox.connection.getBlockHeight(),
    );
    expect(await sandbox.connection.getBalance(bob)).toBe(0);
    const tooMuch = new VersionedTransaction(
      new TransactionMessage({
        payerKey: alice.publicKey,
        recentBlockhash: (await sandbox.connection.getLatestBlockhash()).blockhash,
        instructions: [
          SystemProgram.transfer({
            fromPubkey: alice.publicKey,
            toPubkey: bob,
            lamports: 5 * LAMPORTS_PER_SOL,
          }),
        ],
      }).compileToV0Message(),
    );
    tooMuch.sign([alice]);
    const failed = await sandbox.connection.simulateTransaction(tooMuch, { sigVerify: true });
    expect(failed.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(failed.value.logs?.join('\n')).toContain('insufficient lamports');
  });

  it('refuses a failing transaction at preflight with -32002 and its logs, and charges nothing', async () => {
    const alice = Keypair.generate();
    await airdrop(sandbox.connection, alice.publicKey, LAMPORTS_PER_SOL);
    const tx = new Transaction().add(
      SystemProgram.transfer({
        fromPubkey: alice.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 3 * LAMPORTS_PER_SOL,
      }),
    );
    tx.recentBlockhash = (await sandbox.connection.getLatestBlockhash()).blockhash;
    tx.sign(alice);
    const error = await sandbox.connection
      .sendRawTransaction(tx.serialize())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SendTransactionError);
    expect((error as SendTransactionError).message).toContain(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    );
    expect(
      (await (error as SendTransactionError).getLogs(sandbox.connection))?.join('\n'),
    ).toContain('insufficient lamports');
    expect(await sandbox.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL);
    // With skipPreflight it lands as a failed transaction and pays its fee, as on mainnet.
    const signature = await sandbox.connection.sendRawTransaction(tx.serialize(), {
      skipPreflight: true,
    });
    const status = (await sandbox.connection.getSignatureStatuses([signature])).value[0];
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await sandbox.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);
  });

  it('accepts base58 transactions and answers AlreadyProcessed to a resend after many others', async () => {
    const alice = Keypair.generate();
    const bob = Keypair.generate().publicKey;
    await airdrop(sandbox.connection, alice.publicKey, LAMPORTS_PER_SOL);
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob, lamports: 1_777_777 }),
    );
    const { blockhash } = await sandbox.connection.getLatestBlockhash();
    tx.recentBlockhash = blockhash;
    tx.sign(alice);
    const bs58 = (await import('bs58')).default;
    const sent = await rpc(sandbox.rpcUrl, 'sendTransaction', [bs58.encode(tx.serialize())]);
    expect(typeof sent.result).toBe('string');
    for (let i = 0; i < 30; i++) {
      await sandbox.connection
        .sendRawTransaction(
          new Transaction({ feePayer: alice.publicKey, blockhash, lastValidBlockHeight: 0 })
            .add(
              SystemProgram.transfer({
                fromPubkey: alice.publicKey,
                toPubkey: bob,
                lamports: 1000 + i,
              }),
            )
            .serialize({ requireAllSignatures: false, verifySignatures: false }),
          { skipPreflight: true },
        )
        .catch(() => undefined); // unsigned: dropped, never executed
    }
    for (let i = 0; i < 30; i++) {
      await sendSigned(
        sandbox.connection,
        new Transaction().add(
          SystemProgram.transfer({
            fromPubkey: alice.publicKey,
            toPubkey: bob,
            lamports: 1000 + i,
          }),
        ),
        alice,
      );
    }
    const resend = await rpc(sandbox.rpcUrl, 'sendTransaction', [
      tx.serialize().toString('base64'),
      { encoding: 'base64' },
    ]);
    expect(resend.error?.code).toBe(-32002);
    expect(resend.error?.message).toBe(
      'Transaction simulation failed: This transaction has already been processed',
    );
    expect((resend.error?.data as { err: unknown }).err).toBe('AlreadyProcessed');
    const skipped = await sandbox.connection.sendRawTransaction(tx.serialize(), {
      skipPreflight: true,
    });
    expect(skipped).toBe(sent.result);
    expect(await sandbox.connection.getBalance(bob)).toBe(1_777_777 + 30 * 1000 + 435);
  });

  it('resolves address lookup tables: v0 transactions, getAddressLookupTable, loadedAddresses', async () => {
    const { AddressLookupTableProgram } = await import('@solana/web3.js');
    const alice = Keypair.generate();
    const receivers = Array.from({ length: 3 }, () => Keypair.generate().publicKey);
    await airdrop(sandbox.connection, alice.publicKey, LAMPORTS_PER_SOL);
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: alice.publicKey,
      payer: alice.publicKey,
      recentSlot: await sandbox.connection.getSlot(),
    });
    const extend = AddressLookupTableProgram.extendLookupTable({
      lookupTable: table,
      authority: alice.publicKey,
      payer: alice.publicKey,
      addresses: receivers,
    });
    await sendSigned(sandbox.connection, new Transaction().add(create, extend), alice);
    await new Promise((r) => setTimeout(r, 150)); // extended addresses are usable from the next slot
    const lookup = (await sandbox.connection.getAddressLookupTable(table)).value!;
    expect(lookup.state.addresses.map((a) => a.toBase58())).toEqual(
      receivers.map((r) => r.toBase58()),
    );
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: (await sandbox.connection.getLatestBlockhash()).blockhash,
      instructions: receivers.map((to, i) =>
        SystemProgram.transfer({
          fromPubkey: alice.publicKey,
          toPubkey: to,
          lamports: 1_000_000 + i,
        }),
      ),
    }).compileToV0Message([lookup]);
    const v0 = new VersionedTransaction(message);
    v0.sign([alice]);
    const signature = await sandbox.connection.sendTransaction(v0);
    await confirmed(sandbox.connection, signature);
    expect(await sandbox.connection.getBalance(receivers[2]!)).toBe(1_000_002);
    const legacyClient = await rpc(sandbox.rpcUrl, 'getTransaction', [
      signature,
      { encoding: 'json' },
    ]);
    expect(legacyClient.error?.code).toBe(-32015);
    const tx = await sandbox.connection.getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    expect(tx?.version).toBe(0);
    expect(tx?.meta?.loadedAddresses?.writable.map((k) => k.toBase58())).toEqual(
      receivers.map((r) => r.toBase58()),
    );
    expect(tx?.meta?.postBalances.slice(-3)).toEqual([1_000_000, 1_000_001, 1_000_002]);
    const parsed = await sandbox.connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    expect(
      parsed?.transaction.message.accountKeys.filter((k) => k.source === 'lookupTable'),
    ).toHaveLength(3);
  });
});
