/**
 * What Activity keeps of a payment (issue 5): the request, the most it could spend and, once
 * pay.receipt read it, the receipt.
 */

export interface PaymentSummaryView {
  recipient: string;
  payeeTokenAccount: string;
  mint: string;
  amount: string;
  payWithMint: string;
  /** The most the payer could spend: the quote's maximum, or the amount when paid directly. */
  maxSpend: string;
  references: string[];
  memo: string | null;
  label: string | null;
  message: string | null;
  /** From the confirmed transaction (pay.receipt); null until read. */
  delivered: string | null;
  spent: string | null;
}
