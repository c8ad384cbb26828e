import { describe, expect, it } from 'vitest';
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import {
  AuthorityType,
  createApproveCheckedInstruction,
  createApproveInstruction,
  createCloseAccountInstruction,
  createRevokeInstruction,
  createSetAuthorityInstruction,
} from '@solana/spl-token';
import { accountState } from './account-state';
import {
  ata,
  BONK,
  key,
  scenarioReport,
  STRANGER,
  tokenAccount,
  USDC,
  USER,
  verdict,
} from '../../test/fixtures/review-scenarios';
import { ruleVerdict, userUsdc, withExtra } from '../../test/fixtures/review-rule';

describe('authority', () => {
  const refused = async (instruction: TransactionInstruction, words: RegExp) => {
    const result = await ruleVerdict(withExtra(instruction), 'authority');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(words);
  };

  it('refuses approve and approveChecked to someone else', async () => {
    await refused(
      createApproveInstruction(userUsdc, STRANGER.publicKey, USER.publicKey, 5n),
      /allow .* to spend USDC from your account/,
    );
    await refused(
      createApproveCheckedInstruction(
        ata(USER.publicKey, BONK),
        BONK,
        STRANGER.publicKey,
        USER.publicKey,
        5n,
        5,
      ),
      /spend BONK/,
    );
  });

  it('refuses handing ownership or the close right of the user’s account to someone else', async () => {
    await refused(
      createSetAuthorityInstruction(
        userUsdc,
        USER.publicKey,
        AuthorityType.AccountOwner,
        STRANGER.publicKey,
      ),
      /give ownership of your USDC account/,
    );
    await refused(
      createSetAuthorityInstruction(
        userUsdc,
        USER.publicKey,
        AuthorityType.CloseAccount,
        STRANGER.publicKey,
      ),
      /give the right to close your USDC account/,
    );
  });

  it('refuses closing the user’s account to someone else, accepts closing it to the user', async () => {
    await refused(
      createCloseAccountInstruction(userUsdc, STRANGER.publicKey, USER.publicKey),
      /close your USDC account .* send what it holds to/,
    );
    const own = await scenarioReport(
      withExtra(createCloseAccountInstruction(userUsdc, USER.publicKey, USER.publicKey)),
    );
    expect(verdict(own, 'authority').ok).toBe(true);
  });

  it('accepts a revoke and removing a close authority', async () => {
    const report = await scenarioReport(
      withExtra(
        createRevokeInstruction(userUsdc, USER.publicKey),
        createSetAuthorityInstruction(userUsdc, USER.publicKey, AuthorityType.CloseAccount, null),
      ),
    );
    expect(verdict(report, 'authority').ok).toBe(true);
  });
});

describe('authority, read from the simulated post-state (changes made inside another program)', () => {
  // A swap program's inner instructions are invisible at the top level; their effect on the
  // person's accounts shows in the simulation's post-state.
  const jupiterCall = () => {
    const scenario = withExtra(
      new TransactionInstruction({
        programId: new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'),
        keys: [
          { pubkey: userUsdc, isSigner: false, isWritable: true },
          { pubkey: USER.publicKey, isSigner: true, isWritable: true },
        ],
        data: Buffer.from([0]),
      }),
    );
    scenario.allowJupiter = true;
    return scenario;
  };

  it('refuses a delegate that appears on the user’s account', async () => {
    const scenario = jupiterCall();
    scenario.post![key(userUsdc)] = tokenAccount(USDC, USER.publicKey, 90_000_000n, {
      delegate: STRANGER.publicKey,
    });
    const report = await scenarioReport(scenario);
    expect(verdict(report, 'programs').ok).toBe(true);
    expect(verdict(report, 'authority').reason).toMatch(
      /allow .* to spend from your USDC account .* \(an approval\)/,
    );
  });

  it('refuses a new owner of the user’s account', async () => {
    const scenario = jupiterCall();
    scenario.post![key(userUsdc)] = tokenAccount(USDC, STRANGER.publicKey, 90_000_000n);
    expect((await ruleVerdict(scenario, 'authority')).reason).toMatch(
      /make .* the owner of your USDC account/,
    );
  });

  it('refuses the user’s wallet account handed to a program', async () => {
    const scenario = jupiterCall();
    const owned = accountState(1_000_000_000n - 10_200n, key(STRANGER.publicKey), new Uint8Array());
    scenario.post![key(USER.publicKey)] = owned;
    expect((await ruleVerdict(scenario, 'authority')).reason).toMatch(
      /hand your wallet account itself to the program/,
    );
  });

  it('says each change once when the instruction already shows it', async () => {
    const scenario = withExtra(
      createApproveInstruction(userUsdc, STRANGER.publicKey, USER.publicKey, 5n),
    );
    scenario.post![key(userUsdc)] = tokenAccount(USDC, USER.publicKey, 90_000_000n, {
      delegate: STRANGER.publicKey,
    });
    const reason = (await ruleVerdict(scenario, 'authority')).reason;
    expect(reason.match(/allow/g)).toHaveLength(1);
  });
});
