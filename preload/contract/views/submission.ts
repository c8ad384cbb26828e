/**
 * A transaction the wallet sent: its status, the answer of every approve method, and the kind of
 * record it leaves in Activity.
 */

export type TransactionStatus = 'pending' | 'confirmed' | 'failed' | 'expired';

/** swap.approve's answer. A second approve of the same ticket answers the first submission. */
export interface SubmissionView {
  signature: string;
  activityId: string;
  /** The status right after sending: usually 'pending'; poll swap.status for the outcome. */
  status: TransactionStatus;
}

/** The kind of record a submission leaves in Activity (a payment's swap is a 'pay'). */
export type ActivityKind = 'swap' | 'pay' | 'other';
