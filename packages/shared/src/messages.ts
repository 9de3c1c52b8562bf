/**
 * Every user-facing text of Glimpse lives here, once. SPEC.md §4, §5 and §8 fix many of them word
 * for word; the client shows them and the server answers with them, so both read this file.
 */
export const messages = {
  auth: {
    allFieldsRequired: 'All fields are required',
    passwordsDoNotMatch: 'Passwords do not match',
    signUpFailed: 'Error during sign up. Please try again.',
    signInFailed: 'Incorrect email or password. Please try again.',
    emailTaken: 'An account with this email already exists. Try signing in instead.',
    passwordTooShort: (min: number) => `Use at least ${min} characters.`,
    signingUp: 'Signing Up...',
    signingIn: 'Signing In...',
    signInRequired: 'Please sign in to continue.',
    tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  },
  profile: {
    saved: 'Profile saved!',
    saveFailed: 'Error Updating Profile. Please try again.',
    usernameTaken: 'That username is already taken. Please choose another one.',
    imageUploadFailed: (which: string) =>
      `Your ${which} could not be uploaded, so the profile was saved without it.`,
    notFound: 'This profile does not exist.',
  },
  post: {
    uploadFailed: 'Error Uploading Post',
    savedToggled: 'Post saved/unsaved successfully!',
    noComments: 'No comments yet. Be the first to comment!',
    noPosts: 'No posts available. Follow other users to see their posts here.',
  },
  event: {
    uploadFailed: 'Error Uploading event',
    noEvents: 'No events found.',
    noOneJoined: 'No one has joined yet.',
  },
  social: {
    followed: 'User followed',
    followedBack: 'User followed back!',
    noFollowers: 'No followers yet.',
  },
  feedback: {
    failed: 'Error adding feedback',
    sent: 'Thanks! Your feedback was sent.',
    empty: 'Please write your feedback before sending it.',
    tooLong: (max: number) => `Feedback must be at most ${max.toLocaleString('en-US')} characters.`,
    sending: 'Sending...',
    signInToSend: 'Sign in to send us feedback.',
  },
  accounts: {
    switched: (name: string) => `Switched to ${name}.`,
    switchFailed: 'Could not switch accounts. Please sign in to that account again.',
    added: (name: string) => `Signed in to ${name}. Your other accounts stay signed in.`,
    limitReached: (max: number) => `You can be signed in to up to ${max} accounts at once.`,
    loggedOutSwitched: (name: string) => `Logged out. You are now using Glimpse as ${name}.`,
    logOutFailed: 'Could not log out. Please try again.',
    loadFailed: 'Could not load your accounts.',
  },
  image: {
    notAnImage: 'This file is not a supported image. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.',
    tooLarge: (maxMb: number) => `This image is larger than ${maxMb} MB. Please choose a smaller one.`,
    tooManyPixels: 'This image has too many pixels. Please choose a smaller one.',
    missing: 'Please choose an image.',
    notYours: 'That image does not belong to you.',
  },
  common: {
    submitting: 'Submitting...',
    loading: 'Loading...',
    somethingWentWrong: 'Something went wrong. Please try again.',
    networkError: 'Could not reach Glimpse. Check your connection and try again.',
    notFound: 'Not found.',
    forbidden: 'You are not allowed to do that.',
    invalidInput: 'Please check the highlighted fields.',
    rateLimited: 'You are doing that too often. Please wait a moment and try again.',
    requestTooLarge: 'This request is too large.',
    foreignOrigin: 'Requests from other sites are not allowed.',
  },
} as const;
