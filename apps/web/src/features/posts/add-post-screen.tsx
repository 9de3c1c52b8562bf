/**
 * /addpost: pick 1 to 10 photos (each uploads at once, with its own progress and Alt text), write a
 * caption, say where it was taken, mark it sensitive if need be, choose its audience, post it. Submit waits until every photo is uploaded.
 */

import {
  type Audience,
  limits,
  messages,
  type PostLocationInput,
  PostTextInput,
  paths,
} from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { AudienceSelect } from '@/components/audience-select.tsx';
import { Button } from '@/components/button.tsx';
import { RequiredNote, TextArea, TextField } from '@/components/field.tsx';
import { Page } from '@/components/page.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/session.ts';
import { useSharedImage } from '@/lib/shared-image.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './add-post-screen.module.css';
import { useCreatePost } from './api/create-post.ts';
import { LocationField } from './location-field.tsx';
import { PhotoListEditor } from './photo-list-editor.tsx';
import { usePhotoUploads } from './use-photo-uploads.ts';

export function AddPostScreen() {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const me = useViewer();
  const uploads = usePhotoUploads();
  const form = useForm({
    initial: {
      caption: '',
      contentWarning: '',
      location: null as PostLocationInput | null,
      sensitive: false,
      audience: (me.profile?.isPrivate ? 'followers' : 'public') as Audience,
    },
    schema: PostTextInput,
    check: () => ({
      photos:
        uploads.photos.length === 0
          ? messages.image.missing
          : uploads.allDone
            ? ''
            : messages.photos.waitForUploads,
    }),
    onSubmit: async ({ caption, contentWarning, location, sensitive, audience }) => {
      const photos = uploads.photos.map((p) => ({ imageId: p.image!.id, altText: p.altText }));
      const post = await createPost.mutateAsync({
        photos,
        caption,
        contentWarning,
        location,
        sensitive,
        audience,
      });
      navigate(paths.postDetail(post.id));
    },
  });
  const { values, errors } = form;
  const failure = isApiError(form.failure) ? form.failure.message : null;
  const waiting = uploads.uploading > 0;
  // A photo shared to Glimpse from another app arrives here (lib/shared-image.ts).
  useSharedImage((file) => uploads.add([file]));

  return (
    <Page title={t`New post`}>
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <RequiredNote />
        <PhotoListEditor uploads={uploads} error={errors.photos} />
        <div className={styles.fields}>
          <TextArea
            label={t`Caption`}
            rows={4}
            {...form.field('caption')}
            maxLength={limits.captionMax}
            hint={`${values.caption.length}/${limits.captionMax}`}
            required
          />
          <TextField
            label={messages.fields.contentWarning}
            {...form.field('contentWarning')}
            maxLength={limits.contentWarningMax}
            hint={messages.contentWarnings.hint}
          />
          <LocationField
            value={values.location}
            onChange={(location) => form.set('location', location)}
            error={errors.location}
          />
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={values.sensitive}
              onChange={(e) => form.set('sensitive', e.target.checked)}
            />
            {messages.photos.sensitive}
          </label>
          <AudienceSelect value={values.audience} onChange={(audience) => form.set('audience', audience)} />
          {form.failure !== null && (
            <ErrorMessage>
              {messages.post.uploadFailed}
              {failure && <span className={styles.detail}>{failure}</span>}
            </ErrorMessage>
          )}
          {waiting && (
            <p className={styles.waiting} role="status">
              {messages.photos.uploading(uploads.uploading)}
            </p>
          )}
          <Button
            type="submit"
            busy={form.busy}
            busyLabel={messages.common.submitting}
            disabled={uploads.photos.length > 0 && !uploads.allDone}
          >
            <Trans>Submit</Trans>
          </Button>
        </div>
      </form>
    </Page>
  );
}
