/**
 * /admin/rules (admins): add a rule (Rule, Explanation (optional), and under Translations the same
 * two in each shipped language, where wanted), and on each: Edit, Delete, Move up, Move down. The
 * rules show on /signup, in the report dialog and to apps, in the reader's language where given.
 */
import type { RuleDto, RuleTranslations } from '@glimpse/shared';
import { languages, limits, messages, RuleInput } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextArea, TextField } from '@/components/field.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowActions, RowList } from '@/components/row-list.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useToast } from '@/components/toast.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { useRegistrationInfo } from '@/lib/registrations.ts';
import { useForm } from '@/lib/use-form.ts';
import { useAddRule, useDeleteRule, useEditRule, useMoveRule } from './api/rules.ts';
import styles from './community.module.css';

const hasTranslations = (rule: RuleDto | undefined) => Object.keys(rule?.translations ?? {}).length > 0;

/** The add form, and the same fields to edit a rule in place. */
function RuleForm({ rule, onDone }: { rule?: RuleDto; onDone?: () => void }) {
  const add = useAddRule();
  const edit = useEditRule();
  const toast = useToast();
  const form = useForm({
    initial: {
      text: rule?.text ?? '',
      explanation: rule?.explanation ?? '',
      // One pair of fields a language, flat, as the form's fields are: `text:fr`, `explanation:fr`.
      ...Object.fromEntries(
        languages.flatMap(({ code }) => [
          [`text:${code}`, rule?.translations[code]?.text ?? ''],
          [`explanation:${code}`, rule?.translations[code]?.explanation ?? ''],
        ]),
      ),
    } as Record<string, string>,
    input: (values) => ({
      text: values.text,
      explanation: values.explanation,
      translations: Object.fromEntries(
        languages.map(({ code }) => [
          code,
          { text: values[`text:${code}`], explanation: values[`explanation:${code}`] },
        ]),
      ) as RuleTranslations,
    }),
    schema: RuleInput,
    onSubmit: async (input) => {
      if (rule) await edit.mutateAsync({ ruleId: rule.id, ...input });
      else await add.mutateAsync(input);
      toast.success(messages.registrations.ruleSaved);
      form.reset();
      onDone?.();
    },
  });
  const failure = form.failure
    ? actionableMessage(form.failure, messages.common.somethingWentWrong)
    : undefined;
  return (
    <form className={styles.form} onSubmit={form.submit} noValidate>
      <TextField label={t`Rule`} maxLength={limits.ruleTextMax} {...form.field('text')} />
      <TextArea
        label={t`Explanation (optional)`}
        rows={2}
        maxLength={limits.ruleExplanationMax}
        {...form.field('explanation')}
      />
      <details open={hasTranslations(rule)}>
        <summary>
          <Trans>Translations</Trans>
        </summary>
        <p className={styles.hint}>
          <Trans>Readers in a language left blank see the rule as written above.</Trans>
        </p>
        {languages.map(({ code, name }) => (
          // The words typed are in that language (its direction and its spell checker); the labels
          // stay in the page's.
          <fieldset key={code} className={styles.form}>
            <legend lang={code}>{name}</legend>
            <TextField
              label={t`Rule in ${name}`}
              lang={code}
              dir="auto"
              maxLength={limits.ruleTextMax}
              {...form.field(`text:${code}`)}
            />
            <TextArea
              label={t`Explanation in ${name}`}
              lang={code}
              dir="auto"
              rows={2}
              maxLength={limits.ruleExplanationMax}
              {...form.field(`explanation:${code}`)}
            />
          </fieldset>
        ))}
      </details>
      <ErrorMessage>{failure}</ErrorMessage>
      <div className={styles.inline}>
        <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
          {rule ? <Trans>Save</Trans> : <Trans>Add rule</Trans>}
        </Button>
        {rule && (
          <Button variant="secondary" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}

export function RulesScreen() {
  const info = useRegistrationInfo();
  const remove = useDeleteRule();
  const move = useMoveRule();
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const rules = info.data?.rules ?? [];

  return (
    <Page title={t`Rules`} width="narrow">
      <p className={styles.hint}>
        <Trans>
          People read these rules when they sign up, and pick the ones broken when they report something.
        </Trans>
      </p>
      <RuleForm />
      {info.isPending ? (
        <Skeleton height={120} />
      ) : rules.length === 0 ? (
        <EmptyState icon={<ScrollText />} title={t`No rules yet.`} />
      ) : (
        <RowList label={t`Rules`}>
          {rules.map((rule, index) => (
            <Row key={rule.id} stacked>
              {editing === rule.id ? (
                <RuleForm rule={rule} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <span className={styles.strong}>
                    {index + 1}. {rule.text}
                  </span>
                  {rule.explanation && (
                    <span className={styles.muted} dir="auto">
                      {rule.explanation}
                    </span>
                  )}
                  <RowActions>
                    <Button variant="ghost" size="sm" onClick={() => setEditing(rule.id)}>
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={index === 0 || move.isPending}
                      onClick={() => move.mutate({ ruleId: rule.id, direction: 'up' })}
                    >
                      <Trans>Move up</Trans>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={index === rules.length - 1 || move.isPending}
                      onClick={() => move.mutate({ ruleId: rule.id, direction: 'down' })}
                    >
                      <Trans>Move down</Trans>
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        remove.mutate(rule.id, {
                          onSuccess: () => toast.success(messages.registrations.ruleDeleted),
                          onError: () => toast.error(messages.common.somethingWentWrong),
                        })
                      }
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </RowActions>
                </>
              )}
            </Row>
          ))}
        </RowList>
      )}
    </Page>
  );
}
