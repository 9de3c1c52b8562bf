import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'md' | 'sm';
  /** While busy the button is disabled and shows `busyLabel` (e.g. "Submitting..."). */
  busy?: boolean;
  busyLabel?: string;
  icon?: ReactNode;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  busyLabel,
  icon,
  block,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[styles.button, styles[variant], styles[size], block && styles.block, className]
        .filter(Boolean)
        .join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      <span>{busy && busyLabel ? busyLabel : children}</span>
    </button>
  );
}

export function ButtonLink({
  variant = 'primary',
  icon,
  className,
  children,
  ...rest
}: LinkProps & { variant?: Variant; icon?: ReactNode }) {
  return (
    <Link
      className={[styles.button, styles[variant], styles.md, className].filter(Boolean).join(' ')}
      {...rest}
    >
      {icon}
      <span>{children}</span>
    </Link>
  );
}

/** A plain link styled as a button: downloads and external pages, which the router must not handle. */
export function ButtonAnchor({
  variant = 'primary',
  icon,
  className,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: Variant; icon?: ReactNode }) {
  return (
    <a className={[styles.button, styles[variant], styles.md, className].filter(Boolean).join(' ')} {...rest}>
      {icon}
      <span>{children}</span>
    </a>
  );
}
