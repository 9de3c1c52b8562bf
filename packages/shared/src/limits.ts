/** Limits shared by forms and server validation, so both refuse the same input with the same words. */
export const limits = {
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 50,
  usernameMin: 3,
  usernameMax: 30,
  websiteMax: 200,
  bioMax: 300,
  captionMax: 2200,
  altTextMax: 1000,
  commentMax: 1000,
  reportMax: 1000,
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
  starFollowerThreshold: 10,
  avatarStackSize: 3,
} as const;
