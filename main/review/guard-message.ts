/**
 * Guard rules read from the message alone: who pays, who else must sign, whether the
 * blockhash still lives, whether every lookup table resolved, and which programs are called.
 */
import { isHarmlessTokenInstruction } from './decode-token';
import { counterparties } from './counterparty';
import { BLOCKHASH_VALIDITY_BLOCKS, signsFor, type ReviewFacts } from './facts';
import { isAllowedProgram, isTokenProgram, SYSTEM_PROGRAM } from './program-ids';
import type { DecodedInstruction, GuardVerdict } from './types';
import { fail, pass } from './verdicts';
import { shortAddress } from './words';

/**
 * The person pays the fees: anyone else as fee payer must sign, and could hold back a
 * transaction it owns. The exceptions are a gasless /order's payers (issue 22; the official
 * OpenAPI's `gasless`), who sign after the person and can only land or drop these bytes: the
 * market maker that fills the swap (it pays the person in these very bytes), or the service's
 * own published gas payer (service-terms.ts), each only when the answer said it signs after.
 * And a Solana Pay merchant that pays the fee and signed before the person (SPEC.md "POST
 * Response": a partly signed transaction): its valid signature means it can no longer hold
 * the transaction back, and the person is asked for their own signature only.
 */
export function feePayerRule(facts: ReviewFacts): GuardVerdict {
  const payer = facts.message.feePayer;
  if (payer === facts.user) {
    return pass('fee-payer', 'Your account pays the network fee.');
  }
  if (payer === facts.signedFeePayer) {
    const entry = facts.message.signatures.find((signature) => signature.signer === payer);
    if (entry?.state === 'valid') {
      return pass(
        'fee-payer',
        `The merchant pays the network fee: its account ${shortAddress(payer)} signed this transaction before you; none of the fee comes from your SOL.`,
      );
    }
  }
  if (facts.awaitedCosigners?.has(payer) === true) {
    if (payer === facts.terms.gasPayer) {
      return pass(
        'fee-payer',
        `The network fee is paid by ${shortAddress(payer)}, the swap service's gas payer (a gasless swap), which signs after you; none of it comes from your SOL.`,
      );
    }
    if (counterparties(facts).has(payer)) {
      return pass(
        'fee-payer',
        `The network fee is paid by the market maker ${shortAddress(payer)}, which fills your swap and signs after you; none of it comes from your SOL.`,
      );
    }
  }
  return fail('fee-payer', [
    `The network fee would be paid by ${shortAddress(facts.message.feePayer)}, not by your account, so this is not the transaction of your swap.`,
  ]);
}

/** Every other required signature must already be there and valid. */
export function signersRule(facts: ReviewFacts): GuardVerdict {
  const problems = facts.message.signatures
    .filter((entry) => entry.signer !== facts.user && !signsFor(facts, entry))
    .map((entry) =>
      entry.state === 'missing'
        ? `It also needs the signature of ${shortAddress(entry.signer)}, which is missing, so someone else would still have to approve it.`
        : `The signature of ${shortAddress(entry.signer)} on it is not valid for these bytes, so the transaction was changed after it was signed.`,
    );
  if (!facts.message.signatures.some((entry) => entry.signer === facts.user)) {
    problems.push('Your account is not among its signers.');
  }
  return problems.length === 0
    ? pass('signers', 'No signature other than yours is missing, and the others are valid.')
    : fail('signers', problems);
}

/**
 * A transaction past its lastValidBlockHeight can never land. The height is the swap service's
 * word, so the wallet holds it to what is possible: no blockhash read now stays valid past the
 * network's height + 150, and the wallet counts the transaction as expired only once that
 * (its own lastValidBlockHeight, facts.ts) has passed. A service claiming an early expiry would
 * otherwise make the wallet say "Expired", and the person swap again, while the first
 * transaction can still land; a claim far beyond what any blockhash allows is refused.
 */
export function blockhashRule(facts: ReviewFacts): GuardVerdict {
  const claimed = facts.claimedLastValidBlockHeight;
  if (facts.blockHeight > claimed) {
    return fail('blockhash', [
      `This transaction expired at block ${claimed} (the network is at block ${facts.blockHeight}). Get a fresh quote.`,
    ]);
  }
  if (claimed > facts.blockHeight + 2 * BLOCKHASH_VALIDITY_BLOCKS) {
    return fail('blockhash', [
      `The swap service says this transaction can land until block ${claimed}, but the network is at block ${facts.blockHeight} and a blockhash is valid for ${BLOCKHASH_VALIDITY_BLOCKS} blocks: the service cannot be trusted to say when it expires. Get a fresh quote.`,
    ]);
  }
  return pass(
    'blockhash',
    `It can land until block ${facts.lastValidBlockHeight} at the latest; only after that does Swapdesk call it expired.`,
  );
}

/**
 * A transaction whose first instruction advances a durable nonce takes its lifetime from the
 * nonce, not from a recent blockhash: it stays valid after its lastValidBlockHeight, until the
 * nonce moves, whoever the nonce's authority is. The wallet would show it "Expired" while it can
 * still land later, so it is never signed. Swap services build swaps on recent blockhashes.
 */
export function durableNonceRule(facts: ReviewFacts): GuardVerdict {
  const first = facts.instructions[0];
  const advances =
    first !== undefined &&
    first.programId === SYSTEM_PROGRAM &&
    first.decoded.kind === 'other' &&
    first.decoded.name === 'advanceNonceAccount';
  if (!advances) {
    return pass('durable-nonce', 'It expires with its blockhash; it uses no durable nonce.');
  }
  const [nonce, , authority] = first.accounts;
  const whose =
    authority === undefined
      ? ''
      : authority.address === facts.user
        ? ' (your account is its authority)'
        : ` (its authority is ${shortAddress(authority.address)})`;
  return fail('durable-nonce', [
    `Its first instruction advances the durable nonce ${nonce === undefined ? '' : shortAddress(nonce.address)}${whose}, so it would stay valid after block ${facts.lastValidBlockHeight} and could land at any later time, long after the wallet shows it as expired. A swap is never built this way; get a fresh quote.`,
  ]);
}

/** Every lookup table must resolve, or some accounts of the transaction stay hidden. */
export function lookupTablesRule(facts: ReviewFacts): GuardVerdict {
  const { unresolvedTables, lookupTables } = facts.message;
  if (unresolvedTables.length === 0) {
    return pass(
      'lookup-tables',
      lookupTables.length === 0
        ? 'It uses no address lookup tables.'
        : `Every account behind its ${lookupTables.length} lookup table(s) was read and is shown.`,
    );
  }
  return fail(
    'lookup-tables',
    unresolvedTables.map(
      (table) =>
        `The lookup table ${shortAddress(table)} could not be read, so some accounts of this transaction cannot be shown.`,
    ),
  );
}

function unexpected(kind: DecodedInstruction, programId: string): string | null {
  if (kind.kind === 'unknown') return 'an instruction the wallet cannot read';
  if (kind.kind === 'other' && programId === SYSTEM_PROGRAM)
    return `a System "${kind.name}" instruction`;
  if (kind.kind === 'systemAssign')
    return 'a System "assign" instruction (it changes which program owns an account)';
  if (
    kind.kind === 'other' &&
    isTokenProgram(programId) &&
    !isHarmlessTokenInstruction(kind.name)
  ) {
    return `a token "${kind.name}" instruction`;
  }
  if (kind.kind === 'other' && kind.name === 'recoverNested')
    return 'a "recover nested" instruction';
  if (kind.kind === 'tokenMintTo') return 'a "mint tokens" instruction';
  return null;
}

/** Only allowed programs, and within them only instructions the review reads. */
export function programsRule(facts: ReviewFacts): GuardVerdict {
  const problems: string[] = [];
  for (const instruction of facts.instructions) {
    const number = instruction.index + 1;
    if (!isAllowedProgram(instruction.programId, facts.allowJupiter)) {
      problems.push(
        `Instruction ${number} calls ${instruction.programName === 'Unknown program' ? 'a program the wallet does not know' : `the ${instruction.programName} program, which a swap here should not call`} (${shortAddress(instruction.programId)}); it could do anything with your accounts.`,
      );
      continue;
    }
    const odd = unexpected(instruction.decoded, instruction.programId);
    if (odd !== null) {
      problems.push(`Instruction ${number} is ${odd}, which is not part of a swap.`);
    }
  }
  return problems.length === 0
    ? pass('programs', 'Every instruction belongs to a program the wallet knows and reads.')
    : fail('programs', problems);
}
