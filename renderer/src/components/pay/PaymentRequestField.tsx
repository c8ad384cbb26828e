/**
 * The **Payment request** box: paste a Solana Pay link (`solana:…`), or load a QR code from an
 * image file (**Load QR code image**) or from the clipboard (**Paste QR code image**, or paste
 * an image straight into the box). A decoded code becomes the box's text; main reads it.
 */
import { useId, useRef, useState, type ClipboardEvent } from 'react';
import { FieldError } from '../Field';

export interface PaymentRequestFieldProps {
  text: string;
  disabled: boolean;
  /** Main's refusal of the text, shown under the box. */
  error: string | null;
  onChange: (text: string) => void;
  /** Text decoded from a QR code image, to be read at once. */
  onDecoded: (text: string) => void;
}

export function PaymentRequestField(props: PaymentRequestFieldProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [qrState, setQrState] = useState<
    { state: 'idle' } | { state: 'reading' } | { state: 'failed'; message: string }
  >({ state: 'idle' });

  const decode = async (blob: Blob) => {
    setQrState({ state: 'reading' });
    try {
      // The decoder (jsQR) is loaded only when someone reads a QR image: most never do.
      const { decodeQrImage } = await import('./qr-decode');
      const text = await decodeQrImage(blob);
      setQrState({ state: 'idle' });
      props.onDecoded(text);
    } catch (error) {
      setQrState({
        state: 'failed',
        message: error instanceof Error ? error.message : 'The image could not be read.',
      });
    }
  };

  const fromClipboard = async () => {
    try {
      const items = await navigator.clipboard.read();
      for (const item of items) {
        const type = item.types.find((t) => t.startsWith('image/'));
        if (type) {
          await decode(await item.getType(type));
          return;
        }
      }
      setQrState({
        state: 'failed',
        message: 'The clipboard holds no image. Copy the QR code picture first, then try again.',
      });
    } catch {
      setQrState({
        state: 'failed',
        message:
          'Swapdesk may not read the clipboard here. Paste the image into the Payment request box (Ctrl+V), or load it from a file.',
      });
    }
  };

  /** An image pasted into the box is a QR code to read, not text. */
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const image = [...event.clipboardData.files].find((f) => f.type.startsWith('image/'));
    if (!image) return;
    event.preventDefault();
    void decode(image);
  };

  const error = qrState.state === 'failed' ? qrState.message : props.error;
  return (
    <div className="field">
      <label htmlFor={`${id}-text`}>Payment request</label>
      <textarea
        id={`${id}-text`}
        className="input payment-text"
        rows={4}
        placeholder="solana:…?amount=…&spl-token=…"
        spellCheck={false}
        autoComplete="off"
        value={props.text}
        disabled={props.disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => {
          setQrState({ state: 'idle' });
          props.onChange(event.target.value);
        }}
        onPaste={onPaste}
      />
      <FieldError id={`${id}-error`} message={error} />
      <p id={`${id}-hint`} className="hint">
        Paste a Solana Pay link or a Solana Action link, or read it from a QR code image.
      </p>
      <div className="actions actions-tight">
        <button
          type="button"
          className="button button-small"
          disabled={props.disabled || qrState.state === 'reading'}
          onClick={() => fileInput.current?.click()}
        >
          Load QR code image
        </button>
        <button
          type="button"
          className="button button-small"
          disabled={props.disabled || qrState.state === 'reading'}
          onClick={() => void fromClipboard()}
        >
          Paste QR code image
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-label="QR code image file"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // choosing the same file again must read it again
            if (file) void decode(file);
          }}
        />
      </div>
      {qrState.state === 'reading' ? (
        <p role="status" className="muted small">
          Reading the QR code…
        </p>
      ) : null}
    </div>
  );
}
