/** /addpost: pick a picture (placeholder until chosen, then a preview), write a caption, post it. */
import { CreatePostInput, limits, messages, paths } from '@glimpse/shared';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextArea, TextField } from '@/components/field.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import { Page } from '@/components/page.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useSharedImage } from '@/lib/shared-image.ts';
import { useForm } from '@/lib/use-form.ts';
import styles from './add-post-screen.module.css';
import { useCreatePost } from './api/create-post.ts';

// The image id is known only after the upload: the form checks the rest, and the picked file.
const NewPostFields = CreatePostInput.omit({ imageId: true });

export function AddPostScreen() {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const form = useForm({
    initial: { image: null as File | null, caption: '', altText: '' },
    schema: NewPostFields,
    check: ({ image }) => ({ image: image ? '' : messages.image.missing }),
    onSubmit: async ({ caption, altText }, { image }) => {
      const post = await createPost.mutateAsync({ image: image!, caption, altText });
      navigate(paths.postDetail(post.id));
    },
  });
  const { values, errors } = form;
  const failure = isApiError(form.failure) ? form.failure.message : null;
  // A photo shared to Glimpse from another app arrives here (lib/shared-image.ts).
  useSharedImage((file) => form.set('image', file));

  return (
    <Page title="New post">
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <div className={styles.picker}>
          <ImagePicker
            label="Image"
            file={values.image}
            onChange={(file) => form.set('image', file)}
            error={errors.image}
          />
        </div>
        <div className={styles.fields}>
          <TextArea
            label="Caption"
            rows={4}
            {...form.field('caption')}
            maxLength={limits.captionMax}
            hint={`${values.caption.length}/${limits.captionMax}`}
            aria-required="true"
          />
          <TextField
            label="Alt text"
            {...form.field('altText')}
            maxLength={limits.altTextMax}
            hint="Optional: describe the photo for people who use screen readers."
          />
          {form.failure !== null && (
            <ErrorMessage>
              {messages.post.uploadFailed}
              {failure && <span className={styles.detail}>{failure}</span>}
            </ErrorMessage>
          )}
          <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
            Submit
          </Button>
        </div>
      </form>
    </Page>
  );
}
