/**
 * Labelled inputs with their hint and error wired to aria-describedby, so screen readers hear both.
 * A required field (`required` or `aria-required`) shows an asterisk after its label before anyone
 * submits (RequiredMark).
 */
import { Trans } from '@lingui/react/macro';
import {
  type AriaAttributes,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import styles from './field.module.css';

export interface FieldChrome {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function describedBy(id: string, error?: string, hint?: string) {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/** Whether the control is one a person must fill: the native attribute or its ARIA twin. */
export const isRequired = (control: { required?: boolean | undefined } & AriaAttributes) =>
  control.required === true || control['aria-required'] === true || control['aria-required'] === 'true';

/**
 * The asterisk after a required field's label. It is CSS generated content with empty alternative
 * text: screen readers hear "required" from the input itself, and the label's text (what finds the
 * field by its name) stays the name alone.
 */
export function RequiredMark() {
  return <span className={styles.required} />;
}

/** Above a form that mixes required and optional fields: what the asterisk means, for sighted readers. */
export function RequiredNote() {
  return (
    <p className={styles.requiredNote} aria-hidden="true">
      <Trans>Fields marked * are required.</Trans>
    </p>
  );
}

/** A field's label (id `${id}-label`), its control (children), and its hint or error beneath. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  required,
  children,
}: FieldChrome & { id: string; required: boolean; children: React.ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} id={`${id}-label`} className={styles.label}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={isRequired(input)}>
      <input
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  ...textarea
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={isRequired(textarea)}>
      <textarea
        id={id}
        className={`${styles.input} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** A native select: the phone's own picker, keyboard search by typing, nothing to re-implement. */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={isRequired(select)}>
      <select
        id={id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
