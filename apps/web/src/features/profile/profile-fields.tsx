/** The text fields of /setupProfile: First name, Last name and Username (required), Website, Bio. */

import { limits } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { RequiredNote, TextArea, TextField } from '@/components/field.tsx';
import styles from './setup-profile-screen.module.css';

export type ProfileField = 'firstName' | 'lastName' | 'username' | 'website' | 'bio';

interface ProfileFieldsProps {
  /** A field's value, change handler and error, from the screen's form. */
  bind: (name: ProfileField) => {
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    error?: string;
  };
}

export function ProfileFields({ bind }: ProfileFieldsProps) {
  return (
    <>
      <RequiredNote />
      <div className={styles.row}>
        <TextField
          label={t`First name`}
          autoComplete="given-name"
          maxLength={limits.nameMax}
          required
          {...bind('firstName')}
        />
        <TextField
          label={t`Last name`}
          autoComplete="family-name"
          maxLength={limits.nameMax}
          required
          {...bind('lastName')}
        />
      </div>
      <TextField
        label={t`Username`}
        autoComplete="username"
        maxLength={limits.usernameMax}
        hint={t`Letters, digits, dots and underscores.`}
        required
        {...bind('username')}
      />
      <TextField
        label={t`Website`}
        type="url"
        inputMode="url"
        placeholder={t`https://`}
        {...bind('website')}
      />
      <TextArea
        label={t`Bio`}
        rows={3}
        maxLength={limits.bioMax}
        hint={`${bind('bio').value.length}/${limits.bioMax}`}
        {...bind('bio')}
      />
    </>
  );
}
