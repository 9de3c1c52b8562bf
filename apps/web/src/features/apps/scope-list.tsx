/** What an app may do, one line per scope group in words (scope-words.ts), granular scopes named beside. */
import { scopeGroups } from '@glimpse/shared';
import { useLingui } from '@lingui/react';
import { Check } from 'lucide-react';
import styles from './apps.module.css';
import { scopeGroupWords } from './scope-words.ts';

export function ScopeList({ scopes, label }: { scopes: readonly string[]; label: string }) {
  const { i18n } = useLingui();
  return (
    <ul className={styles.scopes} aria-label={label}>
      {scopeGroups(scopes).map(({ group, all, parts }) => (
        <li key={group} className={styles.scope}>
          <Check aria-hidden="true" size={18} className={styles.scopeIcon} />
          <span>
            {i18n._(all ? scopeGroupWords[group].all : scopeGroupWords[group].some)}
            {!all && (
              <>
                {' '}
                {parts.map((part, index) => (
                  <span key={part}>
                    {index > 0 && ', '}
                    <code className={styles.code}>{part}</code>
                  </span>
                ))}
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
