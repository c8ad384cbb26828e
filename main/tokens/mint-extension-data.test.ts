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
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { vmWithPayer } from '../../test/fixtures/vm-payer';
import { isPausedMint, pausedWords, transferHookProgram } from './mint-extension-data';
import { refusePausedMints } from './paused-check';

const P = TOKEN_2022_PROGRAM_ID;

/** A Token-2022 mint with PausableConfig and TransferHook, made by the program in a VM. */
function pausableMint() {
  const { vm, payer, send } = vmWithPayer();
  const sent = (instructions: TransactionInstruction[], signers: Keypair[] = []) =>
    expect(send(instructions, signers).ok).toBe(true);
  const mint = Keypair.generate();
  const hook = Keypair.generate().publicKey;
  const extensions = [ExtensionType.PausableConfig, ExtensionType.TransferHook];
  sent(
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
  return {
    mint: mint.publicKey,
    hook,
    read,
    pause: () => sent([createPauseInstruction(mint.publicKey, payer.publicKey, [], P)]),
    resume: () => sent([createResumeInstruction(mint.publicKey, payer.publicKey, [], P)]),
    /** getMultipleAccountsInfo over the VM, as refusePausedMints reads. */
    reads: {
      getMultipleAccountsInfo: async (keys: PublicKey[]) =>
        keys.map((key) => {
          const account = vm.getAccount(key.toBytes());
          return account ? { owner: new PublicKey(account.owner()), data: account.data() } : null;
        }),
    },
  };
}

describe('mint extension reads', () => {
  it('follows Pause and Resume as the program writes them, and finds the hook program', () => {
    const { hook, read, pause, resume } = pausableMint();
    expect(isPausedMint(read().owner, read().data)).toBe(false);
    expect(transferHookProgram(read().owner, read().data)).toBe(hook.toBase58());
    pause();
    expect(isPausedMint(read().owner, read().data)).toBe(true);
    resume();
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

describe('refusePausedMints', () => {
  const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

  it('asks for a name only when a token is paused, and names it then', async () => {
    const { mint, pause, reads } = pausableMint();
    const asked: string[] = [];
    const nameOf = async (m: string) => {
      asked.push(m);
      return 'PAUS';
    };
    await expect(
      refusePausedMints(reads, [USDC, mint.toBase58()], nameOf),
    ).resolves.toBeUndefined();
    // A review waits for this check: no name is looked up for tokens that are not paused.
    expect(asked).toEqual([]);
    pause();
    await expect(refusePausedMints(reads, [USDC, mint.toBase58()], nameOf)).rejects.toMatchObject({
      code: 'TOKEN_PAUSED',
      message: pausedWords('PAUS'),
    });
    expect(asked).toEqual([mint.toBase58()]);
  });

  it('still refuses, by address, when the name cannot be had', async () => {
    const { mint, pause, reads } = pausableMint();
    pause();
    await expect(
      refusePausedMints(reads, [mint.toBase58()], () =>
        Promise.reject(new Error('token list down')),
      ),
    ).rejects.toMatchObject({
      code: 'TOKEN_PAUSED',
      message: pausedWords(`The token ${mint.toBase58()}`),
    });
  });
});
