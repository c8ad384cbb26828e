/**
 * A Solana address typed into a form (a payee, a referral account): the text, trimmed, is
 * checked for the shape of an address as it is typed, and the field shows the form's own
 * sentence when it cannot be one. An empty box is no error: whether one is needed is the
 * form's call.
 */
import { useState, type ReactNode } from 'react';
import { looksLikeAddress } from '../lib/address-text';
import { TextField } from './Field';

/** The typed text of an address field and what the form reads from it. */
export interface AddressText {
  /** What is in the box, as typed. */
  text: string;
  setText: (text: string) => void;
  /** The text without surrounding spaces: the address the form sends. */
  trimmed: string;
  /** The form's sentence when the text is not shaped like an address; null when it is or is empty. */
  error: string | null;
}

/**
 * The state of an address field that starts at `initial` and says `invalidMessage` about text
 * that cannot be an address.
 */
export function useAddressText(initial: string, invalidMessage: string): AddressText {
  const [text, setText] = useState(initial);
  const trimmed = text.trim();
  const error = trimmed !== '' && !looksLikeAddress(trimmed) ? invalidMessage : null;
  return { text, setText, trimmed, error };
}

export interface AddressFieldProps {
  id: string;
  label: string;
  placeholder: string;
  address: AddressText;
  disabled: boolean;
  /** `input` unless the form shows its addresses otherwise (`input mono`). */
  className?: string;
  /** A hint under the box, before the error line. */
  children?: ReactNode;
}

/** A labelled text input for an address: no spelling check, no autocomplete, an error line. */
export function AddressField({ address, ...field }: AddressFieldProps) {
  return (
    <TextField
      {...field}
      spellCheck={false}
      autoComplete="off"
      value={address.text}
      onText={address.setText}
      error={address.error}
    />
  );
}
