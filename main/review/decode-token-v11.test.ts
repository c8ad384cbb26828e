/**
 * Token-2022's newer instructions as the review reads and words them (issue 35), built with
 * @solana/spl-token 0.4.15's own builders (the layouts the program accepts: the sandbox's
 * litesvm 1.4.1 runs each of them, see main/sandbox/hook/ and the PAUS integration test).
 */
import {
  createInitializePausableConfigInstruction,
  createInitializePermissionedBurnInstruction,
  createInitializeScaledUiAmountConfigInstruction,
  createPauseInstruction,
  createPermissionedBurnCheckedInstruction,
  createPermissionedBurnInstruction,
  createResumeInstruction,
  createUpdateMultiplierDataInstruction,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, TransactionInstruction, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { decodeInstruction } from './decode-instruction';
import { describeInstruction } from './describe';
import { programsRule } from './guard-message';
import type { ReviewFacts } from './facts';
import { shortAddress } from './words';

const [account, mint, owner, authority] = Array.from(
  { length: 4 },
  () => Keypair.generate().publicKey,
) as [PublicKey, PublicKey, PublicKey, PublicKey];
const short = (key: PublicKey) => shortAddress(key.toBase58());
const tokens = new Map([[mint.toBase58(), { decimals: 6, symbol: 'PAUS' }]]);

function read(instruction: TransactionInstruction) {
  const decoded = decodeInstruction(
    instruction.programId.toBase58(),
    instruction.data,
    instruction.keys.map((key) => key.pubkey.toBase58() as Address),
  );
  const words = describeInstruction(decoded, 'Token-2022', tokens, () => mint.toBase58());
  return { decoded, words };
}

/**
 * UnwrapLamports as spl-token 0.4.15's `createUnwrapLamportsInstruction` builds it (tag 45, a
 * COption<u64>: 0, or 1 and the amount; accounts source, destination, owner). The package has
 * the builder in lib/instructions/unwrapLamports but does not export it.
 */
function unwrap(amount: bigint | null): TransactionInstruction {
  const data = Buffer.alloc(amount === null ? 2 : 10);
  data[0] = 45;
  if (amount !== null) {
    data[1] = 1;
    data.writeBigUInt64LE(amount, 2);
  }
  return new TransactionInstruction({
    programId: TOKEN_2022_PROGRAM_ID,
    data,
    keys: [account, owner, authority].map((pubkey) => ({
      pubkey,
      isSigner: false,
      isWritable: true,
    })),
  });
}

describe('Token-2022 v10/v11 instructions in the review', () => {
  it('words a permissioned burn as a burn its issuer authority signs', () => {
    for (const instruction of [
      createPermissionedBurnInstruction(account, mint, owner, authority, 2_500_000n),
      createPermissionedBurnCheckedInstruction(account, mint, owner, authority, 2_500_000n, 6),
    ]) {
      const { decoded, words } = read(instruction);
      expect(decoded).toEqual({
        kind: 'tokenBurn',
        account: account.toBase58(),
        mint: mint.toBase58(),
        owner: owner.toBase58(),
        amount: 2_500_000n,
        permissionedBy: authority.toBase58(),
      });
      expect(words).toBe(
        `Burn 2.5 PAUS from ${short(account)} (a permissioned burn: the PAUS issuer's burn authority ${short(authority)} signs it, with the owner ${short(owner)})`,
      );
    }
  });

  it('words the pausable family and refuses it inside a swap', () => {
    const pause = read(createPauseInstruction(mint, authority, [], TOKEN_2022_PROGRAM_ID));
    expect(pause.words).toBe(
      `Token-2022: pause the token ${short(mint)} (signed by ${short(authority)}): from now on every transfer, mint and burn of it is refused`,
    );
    expect(read(createResumeInstruction(mint, authority, [], TOKEN_2022_PROGRAM_ID)).words).toBe(
      `Token-2022: resume the token ${short(mint)} (signed by ${short(authority)}): its transfers work again`,
    );
    expect(read(createInitializePausableConfigInstruction(mint, authority)).words).toContain(
      `${short(authority)} its pause authority`,
    );
    const facts = {
      allowJupiter: false,
      instructions: [
        {
          index: 0,
          programId: TOKEN_2022_PROGRAM_ID.toBase58(),
          programName: 'Token-2022',
          decoded: pause.decoded,
          summary: pause.words,
          accounts: [],
        },
      ],
    } as unknown as ReviewFacts;
    expect(programsRule(facts).ok).toBe(false);
    expect(programsRule(facts).reason).toContain('a token "pause" instruction');
  });

  it('words the permissioned-burn set-up, unwrap and the scaled multiplier', () => {
    expect(read(createInitializePermissionedBurnInstruction(mint, authority)).words).toBe(
      `Token-2022: require the permission of ${short(authority)} for every burn of ${short(mint)}`,
    );
    expect(read(unwrap(5000n)).words).toBe(
      `Token-2022: unwrap 5000 lamports from the wrapped SOL account ${short(account)} into ${short(owner)} (signed by ${short(authority)})`,
    );
    expect(read(unwrap(null)).words).toContain('unwrap all the SOL');
    expect(read(createInitializeScaledUiAmountConfigInstruction(mint, authority, 1.5)).words).toBe(
      `Token-2022: give ${short(mint)} a UI multiplier of 1.5, changeable by ${short(authority)}`,
    );
    expect(
      read(createUpdateMultiplierDataInstruction(mint, authority, 2, 1_800_000_000n)).words,
    ).toBe(
      `Token-2022: change the UI multiplier of ${short(mint)} to 2 from 2027-01-15T08:00:00.000Z: every balance of it will read 2 times its raw amount`,
    );
  });

  it('reads a truncated instruction as one it cannot read', () => {
    const burn = createPermissionedBurnInstruction(account, mint, owner, authority, 1n);
    burn.data = burn.data.subarray(0, 5);
    expect(read(burn).decoded).toEqual({ kind: 'unknown' });
  });
});
