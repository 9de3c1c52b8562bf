/**
 * Rate limits: how often one account (one address when signed out, or for sign-in and sign-up)
 * may do each thing. Figures in the range of Mastodon and Pixelfed:
 * - signIn 10/min and signUp 10/30 min per address. Mastodon: 25 sign-in attempts per 5 min per
 *   IP and 5 API account creations per 30 min per IP (docs.joinmastodon.org/api/rate-limits).
 * - uploads 30/30 min per account: Mastodon's media limit, word for word.
 * - posts 50/hour and comments 50/hour: Pixelfed's per-account hourly limits
 *   (app/Util/RateLimit/User.php: max posts per hour 50, max comments per hour 50); events, a
 *   post with a date, take the posts figure.
 * - follows 400/day: Mastodon's follow limit (app/lib/rate_limiter.rb); unfollows count too, so a
 *   follow/unfollow loop cannot notify someone over and over.
 * - reports 10/hour and feedback 10/hour: every one is read by a person; Mastodon allows 400
 *   reports a day, we keep an hour's worth well below that.
 * Enforced by better-auth (signIn, signUp) and apps/server/src/core/rate-limit.ts (the rest).
 */
export const rateLimits = {
  signIn: { max: 10, windowSeconds: 60 },
  signUp: { max: 10, windowSeconds: 30 * 60 },
  uploads: { max: 30, windowSeconds: 30 * 60 },
  posts: { max: 50, windowSeconds: 60 * 60 },
  events: { max: 50, windowSeconds: 60 * 60 },
  comments: { max: 50, windowSeconds: 60 * 60 },
  follows: { max: 400, windowSeconds: 24 * 60 * 60 },
  reports: { max: 10, windowSeconds: 60 * 60 },
  feedback: { max: 10, windowSeconds: 60 * 60 },
  /**
   * `@name@host` look-ups in "Search users" (federation): each makes the server fetch another
   * server's WebFinger and actor, so per account, 30 in 10 minutes (typing a handle is a few).
   */
  remoteLookups: { max: 30, windowSeconds: 10 * 60 },
  /**
   * Adding an alias or moving the account: each fetches another server's actor, and a
   * move writes every follower's follow; a few tries an hour are plenty for a thing done once.
   */
  accountMoves: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Inbox requests per signing server (federation, keyed by the host of the signature's key): a
   * busy instance's followers' server sends a few a second at the most; beyond 20 a second it
   * waits (429 with Retry-After, which Mastodon and Fedify honour by retrying later).
   */
  inboxPerServer: { max: 1200, windowSeconds: 60 },
  /**
   * Inbox requests refused before a signature verified (none, a bad one, a key its actor does not
   * list, a body too large or too deep), per client address: a server whose signatures fail keeps
   * failing for a moment at most (Fedify and Mastodon fetch a key again when it fails), so one a
   * second is generous; past it the address is answered 429 before anything is read or fetched.
   * Counted per address, never per the server a keyId names: anyone can name any server.
   */
  inboxFailures: { max: 60, windowSeconds: 60 },
  /**
   * Reports from another server (Flag), per server: a member may file 10 an hour, and a server's
   * moderators forward what its members file; further Flags of a target it already reported are
   * counted on that report, not limited. Mastodon sets no such limit; a flood of reports from one
   * server's fresh accounts is what this stops.
   */
  remoteReportsPerServer: { max: 10, windowSeconds: 60 * 60 },
  /**
   * Accounts of another server written here by its own activity (a like, a boost, a reply, a
   * report, a follow, a join from someone never seen before), per server: a hundred an hour is
   * far above what follows and replies bring, and keeps a server that invents accounts from
   * filling our tables and fetching their pictures. Past it, such activity is dropped for the hour.
   */
  remoteAccountsPerServer: { max: 100, windowSeconds: 60 * 60 },
  /**
   * Account emails (password reset, verification, email change): per address and per
   * account, so nobody can flood someone's inbox from many addresses; per client address on top
   * (better-auth). Mastodon allows a confirmation resend about every 5 minutes; 5 an hour is that.
   */
  mailPerAddress: { max: 5, windowSeconds: 60 * 60 },
  mailPerAccount: { max: 10, windowSeconds: 60 * 60 },
  mailPerClient: { max: 20, windowSeconds: 60 * 60 },
  /** Routes that check the password again (Delete account): as sign-in, against guessing it. */
  passwordChecks: { max: 10, windowSeconds: 60 * 60 },
  /** "This wasn't me" links: a token is 256 random bits, so this only slows scripted guessing further. */
  emailChangeUndo: { max: 10, windowSeconds: 60 * 60 },
  /** Download your data: building an archive reads the whole account. */
  dataExports: { max: 3, windowSeconds: 24 * 60 * 60 },
  /** Import an archive: each one is read whole and its photos processed. */
  imports: { max: 10, windowSeconds: 24 * 60 * 60 },
  /** Block, mute and muted words: generous (200 a day), only against scripted churn. */
  safety: { max: 200, windowSeconds: 24 * 60 * 60 },
  /**
   * `POST /api/v1/apps` per address: an app registers once per server it signs in to (Elk and
   * Phanpy once per sign-in), so 30 an hour is far above any person's use; a script filling
   * `oauth_apps` is not.
   */
  appRegistrations: { max: 30, windowSeconds: 60 * 60 },
} as const satisfies Record<string, { max: number; windowSeconds: number }>;
export type RateLimitName = keyof typeof rateLimits;

/**
 * Failed sign-ins per account: counted per normalized email, whether or not it has an
 * account, in every client address together. The first `freeFailures` cost nothing; after that
 * each attempt for the account waits `firstDelaySeconds`, doubling with each further failure, at
 * most `maxDelaySeconds`, after the last failure. A wait, never a refusal: an attacker can slow the
 * owner's next sign-in by at most `maxDelaySeconds` but cannot lock them out. The right password
 * clears the count; it is also forgotten `forgetAfterSeconds` after the last failure.
 * OWASP's authentication cheat sheet recommends exactly this exponential per-account delay over a
 * lock-out; Mastodon and Pixelfed limit per address only. docs/security.md explains why the wait
 * holds the request rather than answering 429.
 */
export const signInSlowdown = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 30,
  forgetAfterSeconds: 60 * 60,
} as const;

/** Limits shared by forms and server validation, so both refuse the same input with the same words. */
export const limits = {
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 50,
  /**
   * "Search users": a name prefix, or an account elsewhere as `@name@host` or its profile URL
   * (federation), which can be long; the server looks it up by WebFinger.
   */
  accountSearchQueryMax: 300,
  /** A handle (`name@host`) or profile URL naming an account elsewhere (aliases, Move). */
  accountHandleMax: 300,
  /** An account moves at most once in this many days (Mastodon's cool-down). */
  moveCooldownDays: 30,
  /**
   * JSON from other servers (an inbox body, a fetched actor or key) nested deeper than this is
   * refused before it is parsed: activities nest a few levels (an attachment's url, a tag's icon),
   * and JSON-LD processing recurses per level (200,000 levels overflowed its stack after a second).
   */
  federationJsonMaxDepth: 32,
  /** Former accounts a member may list as aliases. */
  aliasesMax: 10,
  usernameMin: 3,
  usernameMax: 30,
  websiteMax: 200,
  /** An app's registration (`POST /api/v1/apps`): Mastodon's own limits on its name, website and redirect URIs. */
  oauthAppNameMax: 60,
  oauthAppWebsiteMax: 2000,
  oauthRedirectUrisMax: 2000,
  /** A whole OAuth request parameter (a scope list, a state, a client id): generous, only against abuse. */
  oauthParamMax: 2000,
  bioMax: 300,
  captionMax: 2200,
  /** A post's content warning (Mastodon's `spoiler_text` takes its share of a 500-character post). */
  contentWarningMax: 500,
  /** A post's place name (Location): a venue, a street, a town. */
  placeNameMax: 120,
  /** Places the Location field suggests as a member types, and the Places tab shows. */
  placeResultsMax: 8,
  /** Posts a member may pin to the top of their profile (Mastodon's limit). */
  pinnedPostsMax: 5,
  altTextMax: 1000,
  commentMax: 1000,
  /** A domain on /admin/federation: a host name (253, RFC 1035) and a port. */
  domainMax: 259,
  reportMax: 1000,
  /** Registrations (docs/operations.md, "Who may join"): the reason a sign-up gives when approval is required. */
  registrationReasonMax: 500,
  /** A turned-down address may sign up again this many days after (GoToSocial's and Mastodon's habit). */
  rejectedSignUpCooldownDays: 7,
  /** Staff are told of waiting sign-ups at most once in this many minutes (in-app and by mail). */
  waitingSignUpNoticeMinutes: 60,
  /** An invite link's code: what /signup?invite= and the sign-up body may carry. */
  inviteCodeMax: 64,
  /** How many times one invite link may be used, when its creator sets a number. */
  inviteUsesMax: 1000,
  /** Invite links a member may hold at once that still work (not revoked, used up or expired). */
  invitesPerMemberMax: 50,
  /**
   * The proof-of-work challenge on sign-up and password-reset requests (docs/operations.md, "Spam"):
   * the largest number the browser may have to try, which admins set. The average solve tries half
   * of it; 50,000 SHA-256 tries take a phone about half a second in a Web Worker, and make a script
   * that signs up thousands of accounts pay for each. The floor keeps it from being turned off.
   */
  challengeDifficultyDefault: 50_000,
  challengeDifficultyMin: 1_000,
  challengeDifficultyMax: 5_000_000,
  /** How long a challenge may be answered, and so how long its answer is remembered as used. */
  challengeSeconds: 600,
  /** Email domain blocks an admin may keep (/admin/registrations). */
  emailDomainBlocksMax: 1000,
  /** The server's rules (/admin/rules): a short title, an optional explanation, and how many. */
  ruleTextMax: 300,
  ruleExplanationMax: 1000,
  rulesMax: 50,
  /** An announcement (/admin/announcements): plain text, its links made clickable where shown. */
  announcementMax: 1000,
  /** Announcements kept at once, shown or scheduled or past: the banner and the API read them all. */
  announcementsMax: 50,
  /** Days of daily figures the admin dashboard charts. */
  dashboardDays: 30,
  feedbackMax: 2000,
  /** Accounts signed in at once on one device (better-auth multi-session, Add Account). */
  deviceAccountsMax: 5,
  eventTitleMax: 120,
  eventDescriptionMax: 5000,
  /** A start time may lie at most this far back (an event being written up late)… */
  eventStartsMaxPastDays: 365,
  /** …and at most this far ahead. Anything else is a typo in the year. */
  eventStartsMaxFutureYears: 10,
  /** How long an event lasts in a calendar export; the spec records no end time. */
  eventDefaultDurationHours: 2,
  /** Place: a venue and its address on a few lines. */
  eventPlaceMax: 500,
  /** Capacity: a positive number of places, at most this. */
  eventCapacityMax: 100_000,
  /** A repeating event ends by a date or after this many dates at most… */
  eventRepeatCountMax: 200,
  /** …and its last date lies at most this many years after its first. */
  eventRepeatMaxYears: 5,
  /** How many next dates a repeating event lists. */
  eventNextOccurrences: 3,
  /** Random bytes of a calendar-feed token (base64url: 32 characters). */
  calendarFeedTokenBytes: 24,
  /** The upcoming-events panel: how many it shows by default and at most. */
  upcomingEventsDefault: 5,
  upcomingEventsMax: 20,
  imageMaxBytes: 15 * 1024 * 1024,
  /** Pixel limit guards against decompression bombs; 50 MP covers every phone camera. */
  imageMaxPixels: 50_000_000,
  /** Widths each uploaded image is stored at, for srcset. Never upscaled. */
  imageWidths: [320, 640, 1280] as const,
  pageSize: 20,
  searchDebounceMs: 500,
  /** The /search page's query: a sentence or two; longer text is refused (400), never searched. */
  searchQueryMax: 200,
  /**
   * Posts and events matching a search are ranked among their newest this many: a common word
   * matches thousands, and ranking them all would cost a scan of every match (docs/performance.md).
   */
  searchRankedMax: 500,
  /** Tags found by the tag search, and shown under Trending tags. */
  tagResultsMax: 10,
  /** Trending tags: the days looked back, and how many accounts must use a tag for it to count. */
  trendingDays: 7,
  trendingMinAuthors: 3,
  starFollowerThreshold: 10,
  avatarStackSize: 3,
  /** Password reset links work this long. */
  resetPasswordLinkSeconds: 60 * 60,
  /** Email confirmation links work this long. */
  verifyEmailLinkSeconds: 24 * 60 * 60,
  /**
   * The "This wasn't me" link mailed to the old address when an email change completes works this
   * long, and the old address stays kept for the account as long (at least 72 hours, so
   * someone away for a long weekend still finds it in time).
   */
  emailChangeUndoSeconds: 7 * 24 * 60 * 60,
  /** A deleted account's username stays reserved this long, so nobody can pose as its owner at once. */
  usernameReservedDays: 30,
  /** A data export is offered this long once ready… */
  dataExportKeepDays: 7,
  /** …and one still building after this long is taken for dead (its server stopped). */
  dataExportBuildMaxMinutes: 60,
  /**
   * Import: the largest archive accepted (Instagram downloads reached 784 MB in 2025);
   * the upload streams to disk and is refused as soon as it passes this.
   */
  importMaxBytes: 1536 * 1024 * 1024,
  /** Files in one archive: a ten-year Instagram account has a few thousand. */
  importMaxEntries: 20_000,
  /** All files of an archive together, as they declare their unpacked sizes (a zip bomb declares more). */
  importMaxUnpackedBytes: 3 * 1024 * 1024 * 1024,
  /** The list of posts (posts_1.json, outbox.json, posts.json) is parsed whole: at most this. */
  importPostsFileMaxBytes: 64 * 1024 * 1024,
  /** An import still running after this long is taken for dead, and may be started again. */
  importMaxMinutes: 6 * 60,
  /**
   * New posts one import makes, by default (IMPORT_MAX_POSTS): the rest are left for the next import
   * of the same archive, which skips what is there. Bounds the disk and CPU one upload can claim.
   */
  importMaxPosts: 1000,
  /**
   * What one member's photos may take on disk, originals and every size included, by default
   * (ACCOUNT_STORAGE_QUOTA_MB; 0 is no limit). A photo posted twice is stored once.
   */
  accountStorageQuotaMb: 4096,
  /**
   * A video's length and size by default (VIDEO_MAX_SECONDS, VIDEO_MAX_MB): three minutes covers a
   * phone clip, an Instagram reel (90 s) and Pixelfed's default; 200 MB a 3-minute 1080p iPhone
   * clip (~130 MB in HEVC). A longer video is refused with the limit named, never cut short.
   */
  videoMaxSeconds: 3 * 60,
  /**
   * The largest video fetched from another server for one of its posts: the server's outbound
   * client holds a response in memory, so well below an upload's 200 MB. A larger one is not fetched:
   * the post links to the original instead (Mastodon's own remote cap is 99 MB, but its clips are
   * mostly under 40).
   */
  remoteVideoMaxBytes: 40 * 1024 * 1024,
  videoMaxBytes: 200 * 1024 * 1024,
  /** The stored MP4: its longer side and frame rate at most these (Mastodon's own bounds). */
  videoMaxSide: 1920,
  /** A larger picture is refused before it is decoded: DCI 4K, above every phone's 4K recording. */
  videoMaxPixels: 4096 * 2160,
  videoMaxFps: 60,
  /** Items (photos and videos) in one post: Instagram's 10; Mastodon, Pixelfed and Bluesky allow 4. */
  postPhotosMax: 10,
  /** Post photos get one more, larger width for big screens (2048 px on the long side). */
  postImageWidths: [320, 640, 1280, 2048] as const,
  /** Uploads of one post run in parallel, at most this many at once. */
  parallelUploads: 3,
  /** A hashtag's length in characters, without the #. */
  hashtagMax: 100,
  /**
   * Hashtags one member may follow. Each is an index range the home feed reads (composers/feed);
   * its budget is measured at 50 (bench/), and this keeps the worst case within a few times that.
   */
  followedTagsMax: 100,
  /** Trust and safety: a moderator's note, one muted word, and how many words one may mute. */
  moderationNoteMax: 1000,
  mutedWordMax: 50,
  mutedWordsMax: 100,
} as const;

/** Notifications and web push. */
export const notificationLimits = {
  /** Push services' endpoints are URLs of a few hundred characters. */
  pushEndpointMax: 1000,
  /** A burst of notices into one group sends at most one push per this many seconds. */
  pushPerGroupSeconds: 60,
  /** People shown in a group's avatar stack and named in its line. */
  groupAvatars: 3,
} as const;

/** Passkeys. */
export const passkeyLimits = {
  /** Passkeys one account may hold (a phone, a laptop, a security key or two, with room to spare). */
  perAccountMax: 20,
  /** A passkey's label. */
  nameMax: 50,
  /** A registration or sign-in challenge is answered within this long (WebAuthn's default timeout). */
  challengeSeconds: 300,
  /**
   * A password reset removes the passkeys added in this many days before it, and the undo of a
   * change of email those added in this many days before the change or since: as long as the
   * undo link works, and enough for an intrusion to be noticed, while a member who simply forgot
   * their password keeps the passkeys they have had for longer (docs/security.md, 27h).
   */
  recoveryLookbackDays: 7,
} as const;

/**
 * What a video upload may be, checked by content (ffprobe), never by name: the containers phones
 * and browsers record (MP4 and MOV from phones, WebM from browsers and Android), and in them the
 * codecs those record. The MIME types are what a file picker and the instance API name them.
 */
export const videoFormats = {
  mimeTypes: ['video/mp4', 'video/quicktime', 'video/webm'],
  /** ffprobe's `format_name` lists several names per demuxer (`mov,mp4,m4a,3gp,3g2,mj2`). */
  containers: ['mov', 'mp4', 'webm', 'matroska'],
  videoCodecs: ['h264', 'hevc', 'vp8', 'vp9', 'av1'],
  audioCodecs: ['aac', 'mp3', 'opus', 'vorbis', 'alac', 'pcm_s16le', 'ac3', 'eac3'],
} as const;
