/**
 * The payment rule (issue 5), on top of the swap rules: for a Solana Pay payment through the
 * payer's own account, the LAST instruction is a TransferChecked of exactly the amount, from
 * an account of the payer, to the payee's token account, with the reference keys in order as
 * read-only non-signer keys, and the memo instruction right before it says exactly the memo.
 * A merchant validates the payment by reading exactly these (the last instruction and its
 * keys), so anything else would be a payment the merchant cannot find or accept. For a payment
 * straight into the payee's account by the swap (no reference, no memo), the output rule's
 * "exactly the amount at the destination" is the whole promise. For a create-destination
 * transaction, the only thing done is creating the payee's associated token account.
 */
import { transferHookProgram } from '../tokens/mint-extension-data';
import { accountGain, lamportGain } from './balances';
import { isUserAccount, type ReviewFacts } from './facts';
import { ASSOCIATED_TOKEN_PROGRAM, COMPUTE_BUDGET_PROGRAM, SYSTEM_PROGRAM } from './program-ids';
import type { GuardVerdict, PaymentIntent, ReviewedInstruction } from './types';
import { formatToken, shortAddress } from './words';

type TransferPayment = Extract<PaymentIntent, { kind: 'transfer' }>;
type CreatePayment = Extract<PaymentIntent, { kind: 'create-destination' }>;

const verdict = (ok: boolean, reason: string): GuardVerdict => ({ rule: 'payment', ok, reason });

/** The transaction's last instruction, read as a payment's transfer, and its amounts in words. */
interface LastTransfer {
  facts: ReviewFacts;
  payment: TransferPayment;
  last: ReviewedInstruction | undefined;
  money: (amount: bigint) => string;
}

/** Problems of the last instruction as the merchant's TransferChecked (empty when right). */
function lastTransferProblems({ facts, payment, last, money }: LastTransfer): string[] {
  const decoded = last?.decoded;
  if (last === undefined || decoded?.kind !== 'tokenTransfer' || decoded.mint === undefined) {
    return [
      'The last instruction is not the TransferChecked to the payee that merchants look for.',
    ];
  }
  const problems: string[] = [];
  if (decoded.destination !== payment.payeeTokenAccount) {
    problems.push(
      `The last transfer goes to ${shortAddress(decoded.destination)}, not to the payee's account ${shortAddress(payment.payeeTokenAccount)}.`,
    );
  }
  if (decoded.mint !== payment.mint || decoded.decimals !== payment.decimals) {
    problems.push('The last transfer is of another token than the one requested.');
  }
  const sends = payment.transferAmount ?? payment.amount;
  if (decoded.amount !== sends) {
    problems.push(
      `The last transfer pays ${money(decoded.amount)} instead of exactly ${money(sends)}.`,
    );
  }
  if (decoded.authority !== facts.user || !isUserAccount(facts, decoded.source)) {
    problems.push('The last transfer is not paid from your own account.');
  }
  // TransferChecked: source, mint, destination, authority, then the reference keys; a hooked
  // mint's hook accounts follow them (guard-extensions.ts checks those, issue 35).
  const mintState = facts.mintStates?.get(payment.mint) ?? null;
  const hooked = mintState !== null && transferHookProgram(mintState.programOwner, mintState.data);
  const after = last.accounts.slice(4);
  problems.push(
    ...referenceProblems(payment, hooked ? after.slice(0, payment.references.length) : after),
  );
  return problems;
}

/**
 * The payee's token account must gain exactly the amount in the simulated post-state, as a
 * merchant validates a payment (the balance change of the destination), whatever the swap
 * before it delivered: an exact-input swap (issue 22) leaves what is over in the payer's
 * account, never at the payee's.
 */
function payeeGainProblems(facts: ReviewFacts, payment: TransferPayment): string[] {
  const money = (amount: bigint) => formatToken(amount, payment.mint, facts.tokens);
  const gain = accountGain(facts, payment.payeeTokenAccount);
  if (gain === null) {
    return ["The payee's balance after the transaction is unknown (the test run failed)."];
  }
  return gain === payment.amount
    ? []
    : [
        `The payee's account would gain ${money(gain)} instead of exactly ${money(payment.amount)}.`,
      ];
}

/** The keys after the transfer's own accounts must be exactly the references, read-only. */
function referenceProblems(
  payment: TransferPayment,
  extra: ReviewedInstruction['accounts'],
): string[] {
  const keys = extra.map((account) => account.address as string);
  const sameOrder =
    keys.length === payment.references.length &&
    keys.every((key, index) => key === payment.references[index]);
  if (!sameOrder) {
    return [
      payment.references.length === 0
        ? 'The last transfer carries extra keys the request did not ask for.'
        : `The last transfer does not carry the request's ${payment.references.length} reference key(s) in order, so the merchant could not find the payment.`,
    ];
  }
  if (extra.some((account) => account.signer || account.writable)) {
    return ['A reference key is marked as a signer or writable; references must be read-only.'];
  }
  return [];
}

/**
 * Problems of the last instruction as the SystemProgram transfer of a SOL request (as Solana
 * Pay's createTransfer builds it: from the payer's wallet to the recipient, the reference keys
 * after the two accounts), and of the recipient's simulated lamport gain, which must be exactly
 * the amount (the merchant validates the recipient's pre/post balance delta).
 */
function lastSolTransferProblems({ facts, payment, last, money }: LastTransfer): string[] {
  const decoded = last?.decoded;
  if (last?.programId !== SYSTEM_PROGRAM || decoded?.kind !== 'systemTransfer') {
    return [
      'The last instruction is not the SOL transfer to the recipient that merchants look for.',
    ];
  }
  const problems: string[] = [];
  if (decoded.to !== payment.payeeTokenAccount) {
    problems.push(
      `The last transfer sends SOL to ${shortAddress(decoded.to)}, not to the recipient ${shortAddress(payment.payeeTokenAccount)}.`,
    );
  }
  if (decoded.lamports !== payment.amount) {
    problems.push(
      `The last transfer pays ${money(decoded.lamports)} instead of exactly ${money(payment.amount)}.`,
    );
  }
  if (decoded.from !== facts.user) problems.push('The last transfer is not paid from your wallet.');
  problems.push(...referenceProblems(payment, last.accounts.slice(2)));
  const gain = lamportGain(facts, payment.payeeTokenAccount);
  if (gain === null) {
    problems.push(
      "The recipient's SOL balance after the transaction is unknown (the test run failed).",
    );
  } else if (gain !== payment.amount) {
    problems.push(
      `The recipient's SOL balance would change by ${money(gain)} instead of exactly ${money(payment.amount)}.`,
    );
  }
  return problems;
}

function memoProblems(payment: TransferPayment, before: ReviewedInstruction | undefined): string[] {
  if (payment.memo === null) return [];
  const decoded = before?.decoded;
  if (decoded?.kind !== 'memo') {
    return ['The memo the request asks for is not right before the transfer.'];
  }
  return decoded.text === payment.memo
    ? []
    : // Neither text is quoted here (issue 32): the memo's text is shown, sanitized, with its
      // instruction; the refusal is the wallet's sentence.
      [
        'The memo right before the transfer is not the text the payment request asks for, so the merchant could not match this payment to its request.',
      ];
}

function transferRule(facts: ReviewFacts, payment: TransferPayment): GuardVerdict {
  const money = formatToken(payment.amount, payment.mint, facts.tokens);
  const payee = shortAddress(payment.payeeTokenAccount);
  if (!payment.throughPayer) {
    // The swap pays the payee directly: no place for references or a memo (pay-service routes
    // such invoices through the payer's account instead).
    return payment.references.length === 0 && payment.memo === null
      ? verdict(true, `The swap pays exactly ${money} straight into the payee's account ${payee}.`)
      : verdict(
          false,
          'This payment needs its reference keys or memo, which a direct swap cannot carry.',
        );
  }
  const { instructions } = facts;
  const lastTransfer: LastTransfer = {
    facts,
    payment,
    last: instructions.at(-1),
    money: (amount) => formatToken(amount, payment.mint, facts.tokens),
  };
  const problems = [
    ...(payment.native === true
      ? lastSolTransferProblems(lastTransfer)
      : [...lastTransferProblems(lastTransfer), ...payeeGainProblems(facts, payment)]),
    ...memoProblems(payment, instructions.at(-2)),
  ];
  if (problems.length > 0) return verdict(false, problems.join(' '));
  const refs = payment.references.length;
  const extras = [
    refs > 0 ? `with ${refs === 1 ? 'the reference key' : `the ${refs} reference keys`}` : null,
    payment.memo !== null ? 'after the memo' : null,
  ].filter((part) => part !== null);
  if (payment.native === true) {
    return verdict(
      true,
      `The last instruction pays exactly ${money} from your wallet to the recipient ${payee}${extras.length ? ` ${extras.join(', ')}` : ''}, and the recipient gains exactly that.`,
    );
  }
  if (payment.transferAmount !== undefined && payment.transferAmount !== payment.amount) {
    // A Token-2022 transfer fee (issue 21): the transfer is grossed up so the payee gets it all.
    const fee = payment.transferFee ?? payment.transferAmount - payment.amount;
    return verdict(
      true,
      `The last instruction sends ${formatToken(payment.transferAmount, payment.mint, facts.tokens)} from your account to the payee's account ${payee}${extras.length ? ` ${extras.join(', ')}` : ''}; the token keeps its transfer fee of ${formatToken(fee, payment.mint, facts.tokens)}, so the payee receives exactly ${money}.`,
    );
  }
  return verdict(
    true,
    `The last instruction pays exactly ${money} from your account to the payee's account ${payee}${extras.length ? ` ${extras.join(', ')}` : ''}.`,
  );
}

function createRule(facts: ReviewFacts, payment: CreatePayment): GuardVerdict {
  const work = facts.instructions.filter((i) => i.programId !== COMPUTE_BUDGET_PROGRAM);
  const only = work.length === 1 ? work[0] : undefined;
  const decoded = only?.decoded;
  const right =
    only?.programId === ASSOCIATED_TOKEN_PROGRAM &&
    decoded?.kind === 'ataCreate' &&
    decoded.account === payment.payeeTokenAccount &&
    decoded.owner === payment.owner &&
    decoded.mint === payment.mint &&
    decoded.tokenProgram === payment.tokenProgram &&
    decoded.payer === facts.user;
  return right
    ? verdict(
        true,
        `This only opens the payee's token account ${shortAddress(payment.payeeTokenAccount)} for ${shortAddress(payment.owner)}; you pay its rent.`,
      )
    : verdict(
        false,
        "This transaction does more than, or something other than, opening the payee's token account.",
      );
}

/** The payment verdict, or nothing for a plain swap. */
export function paymentRules(facts: ReviewFacts): GuardVerdict[] {
  const payment = facts.intent.payment;
  if (payment === undefined) return [];
  return [payment.kind === 'transfer' ? transferRule(facts, payment) : createRule(facts, payment)];
}
