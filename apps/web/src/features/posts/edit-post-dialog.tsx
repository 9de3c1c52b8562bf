/** The author's Edit: caption, each photo's alt text, the location, the sensitive flag, the audience and who may quote it (never the photos). */

import type { PostDto, PostLocationInput } from '@glimpse/shared';
import { EditPostInput, limits, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage } from '@/components/alert.tsx';
import { AudienceSelect } from '@/components/audience-select.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextArea, TextField } from '@/components/field.tsx';
import { QuotePolicySelect } from '@/components/quote-policy-select.tsx';
import { useForm } from '@/lib/use-form.ts';
import { useEditPost } from './api/edit-post.ts';
import styles from './edit-post-dialog.module.css';
import { LocationField } from './location-field.tsx';

export function EditPostDialog({
  post,
  open,
  onClose,
}: {
  post: PostDto;
  open: boolean;
  onClose: () => void;
}) {
  const edit = useEditPost(post.id);
  const form = useForm({
    initial: {
      caption: post.caption,
      contentWarning: post.contentWarning,
      // Sent whole on every save: null takes the place off.
      location: (post.place
        ? { name: post.place.name, latitude: post.place.latitude, longitude: post.place.longitude }
        : null) as PostLocationInput | null,
      sensitive: post.sensitive,
      audience: post.audience,
      quotePolicy: post.quotePolicy,
      altTexts: post.photos.map((p) => p.altText),
    },
    schema: EditPostInput,
    onSubmit: async (input) => {
      await edit.mutateAsync(input);
      onClose();
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const alert = form.failure !== null ? form.alert(messages.postEdit.failed) : '';

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t`Edit post`}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={`edit-${post.id}`} busy={form.busy} busyLabel={t`Saving...`}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <form id={`edit-${post.id}`} className={styles.form} onSubmit={form.submit} noValidate>
        <TextArea
          label={t`Caption`}
          rows={4}
          {...form.field('caption')}
          maxLength={limits.captionMax}
          hint={`${form.values.caption.length}/${limits.captionMax}`}
        />
        <TextField
          label={messages.fields.contentWarning}
          {...form.field('contentWarning')}
          maxLength={limits.contentWarningMax}
          hint={messages.contentWarnings.hint}
        />
        <LocationField
          value={form.values.location}
          onChange={(location) => form.set('location', location)}
          error={form.errors.location}
        />
        {form.values.altTexts.map((altText, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: one field per photo, in the photos' fixed order
            key={i}
            label={t`Alt text`}
            hint={post.photos.length > 1 ? t`Photo ${i + 1} of ${post.photos.length}` : undefined}
            value={altText}
            maxLength={limits.altTextMax}
            onChange={(e) =>
              form.set(
                'altTexts',
                form.values.altTexts.map((old, j) => (j === i ? e.target.value : old)),
              )
            }
          />
        ))}
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={form.values.sensitive}
            onChange={(e) => form.set('sensitive', e.target.checked)}
          />
          {messages.photos.sensitive}
        </label>
        <AudienceSelect
          value={form.values.audience}
          onChange={(audience) => form.set('audience', audience)}
        />
        <QuotePolicySelect
          label={messages.quotes.thisPost}
          value={form.values.quotePolicy}
          onChange={(policy) => form.set('quotePolicy', policy)}
        />
        {alert && <ErrorMessage>{alert}</ErrorMessage>}
      </form>
    </Dialog>
  );
}
