/** /addpost: pick a picture (placeholder until chosen, then a preview), write a caption, post it. */
import { CreatePostInput, limits, messages, paths } from '@glimpse/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextArea, TextField } from '@/components/field.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import { Page } from '@/components/page.tsx';
import { isApiError } from '@/lib/api-client.ts';
import styles from './add-post-screen.module.css';
import { useCreatePost } from './api/create-post.ts';

export function AddPostScreen() {
  const navigate = useNavigate();
  const createPost = useCreatePost();
  const [image, setImage] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [altText, setAltText] = useState('');
  const [errors, setErrors] = useState<{ image?: string; caption?: string; altText?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The image id is not known yet; a placeholder uuid lets the shared schema check the rest.
    const parsed = CreatePostInput.safeParse({ imageId: crypto.randomUUID(), caption, altText });
    const next = {
      ...(!image && { image: messages.image.missing }),
      ...(!parsed.success &&
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]))),
    };
    setErrors(next);
    setFailure(null);
    if (!image || !parsed.success) return;
    createPost.mutate(
      { image, caption: parsed.data.caption, altText: parsed.data.altText },
      {
        onSuccess: (post) => navigate(paths.postDetail(post.id)),
        onError: (error) => setFailure(isApiError(error) ? error.message : null),
      },
    );
  }

  return (
    <Page title="New post">
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.picker}>
          <ImagePicker label="Image" file={image} onChange={setImage} error={errors.image} />
        </div>
        <div className={styles.fields}>
          <TextArea
            label="Caption"
            rows={4}
            value={caption}
            maxLength={limits.captionMax}
            onChange={(e) => setCaption(e.target.value)}
            error={errors.caption}
            hint={`${caption.length}/${limits.captionMax}`}
            aria-required="true"
          />
          <TextField
            label="Alt text"
            value={altText}
            maxLength={limits.altTextMax}
            onChange={(e) => setAltText(e.target.value)}
            error={errors.altText}
            hint="Optional: describe the photo for people who use screen readers."
          />
          {createPost.isError && (
            <ErrorMessage>
              {messages.post.uploadFailed}
              {failure && <span className={styles.detail}>{failure}</span>}
            </ErrorMessage>
          )}
          <Button type="submit" busy={createPost.isPending} busyLabel={messages.common.submitting}>
            Submit
          </Button>
        </div>
      </form>
    </Page>
  );
}
