/**
 * /addpost: pick 1 to 10 photos (each uploads at once, with its own progress and Alt text), write a
 * caption, say where it was taken, mark it sensitive if need be, choose its audience, post it. Submit waits until every photo is uploaded.
 */

import {
  type Audience,
  limits,
  messages,
  type PostDto,
  type PostLocationInput,
  PostTextInput,
  paths,
  type QuotePolicy,
} from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { AudienceSelect } from '@/components/audience-select.tsx';
import { Button } from '@/components/button.tsx';
import { RequiredNote, TextArea, TextField } from '@/components/field.tsx';
import { Page } from '@/components/page.tsx';
import { QuotePolicySelect } from '@/components/quote-policy-select.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/session.ts';
import { useSharedImage } from '@/lib/shared-image.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './add-post-screen.module.css';
import { useCreatePost } from './api/create-post.ts';
import { postQueryOptions } from './api/get-post.ts';
import { LocationField } from './location-field.tsx';
import { PhotoListEditor } from './photo-list-editor.tsx';
import { QuoteCard } from './quote-card.tsx';
import { usePhotoUploads } from './use-photo-uploads.ts';

/** The card a quote will show, from the quoted post as the composer has it. */
const cardOf = (post: PostDto): PostDto['quote'] => ({
  state: 'accepted',
  post: {
    id: post.id,
    author: post.author,
    caption: post.caption,
    contentWarning: post.contentWarning,
    sensitive: post.sensitive,
    photo: post.photos[0] ?? null,
    createdAt: post.createdAt,
  },
});

/** /addpost?quote=<id> (Quote on a post): the post to embed, shown above the form. */
function useQuotedPost() {
  const [params] = useSearchParams();
  const quotedPostId = params.get('quote');
  const quoted = useQuery({ ...postQueryOptions(quotedPostId ?? ''), enabled: quotedPostId !== null });
  return quotedPostId ? { id: quotedPostId, post: quoted.data ?? null } : null;
}

export function AddPostScreen() {
  const navigate = useNavigate();
  const quoting = useQuotedPost();
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
      quotePolicy: me.preferences.quotePolicy as QuotePolicy,
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
    onSubmit: async ({ caption, contentWarning, location, sensitive, audience, quotePolicy }) => {
      const photos = uploads.photos.map((p) => ({ imageId: p.image!.id, altText: p.altText }));
      const post = await createPost.mutateAsync({
        photos,
        caption,
        contentWarning,
        location,
        sensitive,
        audience,
        quotePolicy,
        ...(quoting ? { quotedPostId: quoting.id } : {}),
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
        {quoting && (
          <section aria-label={messages.quotes.quoting} className={styles.quoting}>
            <h2 className={styles.quotingTitle}>{messages.quotes.quoting}</h2>
            {quoting.post && <QuoteCard quote={cardOf(quoting.post)} />}
          </section>
        )}
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
          <QuotePolicySelect
            label={messages.quotes.thisPost}
            value={values.quotePolicy}
            onChange={(policy) => form.set('quotePolicy', policy)}
          />
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
