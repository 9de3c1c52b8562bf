/** The five FAQ entries of SPEC.md §9, in its order. */

import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const faq: { question: string; answer: ReactNode }[] = [
  {
    get question() {
      return t`How do I create an account?`;
    },
    answer: (
      <p>
        <Trans>
          Choose <Link to={paths.signup}>Sign up</Link>, enter your email address and a password of at least
          eight characters, and type the password again to confirm it. Then set up your profile with your name
          and a username; a picture and a bio are optional and you can add them later.
        </Trans>
      </p>
    ),
  },
  {
    get question() {
      return t`I forgot my password. How do I get back in?`;
    },
    answer: (
      <p>
        <Trans>
          On the sign-in page choose <Link to={paths.forgotPassword}>Forgot password?</Link> and enter the
          email address of your account, then choose Send reset link. We email you a link that works once, for
          one hour. Open it, type your new password twice and choose Reset password. You are then signed out
          on every device, so sign in again with the new password. No email? Check your spam folder, or ask
          for a new link.
        </Trans>
      </p>
    ),
  },
  {
    get question() {
      return t`How do I edit my profile?`;
    },
    answer: (
      <p>
        <Trans>
          Open your <Link to={paths.profile}>profile</Link> and choose Edit profile. You can change your name,
          username, website, bio, profile picture and background picture, then choose Submit to save.
        </Trans>
      </p>
    ),
  },
  {
    get question() {
      return t`What privacy settings are there?`;
    },
    answer: (
      <p>
        <Trans>
          Glimpse does not have private accounts yet: your profile, posts and events are visible to signed-in
          members. You decide what to share, you can delete any post or event from your profile, and you can
          report accounts that bother you. Your email address and saved posts are never shown to others. Read
          the <Link to={paths.privacy}>Privacy Policy</Link> for the details.
        </Trans>
      </p>
    ),
  },
  {
    get question() {
      return t`How do I post a photo?`;
    },
    answer: (
      <p>
        <Trans>
          Choose <Link to={paths.addPost}>Post</Link> in the menu, pick a photo, write a caption and choose
          Submit. The post appears on your profile and in the feeds of the people who follow you. Glimpse
          removes hidden location data from your photo before storing it.
        </Trans>
      </p>
    ),
  },
];
