/**
 * An account's label, typed where an account is named (import, rename). Main accepts 1 to 64
 * characters (preload/contract/schemas.ts), so the box takes no more than that.
 */
import { TextField } from './Field';

/** The most characters main accepts in a label. */
const LABEL_MAX = 64;

export interface AccountLabelFieldProps {
  id: string;
  label: string;
  value: string;
  onText: (text: string) => void;
}

/** A labelled text input for an account's label. */
export function AccountLabelField({ id, label, value, onText }: AccountLabelFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      type="text"
      maxLength={LABEL_MAX}
      autoComplete="off"
      value={value}
      onText={onText}
    />
  );
}
