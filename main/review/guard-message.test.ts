import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import {
  AddressLookupTableAccount,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js';
import {
  createFreezeAccountInstruction,
  createInitializeImmutableOwnerInstruction,
  createTransferCheckedInstruction,
} from '@solana/spl-token';
import {
  ata,
  honestSwap,
  key,
  scenarioReport,
  STRANGER,
  USDC,
  USER,
  VENUE,
  verdict,
} from '../../test/fixtures/review-scenarios';
import { ruleVerdict, userUsdc, withExtra } from '../../test/fixtures/review-rule';

describe('the honest scenario', () => {
  it('is accepted with every rule passing', async () => {
    const report = await scenarioReport(honestSwap());
    expect(report.refusals).toEqual([]);
    expect(report.accepted).toBe(true);
    expect(report.verdicts.map((v) => v.rule)).toEqual([
      'fee-payer',
      'signers',
      'blockhash',
      'durable-nonce',
      'lookup-tables',
      'programs',
      'authority',
      'transfers',
      'sol-transfer',
      'sol-custody',
      'priority-fee',
      'destination',
      'onchain-bound',
      'simulation',
      'input-spend',
      'output',
      'other-tokens',
      'fee-account',
    ]);
  });
});

describe('fee-payer', () => {
  it('refuses a transaction another account pays for', async () => {
    const scenario = honestSwap();
    scenario.payer = STRANGER.publicKey;
    const result = await ruleVerdict(scenario, 'fee-payer');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/paid by .*, not by your account/);
  });

  // A Solana Pay merchant paying the fee signs before the person (issue 34 point 2).
  const merchantPays = (corrupt: boolean) => {
    const scenario = honestSwap();
    scenario.payer = STRANGER.publicKey;
    scenario.signers = [STRANGER, VENUE];
    scenario.signedFeePayer = key(STRANGER.publicKey) as Address;
    if (corrupt) scenario.corruptSignatureOf = STRANGER.publicKey;
    return scenario;
  };

  it('accepts a fee payer named as signed first whose signature is valid, and says who pays', async () => {
    const report = await scenarioReport(merchantPays(false));
    expect(verdict(report, 'fee-payer')).toEqual({
      rule: 'fee-payer',
      ok: true,
      reason: `The merchant pays the network fee: its account ${key(STRANGER.publicKey).slice(0, 4)}…${key(STRANGER.publicKey).slice(-4)} signed this transaction before you; none of the fee comes from your SOL.`,
    });
  });

  it('refuses that fee payer when its signature does not hold', async () => {
    const result = verdict(await scenarioReport(merchantPays(true)), 'fee-payer');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/paid by .*, not by your account/);
  });

  it('refuses that fee payer when it has not signed', async () => {
    const scenario = merchantPays(false);
    scenario.signers = [VENUE];
    const result = verdict(await scenarioReport(scenario), 'fee-payer');
    expect(result.ok).toBe(false);
  });
});

describe('signers', () => {
  it('refuses a missing co-signature', async () => {
    const scenario = honestSwap();
    scenario.signers = [];
    const result = await ruleVerdict(scenario, 'signers');
    expect(result).toMatchObject({ ok: false });
    expect(result.reason).toContain(`signature of ${key(VENUE.publicKey).slice(0, 4)}`);
    expect(result.reason).toMatch(/missing/);
  });

  it('refuses a co-signature that does not verify over these bytes', async () => {
    const scenario = honestSwap();
    scenario.corruptSignatureOf = VENUE.publicKey;
    const result = await ruleVerdict(scenario, 'signers');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/not valid for these bytes/);
  });

  it('accepts when the only missing signature is the user’s own', async () => {
    const report = await scenarioReport(honestSwap());
    expect(report.signatures).toEqual([
      { signer: key(USER.publicKey), state: 'missing' },
      { signer: key(VENUE.publicKey), state: 'valid' },
    ]);
    expect(verdict(report, 'signers').ok).toBe(true);
  });
});

describe('blockhash', () => {
  it('refuses once the block height passed lastValidBlockHeight', async () => {
    const scenario = honestSwap();
    scenario.blockHeight = 251;
    scenario.lastValidBlockHeight = 250;
    const result = await ruleVerdict(scenario, 'blockhash');
    expect(result).toEqual({
      rule: 'blockhash',
      ok: false,
      reason:
        'This transaction expired at block 250 (the network is at block 251). Get a fresh quote.',
    });
  });

  it('accepts at exactly lastValidBlockHeight', async () => {
    const scenario = honestSwap();
    scenario.blockHeight = 250;
    expect((await ruleVerdict(scenario, 'blockhash')).ok).toBe(true);
  });

  // A hostile service claiming an early expiry would make the wallet say "Expired" (and the
  // person swap again) while the transaction can still land for up to 150 blocks.
  it('never counts a transaction expired before any blockhash read now could expire', async () => {
    const scenario = honestSwap();
    scenario.blockHeight = 100;
    scenario.lastValidBlockHeight = 102;
    const report = await scenarioReport(scenario);
    expect(report.lastValidBlockHeight).toBe(250);
    expect(verdict(report, 'blockhash').reason).toBe(
      'It can land until block 250 at the latest; only after that does Swapdesk call it expired.',
    );
    // A later claim (the service's node a little ahead of ours) is kept.
    scenario.lastValidBlockHeight = 260;
    expect((await scenarioReport(scenario)).lastValidBlockHeight).toBe(260);
  });

  it('refuses a claimed expiry no blockhash can have', async () => {
    const scenario = honestSwap();
    scenario.blockHeight = 100;
    scenario.lastValidBlockHeight = 401;
    expect((await ruleVerdict(scenario, 'blockhash')).reason).toBe(
      'The swap service says this transaction can land until block 401, but the network is at block 100 and a blockhash is valid for 150 blocks: the service cannot be trusted to say when it expires. Get a fresh quote.',
    );
    scenario.lastValidBlockHeight = 400;
    expect((await ruleVerdict(scenario, 'blockhash')).ok).toBe(true);
  });
});

describe('lookup-tables', () => {
  const table = new AddressLookupTableAccount({
    key: Keypair.generate().publicKey,
    state: {
      deactivationSlot: BigInt('18446744073709551615'),
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      addresses: [ata(STRANGER.publicKey, USDC)],
    },
  });
  const transferToTable = createTransferCheckedInstruction(
    userUsdc,
    USDC,
    ata(STRANGER.publicKey, USDC),
    USER.publicKey,
    1n,
    6,
  );

  it('resolves table accounts, shows where they came from, and judges them', async () => {
    const scenario = withExtra(transferToTable);
    scenario.tables = [table];
    const report = await scenarioReport(scenario);
    expect(verdict(report, 'lookup-tables').ok).toBe(true);
    const hidden = report.accounts.find((a) => a.address === key(ata(STRANGER.publicKey, USDC)));
    expect(hidden).toMatchObject({
      writable: true,
      signer: false,
      fromLookupTable: key(table.key),
    });
    expect(report.lookupTables).toEqual([
      { address: key(table.key), writable: [hidden?.address], readonly: [] },
    ]);
    expect(verdict(report, 'transfers').reason).toMatch(/lookup table/);
  });

  it('refuses a table the network does not have', async () => {
    const scenario = withExtra(transferToTable);
    scenario.tables = [table];
    scenario.knownTables = [];
    const result = await ruleVerdict(scenario, 'lookup-tables');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/could not be read/);
  });
});

describe('programs', () => {
  it('refuses an unknown program', async () => {
    const program = Keypair.generate().publicKey;
    const report = await scenarioReport(
      withExtra(
        new TransactionInstruction({ programId: program, keys: [], data: Buffer.from([1]) }),
      ),
    );
    expect(verdict(report, 'programs').reason).toMatch(
      /Instruction 5 calls a program the wallet does not know/,
    );
    expect(report.instructions[4]).toMatchObject({
      programName: 'Unknown program',
      decoded: { kind: 'unknown' },
    });
  });

  it('allows Jupiter v6 only where it is allowed (mainnet)', async () => {
    const jupiter = new TransactionInstruction({
      programId: new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'),
      keys: [],
      data: Buffer.from([0]),
    });
    expect((await ruleVerdict(withExtra(jupiter), 'programs')).ok).toBe(false);
    const mainnet = withExtra(jupiter);
    mainnet.allowJupiter = true;
    const report = await scenarioReport(mainnet);
    expect(verdict(report, 'programs').ok).toBe(true);
    expect(report.instructions[4]?.programName).toBe('Jupiter v6');
  });

  it('refuses token instructions that do not belong in a swap, allows harmless ones', async () => {
    const freeze = createFreezeAccountInstruction(userUsdc, USDC, USER.publicKey);
    expect((await ruleVerdict(withExtra(freeze), 'programs')).reason).toMatch(
      /token "freezeAccount" instruction/,
    );
    const immutable = createInitializeImmutableOwnerInstruction(
      userUsdc,
      new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
    );
    expect((await ruleVerdict(withExtra(immutable), 'programs')).ok).toBe(true);
  });

  it('refuses System instructions other than transfer and create', async () => {
    const assign = SystemProgram.assign({
      accountPubkey: USER.publicKey,
      programId: STRANGER.publicKey,
    });
    expect((await ruleVerdict(withExtra(assign), 'programs')).reason).toMatch(/assign/);
  });
});

describe('durable-nonce', () => {
  const nonce = Keypair.fromSeed(new Uint8Array(32).fill(11)).publicKey;

  it.each([
    ['a stranger', STRANGER.publicKey, /its authority is /],
    ['the user', USER.publicKey, /your account is its authority/],
  ])(
    'refuses a swap whose first instruction advances a nonce of %s',
    async (_who, authority, whose) => {
      const scenario = honestSwap();
      scenario.instructions.unshift(
        SystemProgram.nonceAdvance({ noncePubkey: nonce, authorizedPubkey: authority }),
      );
      const report = await scenarioReport(scenario);
      const found = verdict(report, 'durable-nonce');
      expect(found.ok).toBe(false);
      expect(found.reason).toMatch(whose);
      expect(found.reason).toMatch(
        /would stay valid after block 250 and could land at any later time/,
      );
      expect(report.accepted).toBe(false);
    },
  );

  it('passes a swap that lives by its blockhash', async () => {
    expect((await ruleVerdict(honestSwap(), 'durable-nonce')).ok).toBe(true);
  });
});
