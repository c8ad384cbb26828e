/**
 * The end of a form: its alert region (the wallet's refusal, then the service's words behind a
 * disclosure), then the submit button and, when there is one, the way back.
 */
import type { ReactNode } from 'react';
import type { BridgeError } from '../../../main/shared/result';
import { AlertMessage } from './AlertMessage';

export interface FormFooterProps {
  error: BridgeError | null;
  /** The alert region's id, for a form described by it. */
  alertId?: string;
  submitLabel: ReactNode;
  /** While the form is sent: submit is disabled. */
  pending: boolean;
  /** The second button (Cancel unless `cancelLabel` says otherwise); none without it. */
  onCancel?: () => void;
  cancelLabel?: string;
  /** A way back that waits while the form is sent. */
  cancelDisabled?: boolean;
  /** More in the row of buttons (a status while sending). */
  children?: ReactNode;
}

export function FormFooter({
  error,
  alertId,
  submitLabel,
  pending,
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled,
  children,
}: FormFooterProps) {
  return (
    <>
      <AlertMessage error={error} id={alertId} />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel} disabled={cancelDisabled}>
            {cancelLabel}
          </button>
        ) : null}
        {children}
      </div>
    </>
  );
}
