/** "Who can quote your posts": Anyone, Followers (the default), Nobody; saves when changed. */
import { messages } from '@glimpse/shared';
import { QuotePolicySelect } from '@/components/quote-policy-select.tsx';
import { useViewer } from '@/lib/session.ts';
import styles from './account-screen.module.css';
import { useSetQuotePolicy } from './api/quote-policy.ts';

export function QuotePolicySection() {
  const me = useViewer();
  const save = useSetQuotePolicy();
  // The select shows the choice being saved until the saved value comes back.
  const value = save.isPending && save.variables ? save.variables : me.preferences.quotePolicy;
  return (
    <div className={styles.form}>
      <QuotePolicySelect
        label={messages.fields.quotePolicy}
        value={value}
        disabled={save.isPending || !me.profile}
        onChange={(policy) => save.mutate(policy)}
      />
      {save.isSuccess && (
        <p role="status" className={styles.muted}>
          {messages.photos.sensitiveSettingSaved}
        </p>
      )}
    </div>
  );
}
