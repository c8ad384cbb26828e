/**
 * The review's rules for Token-2022 mints of issue 35, from the mints' states read at review
 * time (never cached, so a resumed token passes at once):
 *
 * - `paused`: a transaction that moves a paused token (PausableConfig) is refused in words; the
 *   program would refuse it anyway, with an error no person reads.
 * - `transfer-hook`: every TransferChecked of a hooked mint must carry the accounts the chain's
 *   ExtraAccountMetaList resolves to for that very transfer (hook-resolution.ts), the hook
 *   program and the validation account; a list that differs is refused.
 *
 * Both add verdicts only when such a mint is in the transaction.
 */
import { isPausedMint, pausedWords, transferHookProgram } from '../tokens/mint-extension-data';
import type { ReviewFacts } from './facts';
import { hookValidationAddress, resolveHookAccounts, type HookAccount } from './hook-resolution';
import { knownHookProgram } from './known-hook-programs';
import type { GuardVerdict } from './types';
import { fail as failWith, pass } from './verdicts';
import { shortAddress, tokenName } from './words';

/** One refusal sentence: the shared `fail` with a single reason. */
const fail = (rule: GuardVerdict['rule'], reason: string): GuardVerdict => failWith(rule, [reason]);

function pausedRule(facts: ReviewFacts): GuardVerdict | null {
  const paused = [...(facts.mintStates ?? [])]
    .filter(([, state]) => state !== null && isPausedMint(state.programOwner, state.data))
    .map(([mint]) => tokenName(mint, facts.tokens));
  if (paused.length === 0) return null;
  return fail('paused', paused.map((name) => pausedWords(name)).join(' '));
}

/** What is missing from `carried` of `expected`, as short addresses. */
function missing(
  expected: HookAccount[],
  carried: ReviewFacts['instructions'][number]['accounts'],
) {
  return expected.filter(
    (want) =>
      !carried.some((have) => have.address === want.address && (have.writable || !want.writable)),
  );
}

function hookVerdicts(facts: ReviewFacts): GuardVerdict[] {
  const verdicts: GuardVerdict[] = [];
  for (const instruction of facts.instructions) {
    const { decoded } = instruction;
    if (decoded.kind !== 'tokenTransfer' || decoded.mint === undefined) continue;
    const mintState = facts.mintStates?.get(decoded.mint) ?? facts.pre.get(decoded.mint) ?? null;
    if (mintState === null) continue;
    const program = transferHookProgram(mintState.programOwner, mintState.data);
    if (program === null) continue;
    const name = tokenName(decoded.mint, facts.tokens);
    const known = knownHookProgram(program);
    const who = `${shortAddress(program)} (${known ?? 'a program the wallet does not know'})`;
    const number = instruction.index + 1;
    const validation = hookValidationAddress(decoded.mint, program);
    const list = facts.pre.get(validation) ?? null;
    let expected: HookAccount[];
    try {
      const extras =
        list === null || list.programOwner !== program
          ? []
          : resolveHookAccounts({
              program,
              validation: { address: validation, data: list.data },
              transfer: { ...decoded, mint: decoded.mint },
              amount: decoded.amount,
              dataOf: (address) => facts.pre.get(address)?.data ?? null,
            });
      expected = [
        ...extras,
        { address: program, signer: false, writable: false },
        ...(list === null ? [] : [{ address: validation, signer: false, writable: false }]),
      ];
    } catch {
      verdicts.push(
        fail(
          'transfer-hook',
          `Instruction ${number} transfers ${name}, whose hook program ${who} lists accounts the wallet cannot work out from the chain, so it cannot check what the hook is given. Nothing was signed.`,
        ),
      );
      continue;
    }
    const absent = missing(expected, instruction.accounts);
    verdicts.push(
      absent.length === 0
        ? pass(
            'transfer-hook',
            `Instruction ${number} transfers ${name}, which runs the hook program ${who}, with the ${expected.length} accounts the chain's list for ${name} resolves to for this transfer.`,
          )
        : fail(
            'transfer-hook',
            `Instruction ${number} transfers ${name} without the accounts its hook program ${who} resolves to on chain for this transfer (${absent.map((a) => shortAddress(a.address)).join(', ')} missing or not writable): its hook accounts were changed or built for another transfer. Nothing was signed; build it again.`,
          ),
    );
  }
  return verdicts;
}

/** The paused-token and transfer-hook verdicts of a review (none when neither applies). */
export function extensionRules(facts: ReviewFacts): GuardVerdict[] {
  const paused = pausedRule(facts);
  return [...(paused === null ? [] : [paused]), ...hookVerdicts(facts)];
}
