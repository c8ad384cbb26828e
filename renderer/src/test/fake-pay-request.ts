/**
 * The fake bridge's reading of transfer-request links (fake-pay.ts): a small parser of its own
 * (the real one is main/pay, tested there and end to end) with main's error codes.
 */
import type { PaymentRequestView } from '../../../preload/api-types';
import type { Result } from '../../../main/shared/result';
import { parseUnits } from '../../../main/shared/amount';
import { FAKE_TOKENS } from './fake-tokens';

/** Recipients whose token account is missing (FakePayState.missingPayees). */
export interface FakePayees {
  missingPayees: Set<string>;
}

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

export const err = (code: string, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

/** A fake payee token account per recipient (its ATA stands in as "ata-" + recipient end). */
export function payeeAccountOf(recipient: string): string {
  return `ATA${recipient.slice(3)}`;
}

/** The request main would answer for `text`, or its refusal. */
export function parse(text: string, state: FakePayees): Result<PaymentRequestView> {
  const match = /^solana:([^?]*)(?:\?(.*))?$/.exec(text.trim());
  if (!match) {
    return err(
      'INVALID_PAYMENT_REQUEST',
      'This is not a Solana Pay link: it must start with solana:.',
    );
  }
  const path = decodeURIComponent(match[1] ?? '');
  if (/[:%]/.test(match[1] ?? '')) {
    return err(
      'TRANSACTION_REQUEST_UNSUPPORTED',
      'This link is a transaction request (an https address), which Swapdesk does not pay.',
    );
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(path)) {
    return err('INVALID_PAYMENT_REQUEST', 'The recipient is not a valid Solana address.');
  }
  const params = new URLSearchParams(match[2] ?? '');
  const token = FAKE_TOKENS.find((t) => t.mint === params.get('spl-token'));
  if (!token) return err('TOKEN_NOT_FOUND', 'The token of this request is not a mint here.');
  const amountText = params.get('amount');
  let amount: string | null = null;
  if (amountText !== null) {
    try {
      amount = parseUnits(amountText, token.decimals).toString();
    } catch {
      return err(
        'INVALID_PAYMENT_REQUEST',
        `The amount ${amountText} has more decimals than ${token.symbol ?? 'the token'} allows (${token.decimals}).`,
      );
    }
  }
  return {
    ok: true,
    value: {
      recipient: path,
      mint: {
        mint: token.mint,
        symbol: token.symbol,
        decimals: token.decimals,
        tokenProgram: TOKEN_PROGRAM,
        verified: token.verified,
      },
      amountText,
      amount,
      references: params.getAll('reference'),
      label: params.get('label'),
      message: params.get('message'),
      memo: params.get('memo'),
      payee: {
        recipientKind: 'wallet',
        tokenAccount: payeeAccountOf(path),
        exists: !state.missingPayees.has(path),
        rentLamports: state.missingPayees.has(path) ? '2039280' : '0',
      },
    },
  };
}
