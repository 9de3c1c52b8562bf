/** Default pictures shown before a person chooses their own (SPEC.md §3). */
import { UserRound } from 'lucide-react';
import styles from './placeholders.module.css';

export function AvatarPlaceholder() {
  return (
    <span className={styles.avatar}>
      <UserRound aria-hidden="true" size={56} />
    </span>
  );
}

export function BackgroundPlaceholder() {
  return <span className={styles.background} />;
}
