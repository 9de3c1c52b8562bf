/** /setupProfile: creates the profile after sign-up and edits it later (prefilled). */
import { limits, messages, ProfileInput, paths } from '@glimpse/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { TextArea, TextField } from '@/components/field.tsx';
import { ImagePicker } from '@/components/image-picker.tsx';
import { Page } from '@/components/page.tsx';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/session.ts';
import { useSaveProfile } from './api/save-profile.ts';
import { AvatarPlaceholder, BackgroundPlaceholder } from './placeholders.tsx';
import styles from './setup-profile-screen.module.css';

type Fields = { firstName: string; lastName: string; username: string; website: string; bio: string };

export function SetupProfileScreen() {
  const me = useViewer();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveProfile();
  const existing = me.profile;
  const [fields, setFields] = useState<Fields>({
    firstName: existing?.firstName ?? '',
    lastName: existing?.lastName ?? '',
    username: existing?.username ?? '',
    website: existing?.website ?? '',
    bio: existing?.bio ?? '',
  });
  const [profileImage, setProfileImage] = useState<File | null>(null);
  const [backgroundImage, setBackgroundImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');

  const bind = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
    error: errors[name],
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ProfileInput.safeParse(fields);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      setFormError(messages.common.invalidInput);
      return;
    }
    setErrors({});
    setFormError('');
    save.mutate(
      { fields, profileImage, backgroundImage },
      {
        onSuccess: ({ failedImages }) => {
          for (const which of failedImages) toast.error(messages.profile.imageUploadFailed(which));
          toast.success(messages.profile.saved);
          navigate(paths.home);
        },
        onError: (error) => {
          if (isApiError(error)) setErrors(error.fields);
          setFormError(
            isApiError(error, 'Conflict')
              ? `${messages.profile.saveFailed} ${error.message}`
              : messages.profile.saveFailed,
          );
        },
      },
    );
  }

  return (
    <Page title={existing ? 'Edit profile' : 'Set up your profile'} width="narrow">
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.images}>
          <ImagePicker
            label="Background image"
            shape="banner"
            showCaption={false}
            file={backgroundImage}
            current={existing?.backgroundImage}
            onChange={setBackgroundImage}
            placeholder={<BackgroundPlaceholder />}
          />
          <div className={styles.avatar}>
            <ImagePicker
              label="Profile image"
              shape="circle"
              showCaption={false}
              file={profileImage}
              current={existing?.profileImage}
              onChange={setProfileImage}
              placeholder={<AvatarPlaceholder />}
            />
          </div>
        </div>
        <div className={styles.row}>
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={limits.nameMax}
            {...bind('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={limits.nameMax}
            {...bind('lastName')}
          />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          maxLength={limits.usernameMax}
          hint="Letters, digits, dots and underscores."
          {...bind('username')}
        />
        <TextField label="Website" type="url" inputMode="url" placeholder="https://" {...bind('website')} />
        <TextArea
          label="Bio"
          rows={3}
          maxLength={limits.bioMax}
          hint={`${fields.bio.length}/${limits.bioMax}`}
          {...bind('bio')}
        />
        <ErrorMessage>{formError}</ErrorMessage>
        <Button type="submit" busy={save.isPending} busyLabel={messages.common.submitting}>
          Submit
        </Button>
      </form>
    </Page>
  );
}
