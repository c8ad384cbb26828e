/**
 * Outputs and rent the person keeps (issue 21, point 3; custody-accounts.ts, judged by the
 * sol-custody rule): an output paid into an account of the person that someone else can close
 * (and reopen as theirs) or spend from, an account opened for them that is not their associated
 * token account, or at a size its mint does not need, and more rent than a swap needs.
 */
import { Keypair, SystemProgram } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeAccount3Instruction,
  createTransferCheckedInstruction,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { accountState, type AccountState } from './account-state';
import { rentExemptMinimum } from './balances';
import { neededAccountSize } from './custody-accounts';
import {
  BONK,
  honestSwap,
  key,
  STRANGER,
  tokenAccount,
  USER,
  VENUE,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { ruleVerdict, userBonk, vaultBonk } from '../../test/fixtures/review-rule';

/** The honest swap, with its BONK paid into `account` (an account of the person). */
function paidInto(account: Keypair, state: AccountState): Scenario {
  const scenario = honestSwap();
  scenario.instructions[3] = createTransferCheckedInstruction(
    vaultBonk,
    BONK,
    account.publicKey,
    VENUE.publicKey,
    100_000_000n,
    5,
  );
  scenario.pre[key(account.publicKey)] = state;
  scenario.post = { ...scenario.post, [key(userBonk)]: tokenAccount(BONK, USER.publicKey, 0n) };
  return scenario;
}

/** A state like `base` with its amount replaced (bytes 64..72). */
function withAmount(base: AccountState, amount: bigint): AccountState {
  const data = Buffer.from(base.data);
  data.writeBigUInt64LE(amount, 64);
  return accountState(base.lamports, base.programOwner, data) as AccountState;
}

/** paidInto, the account holding the whole output (1,000 BONK) after it. */
function paidInFull(account: Keypair, before: AccountState): Scenario {
  const scenario = paidInto(account, before);
  scenario.post = {
    ...scenario.post,
    [key(account.publicKey)]: withAmount(before, 100_000_000n),
  };
  return scenario;
}

describe('outputs go only where the person keeps them', () => {
  it('an output into the person’s account whose close authority a stranger kept is refused', async () => {
    const account = Keypair.generate();
    const before = tokenAccount(BONK, USER.publicKey, 0n, { closeAuthority: STRANGER.publicKey });
    const scenario = paidInFull(account, before);
    const result = await ruleVerdict(scenario, 'sol-custody');
    expect(result.ok).toBe(false);
    expect(result.reason).toBe(
      `It would pay BONK into your account ${short(account)}, which is not your usual BONK account and its close authority is ${short(STRANGER)}: they could empty it, or close it and open their own at the same address before this lands, and keep what arrives.`,
    );
  });

  it('the same with a stranger as delegate is refused; with neither, it passes', async () => {
    const account = Keypair.generate();
    const delegated = tokenAccount(BONK, USER.publicKey, 0n, { delegate: STRANGER.publicKey });
    const refused = paidInFull(account, delegated);
    expect((await ruleVerdict(refused, 'sol-custody')).reason).toMatch(
      /and .* is its delegate: they could empty it/,
    );
    const clean = tokenAccount(BONK, USER.publicKey, 0n);
    const passed = paidInFull(account, clean);
    expect((await ruleVerdict(passed, 'sol-custody')).ok).toBe(true);
  });
});

function short(key: { publicKey: { toBase58(): string } }): string {
  const text = key.publicKey.toBase58();
  return `${text.slice(0, 4)}…${text.slice(-4)}`;
}

describe('accounts opened for the person, and their rent', () => {
  it('a token account opened at an address that is not the person’s associated account is refused', async () => {
    const scenario = honestSwap();
    const account = Keypair.generate();
    scenario.instructions.unshift(
      SystemProgram.createAccount({
        fromPubkey: USER.publicKey,
        newAccountPubkey: account.publicKey,
        lamports: 2_039_280,
        space: 165,
        programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeAccount3Instruction(account.publicKey, BONK, USER.publicKey),
    );
    scenario.signers = [VENUE, account];
    scenario.post = {
      ...scenario.post,
      [key(account.publicKey)]: tokenAccount(BONK, USER.publicKey, 0n),
    };
    const result = await ruleVerdict(scenario, 'sol-custody');
    expect(result.reason).toBe(
      `It would open a BONK token account ${short(account)} for you that is not your associated BONK account, holding 0.00203928 SOL of your SOL as rent.`,
    );
  });

  it('an associated account far larger than its mint needs, and its rent, are refused', async () => {
    const scenario = honestSwap();
    delete scenario.pre[key(userBonk)];
    scenario.instructions.unshift(
      createAssociatedTokenAccountIdempotentInstruction(
        USER.publicKey,
        userBonk,
        USER.publicKey,
        BONK,
      ),
    );
    const size = 100_000;
    const base = tokenAccount(BONK, USER.publicKey, 100_000_000n);
    const big = Buffer.alloc(size);
    big.set(base.data);
    const lamports = rentExemptMinimum(size); // 0.6968928 SOL
    scenario.post = {
      ...scenario.post,
      [key(userBonk)]: accountState(lamports, base.programOwner, big) as AccountState,
    };
    const result = await ruleVerdict(scenario, 'sol-custody');
    expect(result.ok).toBe(false);
    expect(result.reason).toContain(
      `It would open your BONK account ${key(userBonk).slice(0, 4)}…${key(userBonk).slice(-4)} at 100000 bytes where BONK needs 165, locking 0.69689088 SOL of your SOL in its rent.`,
    );
    expect(result.reason).toContain(
      'It would lock 0.69689088 SOL of your SOL as rent in new accounts (0.69689088 SOL in',
    );
    expect(result.reason).toContain(
      'more than the 0.01 SOL (the rent of about five token accounts) a swap needs.',
    );
  });

  it("the person's own wallet, new on chain, holds their SOL, not rent (a gasless swap to SOL)", async () => {
    const scenario = honestSwap();
    delete scenario.pre[key(USER.publicKey)];
    scenario.post = {
      ...scenario.post,
      [key(USER.publicKey)]: accountState(
        135_000_000n,
        '11111111111111111111111111111111',
        new Uint8Array(0),
      ) as AccountState,
    };
    const result = await ruleVerdict(scenario, 'sol-custody');
    expect(result.reason).not.toMatch(/as rent in new accounts/);
  });

  it('the size a Token-2022 mint’s accounts need follows its extensions', () => {
    const plain = accountState(1n, TOKEN_2022_PROGRAM_ID.toBase58(), new Uint8Array(82));
    expect(neededAccountSize(plain)).toBe(170); // 165 + type byte + ImmutableOwner (4)
    // A mint with a transfer-fee config (type 1, 108 bytes): its accounts carry a fee amount.
    const data = Buffer.alloc(166 + 4 + 108);
    data[165] = 1; // AccountType::Mint
    data.writeUInt16LE(1, 166);
    data.writeUInt16LE(108, 168);
    const withFee = accountState(1n, TOKEN_2022_PROGRAM_ID.toBase58(), data);
    expect(neededAccountSize(withFee)).toBe(170 + 4 + 8);
    expect(neededAccountSize(tokenAccount(BONK, USER.publicKey, 0n))).toBe(165);
  });
});
