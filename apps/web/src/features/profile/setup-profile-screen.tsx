/** /setupProfile: creates the profile after sign-up and edits it later (prefilled). */

import { messages, ProfileInput, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Page } from '@/components/page.tsx';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useViewer } from '@/lib/session.ts';
import { useForm } from '@/lib/use-form.ts';
import { useSaveProfile } from './api/save-profile.ts';
import { ProfileFields } from './profile-fields.tsx';
import { ProfilePictures } from './profile-pictures.tsx';
import styles from './setup-profile-screen.module.css';

/** Why the save failed: a taken username says so, anything else the general words. */
const failureText = (error: unknown) =>
  isApiError(error, 'Conflict')
    ? `${messages.profile.saveFailed} ${error.message}`
    : messages.profile.saveFailed;

export function SetupProfileScreen() {
  const me = useViewer();
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSaveProfile();
  const existing = me.profile;
  const form = useForm({
    initial: {
      firstName: existing?.firstName ?? '',
      lastName: existing?.lastName ?? '',
      username: existing?.username ?? '',
      website: existing?.website ?? '',
      bio: existing?.bio ?? '',
      profileImage: null as File | null,
      backgroundImage: null as File | null,
    },
    schema: ProfileInput,
    onSubmit: async (_, { profileImage, backgroundImage, ...fields }) => {
      const { failedImages } = await save.mutateAsync({ fields, profileImage, backgroundImage });
      for (const which of failedImages) toast.error(messages.profile.imageUploadFailed(which));
      toast.success(messages.profile.saved);
      navigate(paths.home);
    },
  });
  const picture = (name: 'profileImage' | 'backgroundImage') => ({
    file: form.values[name],
    current: existing?.[name],
    onChange: (file: File | null) => form.set(name, file),
  });
  const invalid = Object.keys(form.errors).length > 0;

  return (
    <Page title={existing ? t`Edit profile` : t`Set up your profile`} width="narrow">
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <ProfilePictures
          profileImage={picture('profileImage')}
          backgroundImage={picture('backgroundImage')}
        />
        <ProfileFields bind={form.field} />
        <ErrorMessage>
          {form.failure !== null ? failureText(form.failure) : invalid ? messages.common.invalidInput : ''}
        </ErrorMessage>
        <Button type="submit" busy={form.busy} busyLabel={messages.common.submitting}>
          <Trans>Submit</Trans>
        </Button>
      </form>
    </Page>
  );
}
