/**
 * One button of a Solana Action with its form (spec "LinkedAction", "ActionParameter"): a
 * field per parameter of the type the action asks for, checked here before it is sent
 * (required, the action's pattern with its description) and checked again by main, whose
 * words are shown when it refuses. A button Swapdesk cannot do is shown off, with the reason.
 */
import { useState, type FormEvent } from 'react';
import type { ActionParameterView, LinkedActionView } from '../../../../preload/api-types';

export interface ActionFormProps {
  link: LinkedActionView;
  /** The action is off, or a review is open. */
  disabled: boolean;
  onSubmit: (values: Record<string, string | string[]>) => void;
}

/** The first default of a field: its selected options. */
function initial(field: ActionParameterView): string | string[] {
  const selected = field.options.filter((o) => o.selected).map((o) => o.value);
  return field.type === 'checkbox' ? selected : (selected[0] ?? '');
}

/** Why `value` does not fit `field` here; main checks everything again. */
function problem(field: ActionParameterView, value: string | string[]): string | null {
  const name = field.label ?? field.name;
  const empty = Array.isArray(value) ? value.length === 0 : value === '';
  if (empty) return field.required ? `"${name}" is required.` : null;
  if (typeof value === 'string' && field.pattern !== null) {
    let fits = true;
    try {
      fits = new RegExp(`^(?:${field.pattern})$`).test(value);
    } catch {
      fits = true; // The spec: a pattern that is not a regular expression is ignored.
    }
    if (!fits) return `"${name}" is not in the form asked: ${field.patternDescription ?? ''}`;
  }
  return null;
}

const INPUT_TYPES = new Set(['text', 'email', 'url', 'number', 'date', 'datetime-local']);

function Field(props: {
  field: ActionParameterView;
  id: string;
  value: string | string[];
  onChange: (value: string | string[]) => void;
}) {
  const { field, id, value, onChange } = props;
  const label = field.label ?? field.name;
  if (field.type === 'select') {
    return (
      <select id={id} value={value as string} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'radio' || field.type === 'checkbox') {
    const list = Array.isArray(value) ? value : [value];
    return (
      <fieldset id={id} aria-label={label}>
        {field.options.map((o) => (
          <label key={o.value}>
            <input
              type={field.type}
              name={`${id}-${field.name}`}
              checked={list.includes(o.value)}
              onChange={(e) =>
                onChange(
                  field.type === 'radio'
                    ? o.value
                    : e.target.checked
                      ? [...list, o.value]
                      : list.filter((v) => v !== o.value),
                )
              }
            />{' '}
            {o.label}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.type === 'textarea') {
    return <textarea id={id} value={value as string} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <input
      id={id}
      type={INPUT_TYPES.has(field.type) && field.type !== 'number' ? field.type : 'text'}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      value={value as string}
      placeholder={field.label ?? ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function ActionForm({ link, disabled, onSubmit }: ActionFormProps) {
  const [values, setValues] = useState<Record<string, string | string[]>>(() =>
    Object.fromEntries(link.parameters.map((field) => [field.name, initial(field)])),
  );
  const [errors, setErrors] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = link.parameters
      .map((field) => problem(field, values[field.name] ?? ''))
      .filter((text): text is string => text !== null);
    setErrors(found);
    if (found.length > 0) return;
    // Empty optional fields are not sent.
    const filled = Object.fromEntries(
      Object.entries(values).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : v !== '')),
    );
    onSubmit(filled);
  };
  const formId = `action-${link.label.replace(/\W+/g, '-')}`;
  return (
    <form className="action-form" onSubmit={submit} aria-label={link.label} noValidate>
      {link.parameters.map((field) => (
        <div key={field.name} className="field">
          <label htmlFor={`${formId}-${field.name}`}>
            {field.label ?? field.name}
            {field.required ? ' (required)' : ''}
          </label>
          <Field
            field={field}
            id={`${formId}-${field.name}`}
            value={values[field.name] ?? ''}
            onChange={(value) => setValues((now) => ({ ...now, [field.name]: value }))}
          />
          {field.patternDescription ? (
            <p className="muted small">{field.patternDescription}</p>
          ) : null}
        </div>
      ))}
      {errors.map((text) => (
        <p key={text} role="alert">
          {text}
        </p>
      ))}
      {link.unsupported ? <p className="muted small">{link.unsupported}</p> : null}
      <button type="submit" className="primary" disabled={disabled || link.unsupported !== null}>
        {link.label}
      </button>
    </form>
  );
}
