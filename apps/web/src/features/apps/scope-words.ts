/**
 * What each group of OAuth scopes lets an app do, in words a member reads on the consent screen
 * and /settings/apps. Granular scopes (`read:statuses`) keep their protocol names beside the
 * group's words, as paths do: they are what the app asked for, letter for letter.
 */
import type { TopLevelScope } from '@glimpse/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const whole = (words: MessageDescriptor) => ({ all: words, some: words });
const followWords = whole(msg`Follow, unfollow, block and mute accounts for you`);
const pushWords = whole(msg`Send you push notifications`);
const profileWords = whole(msg`See your name, username and profile picture`);

export const scopeGroupWords: Record<TopLevelScope, { all: MessageDescriptor; some: MessageDescriptor }> = {
  read: {
    all: msg`See everything you can see: your feed, posts, profile, followers, notifications, likes and saved posts`,
    some: msg`See some of what you can see:`,
  },
  write: {
    all: msg`Post, comment, like, save and edit for you, and change your profile and settings`,
    some: msg`Do some things for you:`,
  },
  // These three have no granular scopes: an app asks for all of each or none.
  follow: followWords,
  push: pushWords,
  profile: profileWords,
};
