/**
 * The wallet's reads of PausableConfig and TransferHook from mint bytes, against mints the
 * Token-2022 program itself wrote: litesvm 1.4.1's bundled program runs InitializePausableConfig,
 * InitializeTransferHook, Pause and Resume (spl-token 0.4.15's builders), and the wallet reads
 * each state from the account as the program left it.
 */
import {
  createInitializeMint2Instruction,
  createInitializePausableConfigInstruction,
  createInitializeTransferHookInstruction,
  createPauseInstruction,
  createResumeInstruction,
  ExtensionType,
  getMintLen,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { createSandboxVm } from '../sandbox/ledger/ledger-programs';
import { isPausedMint, pausedWords, transferHookProgram } from './mint-extension-data';

const P = TOKEN_2022_PROGRAM_ID;

describe('mint extension reads', () => {
  it('follows Pause and Resume as the program writes them, and finds the hook program', () => {
    const vm = createSandboxVm();
    const payer = Keypair.generate();
    vm.airdrop(payer.publicKey.toBytes(), 10_000_000_000n);
    const send = (instructions: TransactionInstruction[], signers: Keypair[] = []) => {
      const tx = new Transaction().add(...instructions);
      tx.recentBlockhash = vm.latestBlockhash();
      tx.feePayer = payer.publicKey;
      tx.sign(payer, ...signers);
      vm.sendLegacyTransaction(tx.serialize());
      vm.expireBlockhash();
    };
    const mint = Keypair.generate();
    const hook = Keypair.generate().publicKey;
    const extensions = [ExtensionType.PausableConfig, ExtensionType.TransferHook];
    send(
      [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: 100_000_000,
          space: getMintLen(extensions),
          programId: P,
        }),
        createInitializePausableConfigInstruction(mint.publicKey, payer.publicKey, P),
        createInitializeTransferHookInstruction(mint.publicKey, payer.publicKey, hook, P),
        createInitializeMint2Instruction(mint.publicKey, 6, payer.publicKey, null, P),
      ],
      [mint],
    );
    const read = () => {
      const account = vm.getAccount(mint.publicKey.toBytes())!;
      return { owner: P.toBase58(), data: account.data() };
    };
    expect(isPausedMint(read().owner, read().data)).toBe(false);
    expect(transferHookProgram(read().owner, read().data)).toBe(hook.toBase58());
    send([createPauseInstruction(mint.publicKey, payer.publicKey, [], P)]);
    expect(isPausedMint(read().owner, read().data)).toBe(true);
    send([createResumeInstruction(mint.publicKey, payer.publicKey, [], P)]);
    expect(isPausedMint(read().owner, read().data)).toBe(false);
    // The same bytes under another owner are not a Token-2022 mint.
    expect(
      transferHookProgram('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', read().data),
    ).toBeNull();
  });

  it('words a paused token with what to do', () => {
    expect(pausedWords('PAUS')).toBe(
      'PAUS is paused by its issuer: the token program refuses every transfer of it until the issuer resumes it. Nothing was built or signed; try again once PAUS is resumed.',
    );
  });
});
