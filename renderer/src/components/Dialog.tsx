/**
 * A modal dialog: focus moves into it, Tab and Shift+Tab stay inside it, Escape closes it and
 * focus returns to what had it before. Written by hand rather than with <dialog>.showModal()
 * because jsdom (the component tests) does not implement showModal.
 */
import { useEffect, useId, useRef, type ReactNode, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { AccountSummary } from '../../../preload/api-types';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: string;
  children: ReactNode;
  onClose: () => void;
  /** CSS selector of the element to focus first (default: the first focusable one). */
  initialFocus?: string;
}

/** What a dialog about one account (rename, remove) is given: the account, and how to close it. */
export interface AccountDialogProps {
  account: AccountSummary;
  onClose: () => void;
}

/** Renders a modal over the page; close it by unmounting (the parent owns `open`). */
export function Dialog({ title, children, onClose, initialFocus }: DialogProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = boxRef.current;
    const first =
      (initialFocus ? box?.querySelector<HTMLElement>(initialFocus) : null) ??
      box?.querySelector<HTMLElement>(FOCUSABLE) ??
      box;
    first?.focus();
    // The rest of the page is inert while the dialog is open, so a pointer or a screen
    // reader's virtual cursor cannot wander behind it either.
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    return () => {
      root?.removeAttribute('inert');
      // The opener may be gone (a removed account's row): fall back to the screen heading.
      if (previous?.isConnected) previous.focus();
      else document.querySelector<HTMLElement>('[data-screen-heading]')?.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const items = [...boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const firstItem = items[0];
    const lastItem = items[items.length - 1];
    if (event.shiftKey && document.activeElement === firstItem) {
      event.preventDefault();
      lastItem?.focus();
    } else if (!event.shiftKey && document.activeElement === lastItem) {
      event.preventDefault();
      firstItem?.focus();
    }
  };

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={boxRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
