/**
 * Every user-facing text of Glimpse that the server and the web app share lives here, once. SPEC.md
 * §4, §5 and §8 fix many of them word for word in English. Each is a Lingui message descriptor with
 * a stable id (the i18n comment before each marks it for `npm run i18n:extract`), translated in
 * packages/shared/locales/<locale>/messages.po; `messages` reads them as strings in the active
 * language (i18n.ts). The web app's own words (labels, headings) stay beside their JSX as Lingui
 * macros; both land in the same catalogs.
 */
import { fn, translated } from './i18n.ts';

export const messageCatalog = {
  auth: {
    allFieldsRequired: /*i18n*/ { id: 'auth.allFieldsRequired', message: 'All fields are required' },
    passwordsDoNotMatch: /*i18n*/ { id: 'auth.passwordsDoNotMatch', message: 'Passwords do not match' },
    signUpFailed: /*i18n*/ { id: 'auth.signUpFailed', message: 'Error during sign up. Please try again.' },
    signInFailed: /*i18n*/ {
      id: 'auth.signInFailed',
      message: 'Incorrect email or password. Please try again.',
    },
    passwordTooShort: fn(
      /*i18n*/ { id: 'auth.passwordTooShort', message: 'Use at least {min} characters.' },
      (min: number) => ({ min }),
    ),
    signingUp: /*i18n*/ { id: 'auth.signingUp', message: 'Signing Up...' },
    signingIn: /*i18n*/ { id: 'auth.signingIn', message: 'Signing In...' },
    signInRequired: /*i18n*/ { id: 'auth.signInRequired', message: 'Please sign in to continue.' },
    tooManyAttempts: /*i18n*/ {
      id: 'auth.tooManyAttempts',
      message: 'Too many attempts. Please wait a minute and try again.',
    },
    emailInvalid: /*i18n*/ { id: 'auth.emailInvalid', message: 'That email address does not look right.' },
    /** After sign-up, whether or not the address already had an account (nothing tells them apart). */
    checkEmailTitle: /*i18n*/ { id: 'auth.checkEmailTitle', message: 'Check your email' },
    checkEmail: fn(
      /*i18n*/ {
        id: 'auth.checkEmail',
        message: 'We sent an email to {email}. Open the link in it within 24 hours to finish signing up.',
      },
      (email: string) => ({ email }),
    ),
    checkEmailHint: /*i18n*/ {
      id: 'auth.checkEmailHint',
      message: 'No email? Look in your spam folder, or send it again.',
    },
    /** Sign-in with the right password before the address is confirmed (only then: it reveals nothing). */
    emailNotVerified: fn(
      /*i18n*/ {
        id: 'auth.emailNotVerified',
        message:
          'Please confirm your email address first. We sent a new link to {email}: open it to sign in.',
      },
      (email: string) => ({ email }),
    ),
  },
  profile: {
    saved: /*i18n*/ { id: 'profile.saved', message: 'Profile saved!' },
    saveFailed: /*i18n*/ { id: 'profile.saveFailed', message: 'Error Updating Profile. Please try again.' },
    usernameTaken: /*i18n*/ {
      id: 'profile.usernameTaken',
      message: 'That username is already taken. Please choose another one.',
    },
    imageUploadFailed: fn(
      /*i18n*/ {
        id: 'profile.imageUploadFailed',
        message: 'Your {which} could not be uploaded, so the profile was saved without it.',
      },
      (which: string) => ({ which }),
    ),
    notFound: /*i18n*/ { id: 'profile.notFound', message: 'This profile does not exist.' },
    nameDirectionControl: fn(
      /*i18n*/ {
        id: 'profile.nameDirectionControl',
        message: '{label} cannot contain characters that change the direction of text.',
      },
      (label: string) => ({ label }),
    ),
    nameInvisible: fn(
      /*i18n*/ {
        id: 'profile.nameInvisible',
        message: '{label} must contain at least one visible character.',
      },
      (label: string) => ({ label }),
    ),
  },
  post: {
    uploadFailed: /*i18n*/ { id: 'post.uploadFailed', message: 'Error Uploading Post' },
    savedToggled: /*i18n*/ { id: 'post.savedToggled', message: 'Post saved/unsaved successfully!' },
    noComments: /*i18n*/ { id: 'post.noComments', message: 'No comments yet. Be the first to comment!' },
    noPosts: /*i18n*/ {
      id: 'post.noPosts',
      message: 'No posts available. Follow other users to see their posts here.',
    },
    notFound: /*i18n*/ { id: 'post.notFound', message: 'This post does not exist or was deleted.' },
    deleted: /*i18n*/ { id: 'post.deleted', message: 'Post deleted.' },
    deleteFailed: /*i18n*/ {
      id: 'post.deleteFailed',
      message: 'The post could not be deleted. Please try again.',
    },
    likeFailed: /*i18n*/ {
      id: 'post.likeFailed',
      message: 'Your like could not be saved. Please try again.',
    },
    saveFailed: /*i18n*/ { id: 'post.saveFailed', message: 'The post could not be saved. Please try again.' },
    commentFailed: /*i18n*/ {
      id: 'post.commentFailed',
      message: 'Your comment could not be posted. Please try again.',
    },
    onlyAuthorDeletes: /*i18n*/ {
      id: 'post.onlyAuthorDeletes',
      message: 'Only the author can delete this post.',
    },
    profileRequired: /*i18n*/ { id: 'post.profileRequired', message: 'Set up your profile before posting.' },
    imageTaken: /*i18n*/ { id: 'post.imageTaken', message: 'This image already belongs to another post.' },
    emptyExplore: /*i18n*/ {
      id: 'post.emptyExplore',
      message: 'No posts yet. Be the first to share a photo!',
    },
    emptyOwn: /*i18n*/ { id: 'post.emptyOwn', message: 'You have not posted any photos yet.' },
    emptySaved: /*i18n*/ { id: 'post.emptySaved', message: 'You have not saved any posts yet.' },
    emptyLiked: /*i18n*/ { id: 'post.emptyLiked', message: 'You have not liked any posts yet.' },
    loadFailed: /*i18n*/ { id: 'post.loadFailed', message: 'Posts could not be loaded.' },
    commentsLoadFailed: /*i18n*/ { id: 'post.commentsLoadFailed', message: 'Comments could not be loaded.' },
    emptyAuthor: fn(
      /*i18n*/ { id: 'post.emptyAuthor', message: '{firstName} has not posted any photos yet.' },
      (firstName: string) => ({ firstName }),
    ),
    confirmDelete: /*i18n*/ {
      id: 'post.confirmDelete',
      message: 'The photo, its likes and its comments will be removed for everyone. This cannot be undone.',
    },
  },
  event: {
    uploadFailed: /*i18n*/ { id: 'event.uploadFailed', message: 'Error Uploading event' },
    noEvents: /*i18n*/ { id: 'event.noEvents', message: 'No events found.' },
    noOneJoined: /*i18n*/ { id: 'event.noOneJoined', message: 'No one has joined yet.' },
    noUpcoming: /*i18n*/ { id: 'event.noUpcoming', message: 'No upcoming events from people you follow.' },
    emptyOwn: /*i18n*/ { id: 'event.emptyOwn', message: 'You have not created any events yet.' },
    emptyUser: /*i18n*/ { id: 'event.emptyUser', message: 'No events yet.' },
    notFound: /*i18n*/ { id: 'event.notFound', message: 'This event does not exist or was deleted.' },
    loadFailed: /*i18n*/ { id: 'event.loadFailed', message: 'Events could not be loaded.' },
    deleted: /*i18n*/ { id: 'event.deleted', message: 'Event deleted.' },
    deleteFailed: /*i18n*/ {
      id: 'event.deleteFailed',
      message: 'The event could not be deleted. Please try again.',
    },
    interestFailed: /*i18n*/ {
      id: 'event.interestFailed',
      message: 'Your Interested could not be saved. Please try again.',
    },
    onlyHostDeletes: /*i18n*/ {
      id: 'event.onlyHostDeletes',
      message: 'Only the host can delete this event.',
    },
    profileRequired: /*i18n*/ {
      id: 'event.profileRequired',
      message: 'Set up your profile before creating or joining events.',
    },
    imageTaken: /*i18n*/ { id: 'event.imageTaken', message: 'This image already belongs to another event.' },
    dateRequired: /*i18n*/ { id: 'event.dateRequired', message: 'Date is required.' },
    timeRequired: /*i18n*/ { id: 'event.timeRequired', message: 'Time is required.' },
    startRequired: /*i18n*/ { id: 'event.startRequired', message: 'Date and time are required.' },
    startInvalid: /*i18n*/ {
      id: 'event.startInvalid',
      message: 'Date and time must form a valid start time.',
    },
    startOutOfRange: /*i18n*/ {
      id: 'event.startOutOfRange',
      message: 'The date must be within the past year or the next 10 years.',
    },
    websiteRequired: /*i18n*/ { id: 'event.websiteRequired', message: 'Website is required.' },
    imageUploadFailed: /*i18n*/ {
      id: 'event.imageUploadFailed',
      message: 'Your picture could not be uploaded, so the event was saved without it.',
    },
    confirmDelete: fn(
      /*i18n*/ {
        id: 'event.confirmDelete',
        message:
          '“{title}” and the list of people who joined will be removed for everyone. This cannot be undone.',
      },
      (title: string) => ({ title }),
    ),
    endBeforeStart: /*i18n*/ {
      id: 'event.endBeforeStart',
      message: 'The end must be after the start.',
    },
    endTimeRequired: /*i18n*/ {
      id: 'event.endTimeRequired',
      message: 'Enter an End time for this End date.',
    },
    timeZoneInvalid: /*i18n*/ {
      id: 'event.timeZoneInvalid',
      message: 'Choose a time zone from the list.',
    },
    placeCoordinatesInvalid: /*i18n*/ {
      id: 'event.placeCoordinatesInvalid',
      message: 'Coordinates are a latitude and a longitude, like 52.52, 13.40.',
    },
    capacityInvalid: fn(
      /*i18n*/ {
        id: 'event.capacityInvalid',
        message: 'Capacity is a whole number from 1 to {max}.',
      },
      (max: number) => ({ max }),
    ),
    repeatFrequencyInvalid: /*i18n*/ {
      id: 'event.repeatFrequencyInvalid',
      message: 'Repeats is Never, Weekly or Monthly.',
    },
    repeatEndRequired: /*i18n*/ {
      id: 'event.repeatEndRequired',
      message: 'Say when the event stops repeating: an end date or a number of times.',
    },
    repeatCountInvalid: fn(
      /*i18n*/ {
        id: 'event.repeatCountInvalid',
        message: 'The number of times is a whole number from 2 to {max}.',
      },
      (max: number) => ({ max }),
    ),
    repeatUntilInvalid: fn(
      /*i18n*/ {
        id: 'event.repeatUntilInvalid',
        message: 'The repeat end date must be after the first date and within {years} years of it.',
      },
      (years: number) => ({ years }),
    ),
    occurrenceUnknown: /*i18n*/ {
      id: 'event.occurrenceUnknown',
      message: 'This event has no such date.',
    },
    onlyHostEdits: /*i18n*/ {
      id: 'event.onlyHostEdits',
      message: 'Only the host can change this event.',
    },
    cancelled: /*i18n*/ {
      id: 'event.cancelled',
      message: 'This event was cancelled.',
    },
    alreadyCancelled: /*i18n*/ {
      id: 'event.alreadyCancelled',
      message: 'This event is already cancelled.',
    },
    cancelledNotice: /*i18n*/ {
      id: 'event.cancelledNotice',
      message: 'Event cancelled. Everyone who joined was told.',
    },
    cancelFailed: /*i18n*/ {
      id: 'event.cancelFailed',
      message: 'The event could not be cancelled. Please try again.',
    },
    confirmCancel: fn(
      /*i18n*/ {
        id: 'event.confirmCancel',
        message: '“{title}” stays listed as Cancelled and everyone going or on the waitlist is told.',
      },
      (title: string) => ({ title }),
    ),
    saved: /*i18n*/ {
      id: 'event.saved',
      message: 'Event saved.',
    },
    goingFailed: /*i18n*/ {
      id: 'event.goingFailed',
      message: 'Your answer could not be saved. Please try again.',
    },
    over: /*i18n*/ {
      id: 'event.over',
      message: 'This date has passed.',
    },
    locationUnavailable: /*i18n*/ {
      id: 'event.locationUnavailable',
      message: 'Your location could not be read. Type the coordinates instead.',
    },
    calendarFeedFailed: /*i18n*/ {
      id: 'event.calendarFeedFailed',
      message: 'The calendar feed could not be changed. Please try again.',
    },
    calendarFeedRevoked: /*i18n*/ {
      id: 'event.calendarFeedRevoked',
      message: 'The old feed address no longer works.',
    },
  },
  social: {
    followed: /*i18n*/ { id: 'social.followed', message: 'User followed' },
    followedBack: /*i18n*/ { id: 'social.followedBack', message: 'User followed back!' },
    noFollowers: /*i18n*/ { id: 'social.noFollowers', message: 'No followers yet.' },
    unfollowed: /*i18n*/ { id: 'social.unfollowed', message: 'User unfollowed' },
    /** A follow of an account on another server, until that server accepts it. */
    followRequested: /*i18n*/ { id: 'social.followRequested', message: 'Follow request sent' },
    followFailed: /*i18n*/ {
      id: 'social.followFailed',
      message: 'Could not update the follow. Please try again.',
    },
    cannotFollowSelf: /*i18n*/ { id: 'social.cannotFollowSelf', message: 'You cannot follow yourself.' },
    followRequestNotFound: /*i18n*/ {
      id: 'social.followRequestNotFound',
      message: 'This follow request was withdrawn or already answered.',
    },
    requestApproved: /*i18n*/ { id: 'social.requestApproved', message: 'Request approved' },
    requestDeclined: /*i18n*/ { id: 'social.requestDeclined', message: 'Request declined' },
    followRequestsFailed: /*i18n*/ {
      id: 'social.followRequestsFailed',
      message: 'Follow requests could not be loaded.',
    },
    privacySaved: /*i18n*/ { id: 'social.privacySaved', message: 'Privacy setting saved' },
    cannotReportSelf: /*i18n*/ { id: 'social.cannotReportSelf', message: 'You cannot report yourself.' },
    reported: /*i18n*/ {
      id: 'social.reported',
      message: 'Thank you. Your report was sent to our moderators.',
    },
    reportFailed: /*i18n*/ {
      id: 'social.reportFailed',
      message: 'Your report could not be sent. Please try again.',
    },
    searchFailed: /*i18n*/ { id: 'social.searchFailed', message: 'Search is not available right now.' },
    searching: /*i18n*/ { id: 'social.searching', message: 'Searching…' },
    noSearchResults: /*i18n*/ { id: 'social.noSearchResults', message: 'No people found.' },
    notificationsFailed: /*i18n*/ {
      id: 'social.notificationsFailed',
      message: 'Notifications could not be loaded.',
    },
    newPosts: /*i18n*/ { id: 'social.newPosts', message: 'New posts' },
    feedFailed: /*i18n*/ { id: 'social.feedFailed', message: 'Your feed could not be loaded.' },
  },
  feedback: {
    failed: /*i18n*/ { id: 'feedback.failed', message: 'Error adding feedback' },
    sent: /*i18n*/ { id: 'feedback.sent', message: 'Thanks! Your feedback was sent.' },
    empty: /*i18n*/ { id: 'feedback.empty', message: 'Please write your feedback before sending it.' },
    tooLong: fn(
      /*i18n*/ { id: 'feedback.tooLong', message: 'Feedback must be at most {max, number} characters.' },
      (max: number) => ({ max }),
    ),
    sending: /*i18n*/ { id: 'feedback.sending', message: 'Sending...' },
    signInToSend: /*i18n*/ { id: 'feedback.signInToSend', message: 'Sign in to send us feedback.' },
  },
  accounts: {
    switched: fn(/*i18n*/ { id: 'accounts.switched', message: 'Switched to {name}.' }, (name: string) => ({
      name,
    })),
    switchFailed: /*i18n*/ {
      id: 'accounts.switchFailed',
      message: 'Could not switch accounts. Please sign in to that account again.',
    },
    added: fn(
      /*i18n*/ { id: 'accounts.added', message: 'Signed in to {name}. Your other accounts stay signed in.' },
      (name: string) => ({ name }),
    ),
    limitReached: fn(
      /*i18n*/ {
        id: 'accounts.limitReached',
        message: 'You can be signed in to up to {max} accounts at once.',
      },
      (max: number) => ({ max }),
    ),
    loggedOutSwitched: fn(
      /*i18n*/ {
        id: 'accounts.loggedOutSwitched',
        message: 'Logged out. You are now using Glimpse as {name}.',
      },
      (name: string) => ({ name }),
    ),
    logOutFailed: /*i18n*/ { id: 'accounts.logOutFailed', message: 'Could not log out. Please try again.' },
    loadFailed: /*i18n*/ { id: 'accounts.loadFailed', message: 'Could not load your accounts.' },
  },
  image: {
    notAnImage: /*i18n*/ {
      id: 'image.notAnImage',
      message:
        'This file is not a supported image. Please choose a JPEG, PNG, HEIC, WebP, GIF or AVIF picture.',
    },
    storageFull: fn(
      /*i18n*/ {
        id: 'image.storageFull',
        message:
          'Your photos take all the space this server gives each member ({maxMb} MB). Delete some posts to add more.',
      },
      (maxMb: number) => ({ maxMb }),
    ),
    tooLarge: fn(
      /*i18n*/ {
        id: 'image.tooLarge',
        message: 'This image is larger than {maxMb} MB. Please choose a smaller one.',
      },
      (maxMb: number) => ({ maxMb }),
    ),
    tooManyPixels: /*i18n*/ {
      id: 'image.tooManyPixels',
      message: 'This image has too many pixels. Please choose a smaller one.',
    },
    missing: /*i18n*/ { id: 'image.missing', message: 'Please choose an image.' },
    notMultipart: /*i18n*/ { id: 'image.notMultipart', message: 'Send the image as multipart form data.' },
    unknown: /*i18n*/ { id: 'image.unknown', message: 'Unknown image.' },
    notYours: /*i18n*/ { id: 'image.notYours', message: 'That image does not belong to you.' },
  },
  video: {
    tooLong: fn(
      /*i18n*/ {
        id: 'video.tooLong',
        message: 'This video is longer than {maxMinutes} minutes. Please trim it and try again.',
      },
      (maxSeconds: number) => ({ maxMinutes: Math.round((maxSeconds / 60) * 10) / 10 }),
    ),
    tooLarge: fn(
      /*i18n*/ {
        id: 'video.tooLarge',
        message: 'This video is larger than {maxMb} MB. Please choose a shorter or smaller one.',
      },
      (maxMb: number) => ({ maxMb }),
    ),
    notAVideo: /*i18n*/ {
      id: 'video.notAVideo',
      message: 'This file is not a video. Please choose an MP4, MOV or WebM video.',
    },
    tooManyPixels: /*i18n*/ {
      id: 'video.tooManyPixels',
      message: 'This video has too many pixels. Please choose one of 4K or less.',
    },
    unsupportedCodec: /*i18n*/ {
      id: 'video.unsupportedCodec',
      message:
        'This video uses a format Glimpse cannot read. Please choose an H.264, HEVC, VP8, VP9 or AV1 video.',
    },
    corrupt: /*i18n*/ {
      id: 'video.corrupt',
      message: 'This video is damaged or incomplete. Please export it again and retry.',
    },
    unavailable: /*i18n*/ {
      id: 'video.unavailable',
      message: 'This server cannot take videos at the moment. Photos still work.',
    },
    processing: /*i18n*/ {
      id: 'video.processing',
      message: 'A video of this post is still being processed. Publish it once it is ready.',
    },
    failed: /*i18n*/ {
      id: 'video.failed',
      message: 'This video could not be processed. Please try another file.',
    },
    tooSlow: /*i18n*/ {
      id: 'video.tooSlow',
      message: 'This video took too long to process. Please try a shorter or smaller one.',
    },
  },
  common: {
    submitting: /*i18n*/ { id: 'common.submitting', message: 'Submitting...' },
    loading: /*i18n*/ { id: 'common.loading', message: 'Loading...' },
    tryAgain: /*i18n*/ { id: 'common.tryAgain', message: 'Try again' },
    pageNotFound: /*i18n*/ { id: 'common.pageNotFound', message: 'There is nothing at this address.' },
    somethingWentWrong: /*i18n*/ {
      id: 'common.somethingWentWrong',
      message: 'Something went wrong. Please try again.',
    },
    unavailable: /*i18n*/ {
      id: 'common.unavailable',
      message: 'Glimpse is briefly unavailable. Please try again in a moment.',
    },
    storageFull: /*i18n*/ {
      id: 'common.storageFull',
      message:
        'The server is out of storage space, so nothing new can be saved right now. Please try again later.',
    },
    networkError: /*i18n*/ {
      id: 'common.networkError',
      message: 'Could not reach Glimpse. Check your connection and try again.',
    },
    notFound: /*i18n*/ { id: 'common.notFound', message: 'Not found.' },
    forbidden: /*i18n*/ { id: 'common.forbidden', message: 'You are not allowed to do that.' },
    invalidInput: /*i18n*/ { id: 'common.invalidInput', message: 'Please check the highlighted fields.' },
    rateLimited: /*i18n*/ {
      id: 'common.rateLimited',
      message: 'You are doing that too often. Please wait a moment and try again.',
    },
    requestTooLarge: /*i18n*/ { id: 'common.requestTooLarge', message: 'This request is too large.' },
    foreignOrigin: /*i18n*/ {
      id: 'common.foreignOrigin',
      message: 'Requests from other sites are not allowed.',
    },
    bodyNotJson: /*i18n*/ { id: 'common.bodyNotJson', message: 'The request body must be JSON.' },
    bodyNotObject: /*i18n*/ {
      id: 'common.bodyNotObject',
      message: 'The request body must be a JSON object.',
    },
    unstorableText: /*i18n*/ {
      id: 'common.unstorableText',
      message:
        'This text contains a character that cannot be saved (a NUL or a broken Unicode character). Please remove it.',
    },
    invalidValue: /*i18n*/ { id: 'common.invalidValue', message: 'A value in this request is not valid.' },
    pageLinkInvalid: /*i18n*/ { id: 'common.pageLinkInvalid', message: 'That page link is no longer valid.' },
    fieldWrongType: fn(
      /*i18n*/ {
        id: 'common.fieldWrongType',
        message: '{label} is missing or is not the right kind of value.',
      },
      (label: string) => ({ label }),
    ),
    /** The shared schemas' field checks, with a field's name from `fields` (schemas.ts). */
    fieldRequired: fn(
      /*i18n*/ { id: 'common.fieldRequired', message: '{label} is required.' },
      (label: string) => ({ label }),
    ),
    fieldNotText: fn(
      /*i18n*/ { id: 'common.fieldNotText', message: '{label} must be text.' },
      (label: string) => ({ label }),
    ),
    fieldTooLong: fn(
      /*i18n*/ { id: 'common.fieldTooLong', message: '{label} must be at most {max} characters.' },
      (label: string, max: number) => ({ label, max }),
    ),
    fieldTooShort: fn(
      /*i18n*/ { id: 'common.fieldTooShort', message: '{label} must be at least {min} characters.' },
      (label: string, min: number) => ({ label, min }),
    ),
    websiteNotUrl: /*i18n*/ {
      id: 'common.websiteNotUrl',
      message: 'Website must be a web address such as https://example.com.',
    },
    usernameCharacters: /*i18n*/ {
      id: 'common.usernameCharacters',
      message: 'Username may contain only letters, digits, dots and underscores.',
    },
    imagePurposeUnknown: /*i18n*/ {
      id: 'common.imagePurposeUnknown',
      message: 'Say what the image is for: post, event, profile or background.',
    },
  },
  /** Field names as the shared schemas' messages say them ("Caption is required."). */
  fields: {
    email: /*i18n*/ { id: 'fields.email', message: 'Email' },
    password: /*i18n*/ { id: 'fields.password', message: 'Password' },
    currentPassword: /*i18n*/ { id: 'fields.currentPassword', message: 'Current password' },
    newPassword: /*i18n*/ { id: 'fields.newPassword', message: 'New password' },
    website: /*i18n*/ { id: 'fields.website', message: 'Website' },
    username: /*i18n*/ { id: 'fields.username', message: 'Username' },
    firstName: /*i18n*/ { id: 'fields.firstName', message: 'First name' },
    lastName: /*i18n*/ { id: 'fields.lastName', message: 'Last name' },
    bio: /*i18n*/ { id: 'fields.bio', message: 'Bio' },
    altText: /*i18n*/ { id: 'fields.altText', message: 'Alt text' },
    audience: /*i18n*/ { id: 'fields.audience', message: 'Audience' },
    quotePolicy: /*i18n*/ { id: 'fields.quotePolicy', message: 'Who can quote your posts' },
    caption: /*i18n*/ { id: 'fields.caption', message: 'Caption' },
    contentWarning: /*i18n*/ { id: 'fields.contentWarning', message: 'Content warning' },
    comment: /*i18n*/ { id: 'fields.comment', message: 'Comment' },
    reason: /*i18n*/ { id: 'fields.reason', message: 'Reason' },
    title: /*i18n*/ { id: 'fields.title', message: 'Title' },
    place: /*i18n*/ { id: 'fields.place', message: 'Place' },
    location: /*i18n*/ { id: 'fields.location', message: 'Location' },
    description: /*i18n*/ { id: 'fields.description', message: 'Description' },
    note: /*i18n*/ { id: 'fields.note', message: 'Note' },
    word: /*i18n*/ { id: 'fields.word', message: 'Word' },
    privateAccount: /*i18n*/ { id: 'fields.privateAccount', message: 'Private account' },
    rule: /*i18n*/ { id: 'fields.rule', message: 'Rule' },
    announcement: /*i18n*/ { id: 'fields.announcement', message: 'Announcement' },
    explanation: /*i18n*/ { id: 'fields.explanation', message: 'Explanation' },
    uses: /*i18n*/ { id: 'fields.uses', message: 'Uses' },
    challengeDifficulty: /*i18n*/ { id: 'fields.challengeDifficulty', message: 'Challenge difficulty' },
  },
  account: {
    /** PUT /api/me/language with a code that is not one of `languages` (i18n.ts). */
    languageUnknown: /*i18n*/ {
      id: 'account.languageUnknown',
      message: 'Choose one of the languages Glimpse offers.',
    },
    forgotPasswordLink: /*i18n*/ { id: 'account.forgotPasswordLink', message: 'Forgot password?' },
    resetLinkSent: /*i18n*/ {
      id: 'account.resetLinkSent',
      message:
        'If an account uses that address, we sent it a link to reset the password. It works for one hour.',
    },
    resetDone: fn(
      /*i18n*/ {
        id: 'account.resetDone',
        message:
          'Your password was reset, and any passkey added in the last {days} days was removed. Sign in with the new password.',
      },
      (days: number) => ({ days }),
    ),
    resetLinkInvalid: /*i18n*/ {
      id: 'account.resetLinkInvalid',
      message: 'This reset link has expired or was already used. Ask for a new one.',
    },
    resetLinkMissing: /*i18n*/ {
      id: 'account.resetLinkMissing',
      message: 'This page needs the link from the reset email. Ask for a new one.',
    },
    passwordChanged: /*i18n*/ { id: 'account.passwordChanged', message: 'Your password was changed.' },
    currentPasswordWrong: /*i18n*/ {
      id: 'account.currentPasswordWrong',
      message: 'The current password is not correct.',
    },
    passwordWrong: /*i18n*/ { id: 'account.passwordWrong', message: 'That password is not correct.' },
    otherDevicesLoggedOut: /*i18n*/ {
      id: 'account.otherDevicesLoggedOut',
      message: 'You were logged out on every other device.',
    },
    thisDevice: /*i18n*/ { id: 'account.thisDevice', message: 'This device' },
    unknownDevice: /*i18n*/ { id: 'account.unknownDevice', message: 'Unknown browser' },
    devicesLoadFailed: /*i18n*/ {
      id: 'account.devicesLoadFailed',
      message: 'Could not load the devices signed in to your account.',
    },
    deleteWarning: /*i18n*/ {
      id: 'account.deleteWarning',
      message:
        'Your profile, posts, comments, likes, saves, follows and events will be removed for good. Your username stays reserved for 30 days. This cannot be undone.',
    },
    deleted: /*i18n*/ { id: 'account.deleted', message: 'Your account has been deleted.' },
    deleteFailed: /*i18n*/ {
      id: 'account.deleteFailed',
      message: 'Your account could not be deleted. Please try again.',
    },
    tooManyEmails: /*i18n*/ {
      id: 'account.tooManyEmails',
      message: 'Too many emails were sent for this address. Please wait an hour and try again.',
    },
    usernameReserved: /*i18n*/ {
      id: 'account.usernameReserved',
      message:
        'That username belonged to a deleted account and is reserved for now. Please choose another one.',
    },
    exportBuilding: /*i18n*/ {
      id: 'account.exportBuilding',
      message: 'We are putting your data together. This page updates when it is ready.',
    },
    exportReady: /*i18n*/ { id: 'account.exportReady', message: 'Your data is ready to download.' },
    exportFailed: /*i18n*/ {
      id: 'account.exportFailed',
      message: 'Your data could not be put together. Please try again.',
    },
    exportStartFailed: /*i18n*/ {
      id: 'account.exportStartFailed',
      message: 'Could not start putting your data together. Please try again.',
    },
    exportGone: /*i18n*/ {
      id: 'account.exportGone',
      message: 'There is no download ready. Ask for a new one.',
    },
    codeHint: /*i18n*/ {
      id: 'account.codeHint',
      message: 'Enter the 6-digit code from your authenticator app.',
    },
    backupCodeHint: /*i18n*/ {
      id: 'account.backupCodeHint',
      message: 'Enter one of your backup codes. Each works once.',
    },
    codeRequired: /*i18n*/ { id: 'account.codeRequired', message: 'Code is required.' },
    codeWrong: /*i18n*/ {
      id: 'account.codeWrong',
      message: 'That code is not correct. Check the time on your phone and try again.',
    },
    twoFactorExpired: /*i18n*/ {
      id: 'account.twoFactorExpired',
      message: 'This sign-in took too long. Go back and sign in again.',
    },
    twoFactorOn: /*i18n*/ {
      id: 'account.twoFactorOn',
      message: 'Two-factor authentication is on. Sign-in asks for a code from your authenticator app.',
    },
    twoFactorOff: /*i18n*/ {
      id: 'account.twoFactorOff',
      message: 'Add a second step to sign-in: a code from an authenticator app on your phone.',
    },
    twoFactorScan: /*i18n*/ {
      id: 'account.twoFactorScan',
      message:
        'Scan this QR code with your authenticator app, or type the key below into it. Then enter the code it shows.',
    },
    backupCodesIntro: /*i18n*/ {
      id: 'account.backupCodesIntro',
      message:
        'Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
    },
    twoFactorDisabled: /*i18n*/ {
      id: 'account.twoFactorDisabled',
      message: 'Two-factor authentication is off.',
    },
    verifyBanner: fn(
      /*i18n*/ {
        id: 'account.verifyBanner',
        message: 'Please confirm your email address: we sent a link to {email}.',
      },
      (email: string) => ({ email }),
    ),
    verificationSent: /*i18n*/ {
      id: 'account.verificationSent',
      message: 'We sent a new link. It works for 24 hours.',
    },
    verificationFailed: /*i18n*/ {
      id: 'account.verificationFailed',
      message: 'Could not send the email. Please try again later.',
    },
    emailVerified: /*i18n*/ {
      id: 'account.emailVerified',
      message: 'Thank you, your email address is confirmed.',
    },
  },
  mail: {
    signature: /*i18n*/ { id: 'mail.signature', message: 'The Glimpse team' },
    reminderSubjectDay: fn(
      /*i18n*/ {
        id: 'mail.reminderSubjectDay',
        message: 'Tomorrow: {title}',
      },
      (title: string) => ({ title }),
    ),
    reminderSubjectHour: fn(
      /*i18n*/ {
        id: 'mail.reminderSubjectHour',
        message: 'In an hour: {title}',
      },
      (title: string) => ({ title }),
    ),
    reminderIntro: fn(
      /*i18n*/ {
        id: 'mail.reminderIntro',
        message: 'You are going to “{title}”, {when}.',
      },
      (title: string, when: string) => ({ title, when }),
    ),
    reminderIntroAt: fn(
      /*i18n*/ {
        id: 'mail.reminderIntroAt',
        message: 'You are going to “{title}”, {when}, at {place}.',
      },
      (title: string, when: string, place: string) => ({ title, when, place }),
    ),
    reminderAction: /*i18n*/ {
      id: 'mail.reminderAction',
      message: 'Open the event',
    },
    reminderIgnore: /*i18n*/ {
      id: 'mail.reminderIgnore',
      message:
        'You get this because you said you are going. Turn event emails off in Settings → Notifications.',
    },
    ignore: /*i18n*/ {
      id: 'mail.ignore',
      message: 'If you did not ask for this, you can ignore this email: nothing changes.',
    },
    resetSubject: /*i18n*/ { id: 'mail.resetSubject', message: 'Reset your Glimpse password' },
    resetIntro: /*i18n*/ {
      id: 'mail.resetIntro',
      message:
        'Someone asked to reset the password of your Glimpse account. To choose a new password, open this link within one hour:',
    },
    resetAction: /*i18n*/ { id: 'mail.resetAction', message: 'Reset password' },
    verifySubject: /*i18n*/ { id: 'mail.verifySubject', message: 'Confirm your email address for Glimpse' },
    verifyIntro: /*i18n*/ {
      id: 'mail.verifyIntro',
      message:
        'Welcome to Glimpse! To confirm that this is your email address, open this link within 24 hours:',
    },
    verifyAction: /*i18n*/ { id: 'mail.verifyAction', message: 'Confirm email address' },
    /** To the owner of an address someone tried to sign up with again (the sign-up answer is the usual one). */
    existingAccountSubject: /*i18n*/ {
      id: 'mail.existingAccountSubject',
      message: 'Someone tried to sign up to Glimpse with your email address',
    },
    existingAccountIntro: /*i18n*/ {
      id: 'mail.existingAccountIntro',
      message:
        'Someone tried to create a Glimpse account with this email address, but it already has one. No new account was made.',
    },
    existingAccountSignIn: /*i18n*/ {
      id: 'mail.existingAccountSignIn',
      message: 'If it was you, sign in here:',
    },
    existingAccountReset: /*i18n*/ {
      id: 'mail.existingAccountReset',
      message: 'Forgot your password? Choose a new one here:',
    },
    existingAccountIgnore: /*i18n*/ {
      id: 'mail.existingAccountIgnore',
      message: 'If it was not you, you can ignore this email: your account has not changed.',
    },
  },
  notifications: {
    badFilter: /*i18n*/ { id: 'notifications.badFilter', message: 'Filter must be all or mentions.' },
    badSubscription: /*i18n*/ {
      id: 'notifications.badSubscription',
      message: 'This push subscription is not valid.',
    },
    /** The endpoint is not a public https address on port 443 (the server's outbound gate). */
    pushServiceRefused: /*i18n*/ {
      id: 'notifications.pushServiceRefused',
      message: 'Glimpse sends push notifications only to public push services over https.',
    },
    empty: /*i18n*/ { id: 'notifications.empty', message: 'No notifications yet.' },
    emptyMentions: /*i18n*/ { id: 'notifications.emptyMentions', message: 'Nobody has mentioned you yet.' },
    preferencesSaved: /*i18n*/ {
      id: 'notifications.preferencesSaved',
      message: 'Notification settings saved.',
    },
    preferencesFailed: /*i18n*/ {
      id: 'notifications.preferencesFailed',
      message: 'Could not save your notification settings. Please try again.',
    },
    pushUnsupported: /*i18n*/ {
      id: 'notifications.pushUnsupported',
      message: 'This browser cannot receive push notifications.',
    },
    pushDenied: /*i18n*/ {
      id: 'notifications.pushDenied',
      message: 'Notifications are blocked for Glimpse in this browser’s site settings.',
    },
    pushFailed: /*i18n*/ {
      id: 'notifications.pushFailed',
      message: 'Could not turn on push notifications. Please try again.',
    },
    pushOn: /*i18n*/ { id: 'notifications.pushOn', message: 'Push notifications are on for this browser.' },
    pushOff: /*i18n*/ {
      id: 'notifications.pushOff',
      message: 'Push notifications are off for this browser.',
    },
    offline: /*i18n*/ { id: 'notifications.offline', message: 'You are offline' },
    offlineHint: /*i18n*/ {
      id: 'notifications.offlineHint',
      message: 'Glimpse needs a connection for this page. Check your connection and try again.',
    },
    newVersion: /*i18n*/ { id: 'notifications.newVersion', message: 'New version available' },
    reload: /*i18n*/ { id: 'notifications.reload', message: 'Reload' },
  },
  /**
   * A notification group's sentence (notification-text.ts), on /notifications and in a push. `who`
   * is "Ana", "Ana and Bo" or "Ana and 3 others"; `count` is how many people, so that a language
   * can make the verb agree; names and titles are isolated from the words around them.
   */
  notificationText: {
    someone: /*i18n*/ { id: 'notificationText.someone', message: 'Someone' },
    signUpsWaiting: /*i18n*/ {
      id: 'notificationText.signUpsWaiting',
      message: 'New sign-ups are waiting for approval',
    },
    two: fn(
      /*i18n*/ { id: 'notificationText.two', message: '{first} and {second}' },
      (first: string, second: string) => ({ first, second }),
    ),
    many: fn(
      /*i18n*/ {
        id: 'notificationText.many',
        message: '{first} and {others, plural, one {# other} other {# others}}',
      },
      (first: string, others: number) => ({ first, others }),
    ),
    followed: fn(
      /*i18n*/ {
        id: 'notificationText.followed',
        message: '{count, plural, one {{who} started following you} other {{who} started following you}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    liked: fn(
      /*i18n*/ {
        id: 'notificationText.liked',
        message: '{count, plural, one {{who} liked your post} other {{who} liked your post}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    quoted: fn(
      /*i18n*/ {
        id: 'notificationText.quoted',
        message: '{count, plural, one {{who} quoted your post} other {{who} quoted your post}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    boosted: fn(
      /*i18n*/ {
        id: 'notificationText.boosted',
        message: '{count, plural, one {{who} shared your post} other {{who} shared your post}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    askedToFollow: fn(
      /*i18n*/ {
        id: 'notificationText.askedToFollow',
        message: '{count, plural, one {{who} asks to follow you} other {{who} ask to follow you}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    moved: fn(
      /*i18n*/ {
        id: 'notificationText.moved',
        message:
          '{count, plural, one {{who} moved to a new account, and you follow it now} other {{who} moved to new accounts, and you follow them now}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    acceptedFollow: fn(
      /*i18n*/ {
        id: 'notificationText.acceptedFollow',
        message:
          '{count, plural, one {{who} accepted your follow request} other {{who} accepted your follow request}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    commented: fn(
      /*i18n*/ {
        id: 'notificationText.commented',
        message: '{count, plural, one {{who} commented on your post} other {{who} commented on your post}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    mentioned: fn(
      /*i18n*/ {
        id: 'notificationText.mentioned',
        message: '{count, plural, one {{who} mentioned you} other {{who} mentioned you}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    interested: fn(
      /*i18n*/ {
        id: 'notificationText.interested',
        message:
          '{count, plural, one {{who} is interested in your event “{title}”} other {{who} are interested in your event “{title}”}}',
      },
      (who: string, count: number, title: string) => ({ who, count, title }),
    ),
    interestedNoTitle: fn(
      /*i18n*/ {
        id: 'notificationText.interestedNoTitle',
        message:
          '{count, plural, one {{who} is interested in your event} other {{who} are interested in your event}}',
      },
      (who: string, count: number) => ({ who, count }),
    ),
    reviewed: /*i18n*/ { id: 'notificationText.reviewed', message: 'Your report was reviewed' },
    reminder: fn(
      /*i18n*/ { id: 'notificationText.reminder', message: 'Reminder: “{title}” is coming up' },
      (title: string) => ({ title }),
    ),
    reminderNoTitle: /*i18n*/ {
      id: 'notificationText.reminderNoTitle',
      message: 'Reminder: an event you are going to is coming up',
    },
    changed: fn(
      /*i18n*/ { id: 'notificationText.changed', message: 'The time or place of “{title}” changed' },
      (title: string) => ({ title }),
    ),
    changedNoTitle: /*i18n*/ {
      id: 'notificationText.changedNoTitle',
      message: 'The time or place of an event you joined changed',
    },
    cancelled: fn(
      /*i18n*/ { id: 'notificationText.cancelled', message: '“{title}” was cancelled' },
      (title: string) => ({ title }),
    ),
    cancelledNoTitle: /*i18n*/ {
      id: 'notificationText.cancelledNoTitle',
      message: 'An event you joined was cancelled',
    },
    promoted: fn(
      /*i18n*/ { id: 'notificationText.promoted', message: 'A place opened up: you are going to “{title}”' },
      (title: string) => ({ title }),
    ),
    promotedNoTitle: /*i18n*/ {
      id: 'notificationText.promotedNoTitle',
      message: 'A place opened up: you are going',
    },
  },
  /** Several photos per post. */
  /** Import an archive (/settings/import). */
  import: {
    missing: /*i18n*/ { id: 'import.missing', message: 'Choose the .zip file of your archive.' },
    tooLarge: fn(
      /*i18n*/ {
        id: 'import.tooLarge',
        message: 'This archive is larger than {max} MB, the most Glimpse imports.',
      },
      (max: number) => ({ max }),
    ),
    notZip: /*i18n*/ {
      id: 'import.notZip',
      message: 'This file is not a zip archive. Choose the .zip file your old service gave you.',
    },
    unknownFormat: /*i18n*/ {
      id: 'import.unknownFormat',
      message:
        'This zip is not an Instagram, Pixelfed, Mastodon or Glimpse export: it has no list of posts Glimpse knows.',
    },
    unsafeName: fn(
      /*i18n*/ {
        id: 'import.unsafeName',
        message: 'This archive was refused: the file name “{name}” points outside the archive.',
      },
      (name: string) => ({ name }),
    ),
    symlink: fn(
      /*i18n*/ {
        id: 'import.symlink',
        message: 'This archive was refused: “{name}” is a link to another file.',
      },
      (name: string) => ({ name }),
    ),
    tooManyEntries: fn(
      /*i18n*/ {
        id: 'import.tooManyEntries',
        message: 'This archive was refused: it holds more than {max} files.',
      },
      (max: number) => ({ max }),
    ),
    unpacksTooLarge: /*i18n*/ {
      id: 'import.unpacksTooLarge',
      message: 'This archive was refused: its files claim to unpack to far more than an archive may hold.',
    },
    corrupt: /*i18n*/ {
      id: 'import.corrupt',
      message:
        'This archive is damaged: a file in it does not unpack to the size it declares. Nothing was imported.',
    },
    busy: /*i18n*/ { id: 'import.busy', message: 'An import is already running. Wait for it to finish.' },
    failed: /*i18n*/ {
      id: 'import.failed',
      message:
        'The import stopped before it finished. The posts imported so far are kept; import the archive again to add the rest.',
    },
    quota: /*i18n*/ {
      id: 'import.quota',
      message:
        'The import stopped: your photos take all the space this server gives each member. The posts imported so far are kept.',
    },
    overLimit: fn(
      /*i18n*/ {
        id: 'import.overLimit',
        message:
          '{n, plural, one {# post was} other {# posts were}} left for later: one import makes at most {max} posts. Import the archive again to add them.',
      },
      (n: number, max: number) => ({ n, max }),
    ),
    progress: fn(
      /*i18n*/ { id: 'import.progress', message: 'Importing: {done} of {total} posts' },
      (done: number, total: number) => ({ done, total }),
    ),
    done: fn(
      /*i18n*/ { id: 'import.done', message: 'Imported {n, plural, one {# post} other {# posts}}' },
      (n: number) => ({ n }),
    ),
    nothingNew: /*i18n*/ {
      id: 'import.nothingNew',
      message: 'Nothing new: every post in this archive was already imported.',
    },
    alreadyImported: fn(
      /*i18n*/ {
        id: 'import.alreadyImported',
        message: '{n, plural, one {# post was} other {# posts were}} already imported.',
      },
      (n: number) => ({ n }),
    ),
    skippedVideos: fn(
      /*i18n*/ {
        id: 'import.skippedVideos',
        message: 'Skipped {n, plural, one {# video} other {# videos}}: this server cannot process videos.',
      },
      (n: number) => ({ n }),
    ),
    skippedFiles: fn(
      /*i18n*/ {
        id: 'import.skippedFiles',
        message:
          'Skipped {n, plural, one {# file} other {# files}} that could not be read as a photo or video (missing, damaged, too large, too long or of another kind).',
      },
      (n: number) => ({ n }),
    ),
    skippedEmpty: fn(
      /*i18n*/ {
        id: 'import.skippedEmpty',
        message: 'Skipped {n, plural, one {# post} other {# posts}} with no photo or video left to show.',
      },
      (n: number) => ({ n }),
    ),
    split: fn(
      /*i18n*/ {
        id: 'import.split',
        message:
          '{n, plural, one {# post had} other {# posts had}} more than {max} photos and became several posts.',
      },
      (n: number, max: number) => ({ n, max }),
    ),
  },
  photos: {
    tooMany: fn(
      /*i18n*/ { id: 'photos.tooMany', message: 'A post can have at most {max} photos.' },
      (max: number) => ({ max }),
    ),
    duplicate: /*i18n*/ { id: 'photos.duplicate', message: 'The same photo was added twice.' },
    uploading: fn(
      /*i18n*/ { id: 'photos.uploading', message: 'Uploading {n, plural, one {# photo} other {# photos}}…' },
      (n: number) => ({ n }),
    ),
    uploadFailed: /*i18n*/ { id: 'photos.uploadFailed', message: 'This photo could not be uploaded.' },
    waitForUploads: /*i18n*/ {
      id: 'photos.waitForUploads',
      message: 'Wait for every photo to finish uploading, or remove the failed ones.',
    },
    position: fn(
      /*i18n*/ { id: 'photos.position', message: '{at} of {count}' },
      (at: number, count: number) => ({ at, count }),
    ),
    severalPhotos: fn(
      /*i18n*/ { id: 'photos.severalPhotos', message: '{count, plural, one {# photo} other {# photos}}' },
      (count: number) => ({ count }),
    ),
    sensitive: /*i18n*/ { id: 'photos.sensitive', message: 'Sensitive content' },
    sensitiveHidden: /*i18n*/ {
      id: 'photos.sensitiveHidden',
      message: 'This post may contain sensitive content.',
    },
    alwaysShowSensitive: /*i18n*/ {
      id: 'photos.alwaysShowSensitive',
      message: 'Always show sensitive media',
    },
    sensitiveSettingSaved: /*i18n*/ { id: 'photos.sensitiveSettingSaved', message: 'Saved.' },
    sensitiveSettingFailed: /*i18n*/ {
      id: 'photos.sensitiveSettingFailed',
      message: 'Your setting could not be saved. Please try again.',
    },
  },
  /** Content warnings: words before a post's caption and photos, which open on Show. */
  contentWarnings: {
    show: /*i18n*/ { id: 'contentWarnings.show', message: 'Show' },
    hide: /*i18n*/ { id: 'contentWarnings.hide', message: 'Hide' },
    hint: /*i18n*/ {
      id: 'contentWarnings.hint',
      message: 'Optional. Readers see these words first, and open the post with Show.',
    },
    alwaysExpand: /*i18n*/ {
      id: 'contentWarnings.alwaysExpand',
      message: 'Always expand content warnings',
    },
  },
  /** Pinning one's own posts to the top of one's profile. */
  pins: {
    pin: /*i18n*/ { id: 'pins.pin', message: 'Pin' },
    unpin: /*i18n*/ { id: 'pins.unpin', message: 'Unpin' },
    pinned: /*i18n*/ { id: 'pins.pinned', message: 'Pinned' },
    pinnedDone: /*i18n*/ { id: 'pins.pinnedDone', message: 'Pinned to your profile.' },
    unpinnedDone: /*i18n*/ { id: 'pins.unpinnedDone', message: 'Unpinned from your profile.' },
    onlyAuthorPins: /*i18n*/ {
      id: 'pins.onlyAuthorPins',
      message: 'Only the author can pin this post.',
    },
    tooMany: fn(
      /*i18n*/ {
        id: 'pins.tooMany',
        message: 'You can pin up to {max} posts. Unpin one first.',
      },
      (max: number) => ({ max }),
    ),
    failed: /*i18n*/ { id: 'pins.failed', message: 'The pin could not be changed. Please try again.' },
  },
  /** Quoting a post in a new one (FEP-044f), and who may quote one's own. */
  quotes: {
    quote: /*i18n*/ { id: 'quotes.quote', message: 'Quote' },
    thisPost: /*i18n*/ { id: 'quotes.thisPost', message: 'Who can quote this post' },
    anyone: /*i18n*/ { id: 'quotes.anyone', message: 'Anyone' },
    followers: /*i18n*/ { id: 'quotes.followers', message: 'Followers' },
    nobody: /*i18n*/ { id: 'quotes.nobody', message: 'Nobody' },
    quoting: /*i18n*/ { id: 'quotes.quoting', message: 'Quoting' },
    notQuotable: /*i18n*/ { id: 'quotes.notQuotable', message: 'This post cannot be quoted.' },
    unavailable: /*i18n*/ { id: 'quotes.unavailable', message: 'This post is unavailable.' },
    pending: /*i18n*/ {
      id: 'quotes.pending',
      message: 'Waiting for the author to allow the quote.',
    },
    onlyQuotedAuthorRevokes: /*i18n*/ {
      id: 'quotes.onlyQuotedAuthorRevokes',
      message: 'Only the author of the quoted post can remove the quote.',
    },
    revoked: /*i18n*/ { id: 'quotes.revoked', message: 'The author removed this quote.' },
    remove: /*i18n*/ { id: 'quotes.remove', message: 'Remove quote' },
    confirmRemoveTitle: /*i18n*/ { id: 'quotes.confirmRemoveTitle', message: 'Remove quote?' },
    confirmRemove: /*i18n*/ {
      id: 'quotes.confirmRemove',
      message:
        'Your post will no longer show in this quote, here and on other servers. This cannot be undone.',
    },
    removed: /*i18n*/ { id: 'quotes.removed', message: 'Quote removed.' },
    removeFailed: /*i18n*/ {
      id: 'quotes.removeFailed',
      message: 'The quote could not be removed. Please try again.',
    },
  },
  /** Sharing (boosting) a post to one's followers. */
  shares: {
    onlyPublic: /*i18n*/ {
      id: 'shares.onlyPublic',
      message: 'Only public posts can be shared.',
    },
    failed: /*i18n*/ { id: 'shares.failed', message: 'The share could not be changed. Please try again.' },
  },
  /** Editing a post and its history. */
  postEdit: {
    onlyAuthorEdits: /*i18n*/ {
      id: 'postEdit.onlyAuthorEdits',
      message: 'Only the author can edit this post.',
    },
    altTextCount: /*i18n*/ {
      id: 'postEdit.altTextCount',
      message: 'Send one alt text for each photo of the post, in order.',
    },
    saved: /*i18n*/ { id: 'postEdit.saved', message: 'Post updated.' },
    failed: /*i18n*/ { id: 'postEdit.failed', message: 'Your changes could not be saved. Please try again.' },
    edited: /*i18n*/ { id: 'postEdit.edited', message: 'Edited' },
    historyTitle: /*i18n*/ { id: 'postEdit.historyTitle', message: 'Edit history' },
    historyFailed: /*i18n*/ {
      id: 'postEdit.historyFailed',
      message: 'The edit history could not be loaded.',
    },
    current: /*i18n*/ { id: 'postEdit.current', message: 'Current version' },
    original: /*i18n*/ { id: 'postEdit.original', message: 'Original' },
  },
  /** Search of accounts, posts, tags and events. */
  search: {
    heading: /*i18n*/ { id: 'search.heading', message: 'Search' },
    label: /*i18n*/ { id: 'search.label', message: 'Search' },
    tabAccounts: /*i18n*/ { id: 'search.tabAccounts', message: 'Accounts' },
    tabPosts: /*i18n*/ { id: 'search.tabPosts', message: 'Posts' },
    tabTags: /*i18n*/ { id: 'search.tabTags', message: 'Tags' },
    tabPlaces: /*i18n*/ { id: 'search.tabPlaces', message: 'Places' },
    tabEvents: /*i18n*/ { id: 'search.tabEvents', message: 'Events' },
    prompt: /*i18n*/ {
      id: 'search.prompt',
      message: 'Type words to search for accounts, posts, tags and events.',
    },
    hint: /*i18n*/ {
      id: 'search.hint',
      message: 'Use "quotes" for a phrase, #tag and @username to narrow posts.',
    },
    noAccounts: /*i18n*/ { id: 'search.noAccounts', message: 'No accounts found.' },
    noPosts: /*i18n*/ { id: 'search.noPosts', message: 'No posts found.' },
    noTags: /*i18n*/ { id: 'search.noTags', message: 'No tags found.' },
    noPlaces: /*i18n*/ { id: 'search.noPlaces', message: 'No places found.' },
    noEvents: /*i18n*/ { id: 'search.noEvents', message: 'No events found.' },
    failed: /*i18n*/ { id: 'search.failed', message: 'Search is not available right now.' },
    loadMore: /*i18n*/ { id: 'search.loadMore', message: 'Load more' },
    badCursor: /*i18n*/ { id: 'search.badCursor', message: 'This page of results does not exist.' },
    tooLong: fn(
      /*i18n*/ { id: 'search.tooLong', message: 'Search for at most {max, number} characters.' },
      (max: number) => ({ max }),
    ),
    trendingHeading: /*i18n*/ { id: 'search.trendingHeading', message: 'Trending tags' },
    noTrending: /*i18n*/ { id: 'search.noTrending', message: 'Nothing is trending this week yet.' },
  },
  /** Hashtag pages. */
  /** Places where posts were taken (Location on a post, /locations/{slug}). */
  places: {
    notFound: /*i18n*/ { id: 'places.notFound', message: 'No posts were placed there.' },
    empty: /*i18n*/ { id: 'places.empty', message: 'No posts you can see were taken here yet.' },
    count: fn(
      /*i18n*/ { id: 'places.count', message: '{n, plural, one {# post} other {# posts}}' },
      (n: number) => ({ n }),
    ),
    locationUnavailable: /*i18n*/ {
      id: 'places.locationUnavailable',
      message: 'Your location could not be read. The place can be saved without it.',
    },
  },
  tags: {
    invalid: /*i18n*/ { id: 'tags.invalid', message: 'That is not a hashtag.' },
    // The tag comes in with its # and isolated (`isolated('#' + tag)`): in a right-to-left
    // sentence a bare # would follow the word.
    empty: fn(/*i18n*/ { id: 'tags.empty', message: 'No posts with {tag} yet.' }, (tag: string) => ({
      tag,
    })),
    count: fn(
      /*i18n*/ { id: 'tags.count', message: '{n, plural, one {# post} other {# posts}}' },
      (n: number) => ({ n }),
    ),
    searchHeading: /*i18n*/ { id: 'tags.searchHeading', message: 'Tags' },
    peopleHeading: /*i18n*/ { id: 'tags.peopleHeading', message: 'People' },
    followedFull: fn(
      /*i18n*/ { id: 'tags.followedFull', message: 'You can follow at most {max} hashtags.' },
      (max: number) => ({ max }),
    ),
    followFailed: /*i18n*/ {
      id: 'tags.followFailed',
      message: 'The hashtag could not be followed or unfollowed. Please try again.',
    },
    noFollowed: /*i18n*/ {
      id: 'tags.noFollowed',
      message: 'You follow no hashtags yet. Open a hashtag and choose Follow hashtag.',
    },
  },
  /** Deleting comments. */
  comments: {
    deleted: /*i18n*/ { id: 'comments.deleted', message: 'Comment deleted.' },
    deleteFailed: /*i18n*/ {
      id: 'comments.deleteFailed',
      message: 'The comment could not be deleted. Please try again.',
    },
    notFound: /*i18n*/ { id: 'comments.notFound', message: 'This comment does not exist or was deleted.' },
    notAllowed: /*i18n*/ {
      id: 'comments.notAllowed',
      message: 'Only the comment’s author or the post’s author can delete this comment.',
    },
    confirmDelete: /*i18n*/ {
      id: 'comments.confirmDelete',
      message: 'This comment will be removed for everyone. This cannot be undone.',
    },
  },
  /** Who may join: registration modes, waiting sign-ups, invites and the server's rules. */
  /** The proof-of-work challenge on sign-up and password-reset requests (proof-of-work.ts). */
  proofOfWork: {
    missing: /*i18n*/ {
      id: 'proofOfWork.missing',
      message: 'The check that you are a person did not run. Please reload the page and try again.',
    },
    failed: /*i18n*/ {
      id: 'proofOfWork.failed',
      message: 'The check that you are a person did not pass. Please try again.',
    },
    expired: /*i18n*/ {
      id: 'proofOfWork.expired',
      message: 'The check that you are a person took too long. Please try again.',
    },
    used: /*i18n*/ {
      id: 'proofOfWork.used',
      message: 'This check was already used. Please try again.',
    },
  },
  registrations: {
    waitingForApproval: /*i18n*/ {
      id: 'registrations.waitingForApproval',
      message: 'Your account is waiting for approval',
    },
    paused: /*i18n*/ {
      id: 'registrations.paused',
      message: 'Sign-ups are paused. Please try again later.',
    },
    closed: /*i18n*/ {
      id: 'registrations.closed',
      message: 'This server is not taking new sign-ups.',
    },
    inviteRequired: /*i18n*/ {
      id: 'registrations.inviteRequired',
      message: 'This server takes new members by invitation only. Ask a member for an invite link.',
    },
    reasonRequired: /*i18n*/ {
      id: 'registrations.reasonRequired',
      message: 'Please tell us why you want to join.',
    },
    inviteUsedUp: /*i18n*/ { id: 'registrations.inviteUsedUp', message: 'This invite has been used up.' },
    inviteExpired: /*i18n*/ { id: 'registrations.inviteExpired', message: 'This invite has expired.' },
    inviteRevoked: /*i18n*/ { id: 'registrations.inviteRevoked', message: 'This invite was revoked.' },
    inviteUnknown: /*i18n*/ { id: 'registrations.inviteUnknown', message: 'This invite code does not work.' },
    rejectedRecently: fn(
      /*i18n*/ {
        id: 'registrations.rejectedRecently',
        message:
          'A sign-up with this address was turned down recently. It may sign up again in {days, plural, one {# day} other {# days}}.',
      },
      (days: number) => ({ days }),
    ),
    nothingToSave: /*i18n*/ { id: 'registrations.nothingToSave', message: 'Choose a setting to save.' },
    saved: /*i18n*/ { id: 'registrations.saved', message: 'Registrations saved.' },
    saveFailed: /*i18n*/ {
      id: 'registrations.saveFailed',
      message: 'The setting was not saved. Please try again.',
    },
    notWaiting: /*i18n*/ {
      id: 'registrations.notWaiting',
      message: 'This sign-up is not waiting for approval any more.',
    },
    challengeDifficultyRange: fn(
      /*i18n*/ {
        id: 'registrations.challengeDifficultyRange',
        message: 'Challenge difficulty must be a whole number from {min} to {max}.',
      },
      (min: number, max: number) => ({ min, max }),
    ),
    emailDomainRefused: /*i18n*/ {
      id: 'registrations.emailDomainRefused',
      message: 'This server does not take sign-ups with this email provider. Please use another address.',
    },
    emailDomainBlockNotFound: /*i18n*/ {
      id: 'registrations.emailDomainBlockNotFound',
      message: 'This email domain is not blocked.',
    },
    emailDomainBlocksFull: fn(
      /*i18n*/ {
        id: 'registrations.emailDomainBlocksFull',
        message: 'At most {max} email domains can be blocked.',
      },
      (max: number) => ({ max }),
    ),
    approved: /*i18n*/ { id: 'registrations.approved', message: 'Sign-up approved.' },
    rejected: /*i18n*/ { id: 'registrations.rejected', message: 'Sign-up rejected.' },
    answerFailed: /*i18n*/ {
      id: 'registrations.answerFailed',
      message: 'The answer was not saved. Please try again.',
    },
    loadFailed: /*i18n*/ {
      id: 'registrations.loadFailed',
      message: 'Could not load registrations. Please try again.',
    },
    invitesStaffOnly: /*i18n*/ {
      id: 'registrations.invitesStaffOnly',
      message: 'On this server, only moderators and admins create invite links.',
    },
    invitesFull: fn(
      /*i18n*/ {
        id: 'registrations.invitesFull',
        message: 'You can have at most {max} working invite links. Revoke one first.',
      },
      (max: number) => ({ max }),
    ),
    inviteNotFound: /*i18n*/ { id: 'registrations.inviteNotFound', message: 'Invite not found.' },
    inviteCreated: /*i18n*/ { id: 'registrations.inviteCreated', message: 'Invite link created.' },
    inviteRevokedDone: /*i18n*/ { id: 'registrations.inviteRevokedDone', message: 'Invite link revoked.' },
    linkCopied: /*i18n*/ { id: 'registrations.linkCopied', message: 'Link copied.' },
    ruleNotFound: /*i18n*/ { id: 'registrations.ruleNotFound', message: 'Rule not found.' },
    rulesFull: fn(
      /*i18n*/ { id: 'registrations.rulesFull', message: 'A server can have at most {max} rules.' },
      (max: number) => ({ max }),
    ),
    unknownRule: /*i18n*/ {
      id: 'registrations.unknownRule',
      message: 'One of the rules chosen does not exist any more. Please choose again.',
    },
    ruleSaved: /*i18n*/ { id: 'registrations.ruleSaved', message: 'Rule saved.' },
    /** A forwarded report's text (a Flag's content) before the rules the reporter chose. */
    flagRules: fn(
      /*i18n*/ { id: 'registrations.flagRules', message: 'Rules of {host} broken:' },
      (host: string) => ({ host }),
    ),
    ruleDeleted: /*i18n*/ { id: 'registrations.ruleDeleted', message: 'Rule deleted.' },
    approvedSubject: /*i18n*/ {
      id: 'registrations.approvedSubject',
      message: 'Welcome to Glimpse: your account was approved',
    },
    approvedIntro: /*i18n*/ {
      id: 'registrations.approvedIntro',
      message: 'A moderator approved your account. You can sign in now.',
    },
    approvedAction: /*i18n*/ { id: 'registrations.approvedAction', message: 'Sign in' },
    rejectedSubject: /*i18n*/ {
      id: 'registrations.rejectedSubject',
      message: 'Your sign-up to Glimpse',
    },
    rejectedText: /*i18n*/ {
      id: 'registrations.rejectedText',
      message:
        'Sorry: the moderators did not approve your sign-up, and the account was removed. You may sign up again in 7 days.',
    },
    waitingSubject: /*i18n*/ {
      id: 'registrations.waitingSubject',
      message: 'New sign-ups are waiting for approval',
    },
    waitingIntro: /*i18n*/ {
      id: 'registrations.waitingIntro',
      message: 'Someone asked to join Glimpse. Approve or reject their sign-up on the registrations page.',
    },
    waitingAction: /*i18n*/ { id: 'registrations.waitingAction', message: 'Open registrations' },
  },
  /** Trust and safety: roles, reports, moderation, blocks, mutes, muted words, terms. */
  safety: {
    suspended: /*i18n*/ { id: 'safety.suspended', message: 'This account has been suspended.' },
    cannotBlockSelf: /*i18n*/ { id: 'safety.cannotBlockSelf', message: 'You cannot block yourself.' },
    cannotMuteSelf: /*i18n*/ { id: 'safety.cannotMuteSelf', message: 'You cannot mute yourself.' },
    cannotReportOwn: /*i18n*/ {
      id: 'safety.cannotReportOwn',
      message: 'You cannot report your own content.',
    },
    alreadyReported: /*i18n*/ {
      id: 'safety.alreadyReported',
      message: 'You have already reported this. Our moderators will review it.',
    },
    forwardLocal: /*i18n*/ {
      id: 'safety.forwardLocal',
      message: 'Only a report about an account on another server can be forwarded there.',
    },
    reportNotFound: /*i18n*/ { id: 'safety.reportNotFound', message: 'Report not found.' },
    reportAlreadyHandled: /*i18n*/ {
      id: 'safety.reportAlreadyHandled',
      message: 'This report has already been handled.',
    },
    reportAboutYou: /*i18n*/ {
      id: 'safety.reportAboutYou',
      message: 'This report is about you or your content, so another moderator or admin handles it.',
    },
    cannotSuspendSelf: /*i18n*/ {
      id: 'safety.cannotSuspendSelf',
      message: 'You cannot suspend your own account.',
    },
    cannotSuspendModerator: /*i18n*/ {
      id: 'safety.cannotSuspendModerator',
      message: 'Only an admin can suspend a moderator.',
    },
    cannotSuspendAdmin: /*i18n*/ {
      id: 'safety.cannotSuspendAdmin',
      message: 'Only an admin can suspend another admin.',
    },
    notSuspended: /*i18n*/ { id: 'safety.notSuspended', message: 'This account is not suspended.' },
    cannotChangeOwnRole: /*i18n*/ {
      id: 'safety.cannotChangeOwnRole',
      message: 'You cannot change your own role.',
    },
    cannotSuspendLastAdmin: /*i18n*/ {
      id: 'safety.cannotSuspendLastAdmin',
      message: 'The last admin cannot be suspended.',
    },
    mutedWordTaken: /*i18n*/ { id: 'safety.mutedWordTaken', message: 'That word is already muted.' },
    mutedWordsFull: fn(
      /*i18n*/ { id: 'safety.mutedWordsFull', message: 'You can mute at most {max} words.' },
      (max: number) => ({ max }),
    ),
    termsRequired: /*i18n*/ {
      id: 'safety.termsRequired',
      message: 'Please agree to the Terms of Service and Community Guidelines.',
    },
    noSuchMember: /*i18n*/ { id: 'safety.noSuchMember', message: 'No member has that username.' },
    reportReviewed: /*i18n*/ { id: 'safety.reportReviewed', message: 'Your report was reviewed' },
    nothingToRemove: /*i18n*/ {
      id: 'safety.nothingToRemove',
      message: 'An account is not content: suspend it instead.',
    },
    accountDeleted: /*i18n*/ {
      id: 'safety.accountDeleted',
      message: 'This account was deleted: there is nothing left to suspend.',
    },
    adminRoleFixed: /*i18n*/ {
      id: 'safety.adminRoleFixed',
      message: 'An admin’s role cannot be changed here.',
    },
    blocked: /*i18n*/ { id: 'safety.blocked', message: 'Blocked. You will no longer see each other.' },
    blockLifted: /*i18n*/ { id: 'safety.blockLifted', message: 'Unblocked.' },
    muted: /*i18n*/ { id: 'safety.muted', message: 'Muted. Their posts and events leave your feed.' },
    muteLifted: /*i18n*/ { id: 'safety.muteLifted', message: 'Unmuted.' },
    noBlocked: /*i18n*/ { id: 'safety.noBlocked', message: 'You have not blocked anyone.' },
    noMutedWords: /*i18n*/ { id: 'safety.noMutedWords', message: 'You have not muted any words.' },
    noReports: /*i18n*/ { id: 'safety.noReports', message: 'No reports here.' },
    moderationFailed: /*i18n*/ {
      id: 'safety.moderationFailed',
      message: 'That did not work. Please try again.',
    },
    blockedListFailed: /*i18n*/ {
      id: 'safety.blockedListFailed',
      message: 'Your blocked accounts could not be loaded.',
    },
  },
  /** The Jobs section of the moderation console (admins). */
  announcements: {
    notFound: /*i18n*/ { id: 'announcements.notFound', message: 'Announcement not found.' },
    endsBeforeStart: /*i18n*/ {
      id: 'announcements.endsBeforeStart',
      message: 'The end must come after the start.',
    },
    timeInvalid: /*i18n*/ { id: 'announcements.timeInvalid', message: 'Choose a valid date and time.' },
    full: fn(
      /*i18n*/ {
        id: 'announcements.full',
        message: 'A server can keep at most {max} announcements. Delete an old one first.',
      },
      (max: number) => ({ max }),
    ),
    published: /*i18n*/ { id: 'announcements.published', message: 'Announcement published.' },
    deleted: /*i18n*/ { id: 'announcements.deleted', message: 'Announcement deleted.' },
    loadFailed: /*i18n*/ {
      id: 'announcements.loadFailed',
      message: 'Could not load announcements. Please try again.',
    },
  },
  jobs: {
    noFailed: /*i18n*/ { id: 'jobs.noFailed', message: 'No failed jobs.' },
    retried: /*i18n*/ { id: 'jobs.retried', message: 'Job queued to run again.' },
    retryFailed: /*i18n*/ {
      id: 'jobs.retryFailed',
      message: 'The job could not be queued again. Please try again.',
    },
    /** The job ran or was removed meanwhile. */
    notFound: /*i18n*/ { id: 'jobs.notFound', message: 'That job is no longer waiting to be retried.' },
    loadFailed: /*i18n*/ { id: 'jobs.loadFailed', message: 'The job queue could not be loaded.' },
  },
  /** /admin/federation: domain blocks, known servers, failed deliveries (admins). */
  federation: {
    domainInvalid: /*i18n*/ {
      id: 'federation.domainInvalid',
      message: 'Enter a domain such as example.org or example.org:8443.',
    },
    ownDomain: /*i18n*/ { id: 'federation.ownDomain', message: 'This is this server’s own domain.' },
    domainNotBlocked: /*i18n*/ { id: 'federation.domainNotBlocked', message: 'That domain is not blocked.' },
    domainBlocked: /*i18n*/ { id: 'federation.domainBlocked', message: 'Domain blocked.' },
    domainUnblocked: /*i18n*/ { id: 'federation.domainUnblocked', message: 'Domain unblocked.' },
    blockFailed: /*i18n*/ {
      id: 'federation.blockFailed',
      message: 'The domain could not be blocked. Please try again.',
    },
    unblockFailed: /*i18n*/ {
      id: 'federation.unblockFailed',
      message: 'The domain could not be unblocked. Please try again.',
    },
    loadFailed: /*i18n*/ { id: 'federation.loadFailed', message: 'Federation could not be loaded.' },
  },
  /** Moving between servers: aliases and Move in Settings → Account. */
  moves: {
    handleInvalid: /*i18n*/ {
      id: 'moves.handleInvalid',
      message: 'Enter a handle such as @name@example.org.',
    },
    accountNotFound: /*i18n*/ {
      id: 'moves.accountNotFound',
      message: 'No account answers to that handle.',
    },
    ownAccount: /*i18n*/ { id: 'moves.ownAccount', message: 'That is this account.' },
    tooManyAliases: /*i18n*/ {
      id: 'moves.tooManyAliases',
      message: 'You have listed the most aliases you can.',
    },
    aliasNotFound: /*i18n*/ { id: 'moves.aliasNotFound', message: 'That alias is not listed.' },
    notAliased: /*i18n*/ {
      id: 'moves.notAliased',
      message:
        'The new account does not list this one as an alias yet. Add this account’s handle under Account aliases there first.',
    },
    alreadyMoved: /*i18n*/ {
      id: 'moves.alreadyMoved',
      message: 'This account has moved in the last 30 days. Try again later.',
    },
    targetMoved: /*i18n*/ { id: 'moves.targetMoved', message: 'That account has itself moved.' },
    aliasAdded: /*i18n*/ { id: 'moves.aliasAdded', message: 'Alias added.' },
    aliasRemoved: /*i18n*/ { id: 'moves.aliasRemoved', message: 'Alias removed.' },
    aliasFailed: /*i18n*/ {
      id: 'moves.aliasFailed',
      message: 'The alias could not be saved. Please try again.',
    },
    moved: /*i18n*/ { id: 'moves.moved', message: 'Your followers are being moved to the new account.' },
    moveFailed: /*i18n*/ {
      id: 'moves.moveFailed',
      message: 'The account could not be moved. Please try again.',
    },
    movedAccount: /*i18n*/ { id: 'moves.movedAccount', message: 'This account has moved.' },
  },
  /** Passkeys: WebAuthn sign-in and the list in Settings → Account. */
  passkeys: {
    added: /*i18n*/ { id: 'passkeys.added', message: 'Passkey added.' },
    removed: /*i18n*/ { id: 'passkeys.removed', message: 'Passkey removed.' },
    confirmRemove: /*i18n*/ {
      id: 'passkeys.confirmRemove',
      message: 'You will no longer sign in with it. Your password and other passkeys keep working.',
    },
    failed: /*i18n*/ { id: 'passkeys.failed', message: 'The passkey could not be used. Please try again.' },
    cancelled: /*i18n*/ {
      id: 'passkeys.cancelled',
      message: 'The passkey request was cancelled or timed out.',
    },
    unknown: /*i18n*/ { id: 'passkeys.unknown', message: 'This passkey is not registered with Glimpse.' },
    expired: /*i18n*/ { id: 'passkeys.expired', message: 'The passkey request expired. Please try again.' },
    alreadyAdded: /*i18n*/ { id: 'passkeys.alreadyAdded', message: 'This passkey is already added.' },
    notFound: /*i18n*/ { id: 'passkeys.notFound', message: 'Passkey not found.' },
    unsupported: /*i18n*/ { id: 'passkeys.unsupported', message: 'This browser does not support passkeys.' },
    tooMany: fn(
      /*i18n*/ { id: 'passkeys.tooMany', message: 'You can add at most {max} passkeys.' },
      (max: number) => ({ max }),
    ),
    /** The step before the browser's passkey prompt (a passkey outlasts this session). */
    stepUpTitle: /*i18n*/ { id: 'passkeys.stepUpTitle', message: 'Add a passkey' },
    stepUpIntro: /*i18n*/ {
      id: 'passkeys.stepUpIntro',
      message: 'Enter your password first. Then your browser asks for your fingerprint, face or screen lock.',
    },
    stepUpIntroWithCode: /*i18n*/ {
      id: 'passkeys.stepUpIntroWithCode',
      message:
        'Enter your password and a code from your authenticator app first. Then your browser asks for your fingerprint, face or screen lock.',
    },
  },
  /** Change email: the new address confirms, the old one is told. */
  changeEmail: {
    sent: /*i18n*/ {
      id: 'changeEmail.sent',
      message: 'Check the new address: your email changes when you open the link we sent there.',
    },
    same: /*i18n*/ { id: 'changeEmail.same', message: 'That is already your email address.' },
    changed: /*i18n*/ { id: 'changeEmail.changed', message: 'Your email address was changed.' },
    verifySubject: /*i18n*/ {
      id: 'changeEmail.verifySubject',
      message: 'Confirm your new email address for Glimpse',
    },
    verifyIntro: /*i18n*/ {
      id: 'changeEmail.verifyIntro',
      message:
        'Someone asked to use this address for a Glimpse account. To confirm it, open this link within 24 hours:',
    },
    verifyAction: /*i18n*/ { id: 'changeEmail.verifyAction', message: 'Confirm new email address' },
    noticeSubject: /*i18n*/ {
      id: 'changeEmail.noticeSubject',
      message: 'A change of your Glimpse email address was requested',
    },
    noticeText: fn(
      /*i18n*/ {
        id: 'changeEmail.noticeText',
        message:
          'Someone signed in to your Glimpse account asked to change its email address to {newEmail}. The change happens only when the link sent to that address is opened. If this was not you, change your password now.',
      },
      (newEmail: string) => ({ newEmail }),
    ),
    // Once the change is made, the old address gets a way to undo it.
    undoSubject: /*i18n*/ {
      id: 'changeEmail.undoSubject',
      message: 'The email address of your Glimpse account was changed',
    },
    undoText: fn(
      /*i18n*/ {
        id: 'changeEmail.undoText',
        message:
          'The email address of your Glimpse account was changed to {newEmail}. If this was you, there is nothing to do. If it was not, open this link within 7 days: it puts this address back and signs your account out on every device.',
      },
      (newEmail: string) => ({ newEmail }),
    ),
    undoAction: /*i18n*/ { id: 'changeEmail.undoAction', message: 'This wasn’t me' },
    undoTitle: /*i18n*/ { id: 'changeEmail.undoTitle', message: 'Undo the change of email address' },
    undoIntro: /*i18n*/ {
      id: 'changeEmail.undoIntro',
      message:
        'This puts back the email address the change was made from and signs your account out on every device.',
    },
    undoButton: /*i18n*/ { id: 'changeEmail.undoButton', message: 'Undo the change' },
    undone: fn(
      /*i18n*/ {
        id: 'changeEmail.undone',
        message:
          'Your email address is {email} again, and your account was signed out on every device. Reset your password now, so that whoever changed the address cannot sign in.',
      },
      (email: string) => ({ email }),
    ),
    /** After the undo, when passkeys added around the change were removed (docs/security.md, 27h). */
    undonePasskeys: fn(
      /*i18n*/ {
        id: 'changeEmail.undonePasskeys',
        message:
          '{count, plural, one {One passkey} other {# passkeys}} added in the {days} days before the change or since {count, plural, one {was} other {were}} removed, in case whoever changed the address added {count, plural, one {it} other {them}}. Add your own again once you have signed in.',
      },
      (count: number, days: number) => ({ count, days }),
    ),
    undoLinkInvalid: /*i18n*/ {
      id: 'changeEmail.undoLinkInvalid',
      message: 'This link has expired or was already used.',
    },
    undoLinkMissing: /*i18n*/ {
      id: 'changeEmail.undoLinkMissing',
      message: 'This page needs the link from the email about the change.',
    },
    undoAddressTaken: /*i18n*/ {
      id: 'changeEmail.undoAddressTaken',
      message:
        'That address now belongs to another account, so it cannot be put back. Reset the password of this account instead.',
    },
  },
  /** Apps signing in through OAuth (apps/server/src/oauth): the consent screen's refusals and app registration. */
  oauth: {
    unknownApp: /*i18n*/ {
      id: 'oauth.unknownApp',
      message: 'This app is not registered on this server. Start the sign-in again from the app.',
    },
    redirectNotRegistered: /*i18n*/ {
      id: 'oauth.redirectNotRegistered',
      message: 'This app asked to send you back to an address it did not register, so it cannot sign in.',
    },
    unknownScope: fn(
      /*i18n*/ {
        id: 'oauth.unknownScope',
        message: 'This app asked for a permission Glimpse does not know: {scope}',
      },
      (scope: string) => ({ scope }),
    ),
    scopeBeyondApp: /*i18n*/ {
      id: 'oauth.scopeBeyondApp',
      message: 'This app asked for more permissions than it registered for, so it cannot sign in.',
    },
    responseTypeUnsupported: /*i18n*/ {
      id: 'oauth.responseTypeUnsupported',
      message: 'This app asked for a kind of sign-in Glimpse does not support.',
    },
    badRequest: /*i18n*/ {
      id: 'oauth.badRequest',
      message: 'This sign-in link is incomplete or damaged. Start the sign-in again from the app.',
    },
    appNameRequired: /*i18n*/ { id: 'oauth.appNameRequired', message: 'The app needs a name.' },
    redirectUrisRequired: /*i18n*/ {
      id: 'oauth.redirectUrisRequired',
      message: 'The app needs at least one redirect URI.',
    },
    redirectUriInvalid: fn(
      /*i18n*/ {
        id: 'oauth.redirectUriInvalid',
        message: 'This redirect URI cannot be used: {uri}',
      },
      (uri: string) => ({ uri }),
    ),
    websiteInvalid: /*i18n*/ {
      id: 'oauth.websiteInvalid',
      message: 'The app’s website must be an http or https address.',
    },
  },
  /** The client API's statuses and media (apps such as Ivory or Tusky show these words to the member). */
  statusesApi: {
    photoRequired: /*i18n*/ {
      id: 'statusesApi.photoRequired',
      message: 'A post needs at least one photo or video. Attach one, or reply to a post to write text only.',
    },
    directUnavailable: /*i18n*/ {
      id: 'statusesApi.directUnavailable',
      message: 'Direct messages are not available on this server yet. Choose public or followers only.',
    },
    visibilityUnknown: /*i18n*/ {
      id: 'statusesApi.visibilityUnknown',
      message: 'Visibility must be public, unlisted, private or direct.',
    },
    replyTextOnly: /*i18n*/ {
      id: 'statusesApi.replyTextOnly',
      message: 'A reply is a comment: text only, without photos.',
    },
    commentNotEditable: /*i18n*/ {
      id: 'statusesApi.commentNotEditable',
      message: 'Comments cannot be edited. Delete it and write it again.',
    },
    commentNotLikeable: /*i18n*/ {
      id: 'statusesApi.commentNotLikeable',
      message: 'Only posts can be liked or bookmarked, not comments.',
    },
    photosFixed: /*i18n*/ {
      id: 'statusesApi.photosFixed',
      message: 'The photos of a post cannot be changed after posting, only their descriptions.',
    },
    requestInProgress: /*i18n*/ {
      id: 'statusesApi.requestInProgress',
      message: 'The same post is still being published. Try again in a moment.',
    },
    eventOnWeb: /*i18n*/ {
      id: 'statusesApi.eventOnWeb',
      message: 'This is an event: open its page to say you are going or interested.',
    },
    focusInvalid: /*i18n*/ {
      id: 'statusesApi.focusInvalid',
      message: 'Focus must be two numbers from -1 to 1, written as x,y.',
    },
  },
};

export const messages = translated(messageCatalog);
