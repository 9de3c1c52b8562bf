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
    notFound: 'This post does not exist or was deleted.',
    deleted: 'Post deleted.',
    deleteFailed: 'The post could not be deleted. Please try again.',
    likeFailed: 'Your like could not be saved. Please try again.',
    saveFailed: 'The post could not be saved. Please try again.',
    commentFailed: 'Your comment could not be posted. Please try again.',
    onlyAuthorDeletes: 'Only the author can delete this post.',
    profileRequired: 'Set up your profile before posting.',
    emptyExplore: 'No posts yet. Be the first to share a photo!',
    emptyOwn: 'You have not posted any photos yet.',
    emptySaved: 'You have not saved any posts yet.',
    emptyLiked: 'You have not liked any posts yet.',
    loadFailed: 'Posts could not be loaded.',
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
