/**
 * A labelled form field, the one markup every form of the wallet uses: a `.field` block with a
 * `<label for>` naming its control, then the control, then hints or errors. Tests and the e2e
 * suites find the control by that label, so the label text is the field's name.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface FieldProps {
  /** The id of the control the label names. */
  id: string;
  label: ReactNode;
  /** A short control (a number, a count): the `field-narrow` width. */
  narrow?: boolean;
  /** The control, then what follows it (hints, errors). */
  children: ReactNode;
}

/** A `.field` block: the label for `id`, then `children`. */
export function Field({ id, label, narrow, children }: FieldProps) {
  return (
    <div className={narrow ? 'field field-narrow' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'onChange' | 'children'
> {
  id: string;
  label: ReactNode;
  narrow?: boolean;
  /** The text typed, at each change. */
  onText: (text: string) => void;
  /**
   * With this prop the field has an error line (FieldError) after the input, holding the
   * message; a message marks the input invalid unless `aria-invalid` says otherwise.
   */
  error?: ReactNode;
  /** What follows the input (a hint), before the error line. */
  children?: ReactNode;
}

/**
 * A labelled text input (class `input` unless `className` says otherwise); every other input
 * attribute passes through unchanged.
 */
export function TextField({
  id,
  label,
  narrow,
  onText,
  error,
  children,
  className = 'input',
  ...input
}: TextFieldProps) {
  const hasError = error !== undefined;
  return (
    <Field id={id} label={label} narrow={narrow}>
      <input
        id={id}
        className={className}
        aria-invalid={hasError && error ? true : undefined}
        {...input}
        onChange={(event) => onText(event.target.value)}
      />
      {children}
      {hasError ? <FieldError message={error} /> : null}
    </Field>
  );
}

/**
 * A field's error line: always present (an alert region announces what is inserted into it),
 * and empty, it takes no room.
 */
export function FieldError({ message, id }: { message: ReactNode; id?: string }) {
  return (
    <p id={id} role="alert" className={message ? 'field-error' : 'field-error-empty'}>
      {message}
    </p>
  );
}
