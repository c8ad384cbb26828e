/**
 * The sandbox's JSON-RPC through @solana/web3.js's Connection, against a real sandbox process,
 * with real transactions: SOL transfers, associated token accounts, transferChecked on SPL
 * Token and Token-2022, simulation, history, fees.
 */
import { describe, expect, it } from 'vitest';
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getMint,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { useSandbox } from './sandbox-session';
import { airdrop, sendSigned, faucet, rpc } from './sandbox-rpc-helpers';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';

const sandbox = useSandbox({ slotMs: 50 });

describe('sandbox JSON-RPC through web3.js Connection', () => {
  it('announces itself on 127.0.0.1 and reports version, health, genesis and a growing chain', async () => {
    expect(new URL(sandbox.rpcUrl).hostname).toBe('127.0.0.1');
    expect(sandbox.swapApiUrl).toBe(`${sandbox.rpcUrl}/v6`);
    expect((await sandbox.connection.getVersion())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await rpc(sandbox.rpcUrl, 'getHealth')).result).toBe('ok');
    const genesis = await sandbox.connection.getGenesisHash();
    expect(new PublicKey(genesis).toBytes()).toHaveLength(32);
    const first = await sandbox.connection.getLatestBlockhash();
    const height = await sandbox.connection.getBlockHeight();
    expect(first.lastValidBlockHeight).toBeGreaterThanOrEqual(height + 150 - 1);
    expect(first.lastValidBlockHeight).toBeLessThanOrEqual(height + 150);
    await new Promise((r) => setTimeout(r, 200));
    const second = await sandbox.connection.getLatestBlockhash();
    expect(second.blockhash).not.toBe(first.blockhash);
    expect(await sandbox.connection.getSlot()).toBeGreaterThan(height);
    expect(await sandbox.connection.getGenesisHash()).toBe(genesis);
  });

  it('airdrops SOL, transfers it, and records fee and balances like a validator', async () => {
    const alice = Keypair.generate();
    const bob = Keypair.generate().publicKey;
    await airdrop(sandbox.connection, alice.publicKey, 2 * LAMPORTS_PER_SOL);
    expect(await sandbox.connection.getBalance(alice.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    const signature = await sendSigned(
      sandbox.connection,
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob, lamports: 1_012_345 }),
      ),
      alice,
    );
    expect(await sandbox.connection.getBalance(bob)).toBe(1_012_345);
    expect(await sandbox.connection.getBalance(alice.publicKey)).toBe(
      2 * LAMPORTS_PER_SOL - 1_012_345 - 5000,
    );
    const tx = await sandbox.connection.getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
    });
    expect(tx?.meta?.fee).toBe(5000);
    expect(tx?.meta?.err).toBeNull();
    expect(tx?.meta?.preBalances.slice(0, 2)).toEqual([2 * LAMPORTS_PER_SOL, 0]);
    expect(tx?.meta?.postBalances.slice(0, 2)).toEqual([
      2 * LAMPORTS_PER_SOL - 1_012_345 - 5000,
      1_012_345,
    ]);
    expect(tx?.meta?.logMessages?.[0]).toBe('Program 11111111111111111111111111111111 invoke [1]');
    expect(tx?.version).toBe('legacy');
    expect(tx?.slot).toBeGreaterThan(0);
    const info = await sandbox.connection.getAccountInfo(bob);
    expect(info?.owner.toBase58()).toBe(SystemProgram.programId.toBase58());
    expect(info?.lamports).toBe(1_012_345);
  });

  it('lists signatures for an address newest first, with limit, before and until', async () => {
    const alice = Keypair.generate();
    await airdrop(sandbox.connection, alice.publicKey, LAMPORTS_PER_SOL);
    const sent: string[] = [];
    for (let i = 0; i < 4; i++) {
      sent.push(
        await sendSigned(
          sandbox.connection,
          new Transaction().add(
            SystemProgram.transfer({
              fromPubkey: alice.publicKey,
              toPubkey: Keypair.generate().publicKey,
              lamports: 1_000_000 + i,
            }),
          ),
          alice,
        ),
      );
    }
    const all = await sandbox.connection.getSignaturesForAddress(alice.publicKey);
    expect(all.map((s) => s.signature).slice(0, 4)).toEqual([...sent].reverse());
    expect(all).toHaveLength(5); // four transfers and the airdrop
    const page = await sandbox.connection.getSignaturesForAddress(alice.publicKey, {
      limit: 2,
      before: sent[3],
    });
    expect(page.map((s) => s.signature)).toEqual([sent[2], sent[1]]);
    const until = await sandbox.connection.getSignaturesForAddress(alice.publicKey, {
      until: sent[1],
    });
    expect(until.map((s) => s.signature)).toEqual([sent[3], sent[2]]);
    const statuses = await sandbox.connection.getSignatureStatuses(sent);
    expect(statuses.value.every((s) => s !== null && s.err === null)).toBe(true);
  });

  it('funds tokens through the faucet and serves token accounts in base64 and jsonParsed', async () => {
    const owner = Keypair.generate().publicKey;
    await faucet(sandbox.rpcUrl, owner, USDC, 25_000_000n);
    await faucet(sandbox.rpcUrl, owner, PYUSD, 7_500_000n);
    const ata = getAssociatedTokenAddressSync(new PublicKey(USDC), owner);
    const pyusdAta = getAssociatedTokenAddressSync(
      new PublicKey(PYUSD),
      owner,
      false,
      TOKEN_2022_PROGRAM_ID,
    );
    const account = await getAccount(sandbox.connection, ata);
    expect(account.amount).toBe(25_000_000n);
    expect(account.owner.toBase58()).toBe(owner.toBase58());
    expect(
      (await getAccount(sandbox.connection, pyusdAta, 'confirmed', TOKEN_2022_PROGRAM_ID)).amount,
    ).toBe(7_500_000n);
    const mint = await getMint(sandbox.connection, new PublicKey(USDC));
    expect(mint.decimals).toBe(6);
    expect(mint.supply).toBeGreaterThanOrEqual(25_000_000n);

    const byMint = await sandbox.connection.getTokenAccountsByOwner(owner, {
      mint: new PublicKey(USDC),
    });
    expect(byMint.value.map((a) => a.pubkey.toBase58())).toEqual([ata.toBase58()]);
    const by2022 = await sandbox.connection.getParsedTokenAccountsByOwner(owner, {
      programId: TOKEN_2022_PROGRAM_ID,
    });
    expect(by2022.value).toHaveLength(1);
    const parsed = by2022.value[0]!.account.data.parsed as {
      info: {
        mint: string;
        tokenAmount: { uiAmountString: string; decimals: number };
        extensions?: { extension: string }[];
      };
    };
    expect(by2022.value[0]!.account.data.program).toBe('spl-token-2022');
    expect(parsed.info.mint).toBe(PYUSD);
    expect(parsed.info.tokenAmount).toMatchObject({ uiAmountString: '7.5', decimals: 6 });
    expect(parsed.info.extensions).toEqual([{ extension: 'immutableOwner' }]);
    const balance = await sandbox.connection.getTokenAccountBalance(ata);
    expect(balance.value).toEqual({
      amount: '25000000',
      decimals: 6,
      uiAmount: 25,
      uiAmountString: '25',
    });
    const parsedMint = await sandbox.connection.getParsedAccountInfo(new PublicKey(USDC));
    expect((parsedMint.value?.data as { parsed: { type: string } }).parsed.type).toBe('mint');
    const multiple = await sandbox.connection.getMultipleAccountsInfo([
      ata,
      pyusdAta,
      Keypair.generate().publicKey,
    ]);
    expect(multiple.map((a) => a?.owner.toBase58() ?? null)).toEqual([
      TOKEN_PROGRAM_ID.toBase58(),
      TOKEN_2022_PROGRAM_ID.toBase58(),
      null,
    ]);
  });

  for (const [label, mint, programId] of [
    ['SPL Token (USDC)', USDC, TOKEN_PROGRAM_ID],
    ['Token-2022 (PYUSD)', PYUSD, TOKEN_2022_PROGRAM_ID],
  ] as const) {
    it(`creates an associated token account and moves ${label} with transferChecked`, async () => {
      const alice = Keypair.generate();
      const bob = Keypair.generate().publicKey;
      await airdrop(sandbox.connection, alice.publicKey, LAMPORTS_PER_SOL);
      await faucet(sandbox.rpcUrl, alice.publicKey, mint, 10_000_000n);
      const mintKey = new PublicKey(mint);
      const from = getAssociatedTokenAddressSync(mintKey, alice.publicKey, false, programId);
      const to = getAssociatedTokenAddressSync(mintKey, bob, false, programId);
      const signature = await sendSigned(
        sandbox.connection,
        new Transaction().add(
          createAssociatedTokenAccountInstruction(alice.publicKey, to, bob, mintKey, programId),
          createTransferCheckedInstruction(
            from,
            mintKey,
            to,
            alice.publicKey,
            3_250_000n,
            6,
            [],
            programId,
          ),
        ),
        alice,
      );
      expect((await sandbox.connection.getTokenAccountBalance(to)).value.uiAmountString).toBe(
        '3.25',
      );
      expect((await sandbox.connection.getTokenAccountBalance(from)).value.amount).toBe('6750000');
      const tx = await sandbox.connection.getTransaction(signature, {
        maxSupportedTransactionVersion: 0,
      });
      const keys = tx!.transaction.message.staticAccountKeys.map((k) => k.toBase58());
      const post = tx!.meta!.postTokenBalances!.map((b) => [
        keys[b.accountIndex],
        b.owner,
        b.uiTokenAmount.amount,
        b.programId,
      ]);
      expect(post).toEqual(
        expect.arrayContaining([
          [from.toBase58(), alice.publicKey.toBase58(), '6750000', programId.toBase58()],
          [to.toBase58(), bob.toBase58(), '3250000', programId.toBase58()],
        ]),
      );
      expect(tx!.meta!.preTokenBalances!.map((b) => keys[b.accountIndex])).toEqual([
        from.toBase58(),
      ]);
      const rent = tx!.meta!.preBalances[0]! - tx!.meta!.postBalances[0]! - 5000;
      expect(rent).toBe(
        await sandbox.connection.getMinimumBalanceForRentExemption(
          programId.equals(TOKEN_PROGRAM_ID) ? 165 : 170,
        ),
      );
    });
  }
});
