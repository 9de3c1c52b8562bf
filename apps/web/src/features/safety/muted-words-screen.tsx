/**
 * /settings/muted-words: words, hashtags and phrases whose posts and comments are folded in the
 * feed, explore and comment lists (with "Show anyway"). Only I see my list.
 */

import { limits, MutedWordInput, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { EyeOff, X } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowList } from '@/components/row-list.tsx';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage, isApiError } from '@/lib/api-client.ts';
import { useMutedWordList } from '@/lib/muted-words.ts';
import { useForm } from '@/lib/use-form.ts';
import { useAddMutedWord, useRemoveMutedWord } from './api/muted-words.ts';
import styles from './people-list.module.css';

export function MutedWordsScreen() {
  const words = useMutedWordList();
  const add = useAddMutedWord();
  const remove = useRemoveMutedWord();
  const toast = useToast();
  const form = useForm({
    initial: { word: '' },
    schema: MutedWordInput,
    onSubmit: async ({ word }) => {
      await add.mutateAsync(word);
      form.reset();
    },
  });
  const failure = isApiError(form.failure, 'Conflict')
    ? form.failure.message
    : form.failure
      ? actionableMessage(form.failure, messages.common.somethingWentWrong)
      : undefined;
  const items = words.data?.items ?? [];

  return (
    <Page title={t`Muted words`} width="narrow">
      <p className={styles.intro}>
        <Trans>
          Posts and comments with these words or hashtags are folded in your feed, Explore and comments. You
          can still open each with Show anyway.
        </Trans>
      </p>
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <TextField
          label={t`Word or hashtag`}
          maxLength={limits.mutedWordMax}
          {...form.field('word')}
          error={form.errors.word ?? failure}
        />
        <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
          <Trans>Mute word</Trans>
        </Button>
      </form>
      {words.isPending ? null : items.length === 0 ? (
        <EmptyState icon={<EyeOff />} title={messages.safety.noMutedWords} />
      ) : (
        <RowList label={t`Muted words`}>
          {items.map((item) => (
            <Row key={item.id}>
              <span className={styles.word}>{item.word}</span>
              <Button
                variant="ghost"
                size="sm"
                icon={<X aria-hidden="true" size={16} />}
                aria-label={t`Unmute ${item.word}`}
                onClick={() =>
                  remove.mutate(item.id, { onError: () => toast.error(messages.common.somethingWentWrong) })
                }
              >
                <Trans>Unmute</Trans>
              </Button>
            </Row>
          ))}
        </RowList>
      )}
    </Page>
  );
}
