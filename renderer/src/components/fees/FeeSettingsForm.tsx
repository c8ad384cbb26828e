/**
 * The integrator's fee settings: fees on or off, **Platform fee (bps)** (a whole number from 0
 * to 10,000, with a warning above the common 10 to 100 bps) and the **Referral account** whose
 * fee token accounts collect the fees where the referral program exists.
 */
import { useId, useState, type ReactNode } from 'react';
import type { FeeSettingsView } from '../../../../preload/api-types';
import { TextField } from '../Field';
import { CheckBox } from '../CheckBox';
import { AddressField, useAddressText } from '../AddressField';

/** Fees above this are unusual for integrators (most charge 10 to 100 bps). */
export const COMMON_FEE_MAX_BPS = 100;

/** The bps typed, or the reason it cannot be saved. */
export function readBps(text: string): { ok: true; bps: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) {
    return { ok: false, message: 'Enter a whole number of basis points (1 bps = 0.01%).' };
  }
  const bps = Number(trimmed);
  if (bps > 10_000) return { ok: false, message: 'A fee cannot exceed 10,000 bps (100%).' };
  return { ok: true, bps };
}

/** The form a save belongs to. */
type SavedAbout = 'fee' | 'referral' | 'account';

export interface FeeSettingsFormProps {
  settings: FeeSettingsView;
  saving: boolean;
  /** What the last save did, in words, and which form it belongs to. */
  savedNote: { about: SavedAbout; text: string } | null;
  onSaveFee: (enabled: boolean, bps: number) => Promise<boolean>;
  onSaveReferral: (referralAccount: string | null) => Promise<boolean>;
}

/** Keyed by the saved settings in the screen, so a save (or another network) resets it. */
export function FeeSettingsForm({
  settings,
  saving,
  savedNote,
  onSaveFee,
  onSaveReferral,
}: FeeSettingsFormProps) {
  const id = useId();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [bpsText, setBpsText] = useState(String(settings.platformFeeBps));
  const referral = useAddressText(
    settings.referralAccount ?? '',
    'A referral account is a Solana address (32 to 44 base58 characters).',
  );

  const noteOf = (about: SavedAbout) => (savedNote?.about === about ? savedNote.text : null);
  const bps = readBps(bpsText);
  const high = bps.ok && bps.bps > COMMON_FEE_MAX_BPS;
  return (
    <div className="fee-settings">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!bps.ok) return;
          void onSaveFee(enabled, bps.bps);
        }}
      >
        <CheckBox checked={enabled} disabled={saving} onChecked={setEnabled}>
          {' '}
          Charge a platform fee on swaps and payments
        </CheckBox>
        <TextField
          id={`${id}-bps`}
          label="Platform fee (bps)"
          narrow
          type="number"
          min={0}
          max={10_000}
          step={1}
          inputMode="numeric"
          value={bpsText}
          disabled={saving}
          aria-invalid={bps.ok ? undefined : true}
          aria-describedby={`${id}-bps-note`}
          onText={setBpsText}
          error={
            !bps.ok
              ? bps.message
              : high
                ? `${bps.bps} bps is above common platform fees (10 to 100 bps): people will pay ${(bps.bps / 100).toString()}% of every swap.`
                : null
          }
        >
          <p id={`${id}-bps-note`} className="hint">
            {bps.ok
              ? `${(bps.bps / 100).toString()}% of each swap; the swap service keeps ${settings.operatorShareBps / 100}% of the fee.`
              : null}
          </p>
        </TextField>
        <SaveActions primary disabled={saving || !bps.ok} saved={noteOf('fee')}>
          Save fee
        </SaveActions>
      </form>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (referral.error) return;
          void onSaveReferral(referral.trimmed === '' ? null : referral.trimmed);
        }}
      >
        <AddressField
          id={`${id}-referral`}
          label="Referral account"
          className="input mono"
          placeholder="Your referral account address (optional)"
          address={referral}
          disabled={saving}
        >
          <p className="hint">
            Fee token accounts of the referral program are derived from it. Leave it empty to use
            plain token accounts.
          </p>
        </AddressField>
        <SaveActions disabled={saving || referral.error !== null} saved={noteOf('referral')}>
          Save referral account
        </SaveActions>
      </form>
    </div>
  );
}

/** A form's save button (its words are `children`) and the status of that form's last save. */
function SaveActions({
  primary,
  disabled,
  saved,
  children,
}: {
  primary?: boolean;
  disabled: boolean;
  saved: string | null;
  children: ReactNode;
}) {
  return (
    <div className="actions">
      <button
        type="submit"
        className={primary ? 'button button-primary' : 'button'}
        disabled={disabled}
      >
        {children}
      </button>
      <span role="status" className="muted small">
        {saved}
      </span>
    </div>
  );
}
