/**
 * zod contracts shared by client forms and server routes. Named after the input they describe
 * (`SignUpInput`); the inferred types carry the same names.
 */
import { z } from 'zod';
import { hasBidiControl, hasVisibleCharacter } from './display-text.ts';
import { normalizeDomain } from './domains.ts';
import {
  audiences,
  emailDomainBlockSeverities,
  type InviteExpiry,
  imagePurposes,
  inviteCreators,
  inviteExpiries,
  type NotificationPreferenceType,
  notificationPreferenceTypes,
  quotePolicies,
  registrationModes,
} from './dto.ts';
import { currentZoneName, isTimeZone } from './event-time.ts';
import { languageCodes } from './i18n.ts';
import { limits, notificationLimits } from './limits.ts';
import { httpUrl } from './links.ts';
import { messages } from './messages.ts';
import { isHashtag, normalizeTag } from './text-entities.ts';

/**
 * A check's message, read when the check fails rather than when this module loads: it then comes in
 * the reader's language (the web app's active one; on the server, the request's, lib/language.ts).
 */
const say = (read: () => string) => ({ error: () => read() });

// The web app runs under a Content-Security-Policy without 'unsafe-eval'. zod would otherwise
// probe `new Function` while defining these schemas (to compile faster parsers), which the
// browser reports as a CSP violation on every page load. Our bodies are small: parse without it.
z.config({ jitless: true });

/** A field's name as the messages say it, in the reader's language ("Caption"). */
type Field = keyof typeof messages.fields;
const nameOf = (field: Field) => messages.fields[field];
const required = (field: Field) => say(() => messages.common.fieldRequired(nameOf(field)));
const atMost = (field: Field, max: number) => say(() => messages.common.fieldTooLong(nameOf(field), max));
const wrongType = (field: Field) => say(() => messages.common.fieldWrongType(nameOf(field)));

/** A string field whose type errors read like its other errors ("Bio must be text."). */
const text = (field: Field) =>
  z.string({
    error: (issue) =>
      issue.input === undefined
        ? messages.common.fieldRequired(nameOf(field))
        : messages.common.fieldNotText(nameOf(field)),
  });

/** A missing field reads "Title is required." whether it was left out, blank or only spaces. */
const requiredText = (max: number, field: Field) =>
  z
    .string({
      error: (issue) =>
        issue.input == null
          ? messages.common.fieldRequired(nameOf(field))
          : messages.common.fieldNotText(nameOf(field)),
    })
    .trim()
    .min(1, required(field))
    .max(max, atMost(field, max));

const optionalText = (max: number, field: Field) =>
  text(field).trim().max(max, atMost(field, max)).optional().default('');

export const SignUpInput = z
  .object({
    email: z
      .string()
      .trim()
      .min(
        1,
        say(() => messages.auth.allFieldsRequired),
      )
      .max(limits.emailMax),
    password: z
      .string()
      .min(
        1,
        say(() => messages.auth.allFieldsRequired),
      )
      .max(limits.passwordMax),
    verifyPassword: z.string().min(
      1,
      say(() => messages.auth.allFieldsRequired),
    ),
  })
  .refine((v) => v.password === v.verifyPassword, {
    error: () => messages.auth.passwordsDoNotMatch,
    path: ['verifyPassword'],
  });
export type SignUpInput = z.infer<typeof SignUpInput>;

export const SignInInput = z.object({
  email: z.string().trim().min(1, required('email')),
  password: z.string().min(1, required('password')),
});
export type SignInInput = z.infer<typeof SignInInput>;

/**
 * Website fields accept only http(s) links, so a `javascript:` URL can never become a link.
 * A bare domain ("glimpse.app") gets https:// in front, as people type it that way.
 */
export const WebsiteUrl = text('website')
  .trim()
  .max(limits.websiteMax, atMost('website', limits.websiteMax))
  .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value))
  .refine(
    (value) => !value || Boolean(httpUrl(value)?.hostname.includes('.')),
    say(() => messages.common.websiteNotUrl),
  );

/**
 * A first or last name: shown beside the app's words wherever the person acts, so no direction
 * controls and at least one visible character (display-text.ts says why). An empty name is
 * "… is required." alone.
 */
const personName = (field: 'firstName' | 'lastName') =>
  requiredText(limits.nameMax, field)
    .refine(
      (value) => !hasBidiControl(value),
      say(() => messages.profile.nameDirectionControl(nameOf(field))),
    )
    .refine(
      (value) => value === '' || hasVisibleCharacter(value),
      say(() => messages.profile.nameInvisible(nameOf(field))),
    );

/** ASCII letters, digits, dots and underscores only: no direction control or invisible character fits. */
export const Username = text('username')
  .trim()
  .min(
    limits.usernameMin,
    say(() => messages.common.fieldTooShort(nameOf('username'), limits.usernameMin)),
  )
  .max(limits.usernameMax, atMost('username', limits.usernameMax))
  .regex(
    /^[A-Za-z0-9_.]+$/,
    say(() => messages.common.usernameCharacters),
  );

export const ImageId = z.uuid(say(() => messages.image.unknown));

export const ProfileInput = z.object({
  firstName: personName('firstName'),
  lastName: personName('lastName'),
  username: Username,
  website: WebsiteUrl.optional().default(''),
  bio: optionalText(limits.bioMax, 'bio'),
  /** null removes the image; undefined keeps the current one. */
  profileImageId: ImageId.nullable().optional(),
  backgroundImageId: ImageId.nullable().optional(),
});
export type ProfileInput = z.input<typeof ProfileInput>;
export type ProfileInputParsed = z.output<typeof ProfileInput>;

/** The upload form's `purpose` field (dto.ts `imagePurposes`). */
export const ImagePurpose = z.enum(
  imagePurposes,
  say(() => messages.common.imagePurposeUnknown),
);
export type ImagePurpose = z.infer<typeof ImagePurpose>;

/** One photo of a post: an upload of the caller's and what a screen reader says for it. */
export const PostPhotoInput = z.object({
  imageId: z.uuid(say(() => messages.image.missing)),
  altText: optionalText(limits.altTextMax, 'altText'),
});
export type PostPhotoInput = z.input<typeof PostPhotoInput>;

/** Who may see a post or event; omitted: public, or followers only on a private account. */
export const AudienceInput = z.enum(audiences, wrongType('audience')).optional();
export const QuotePolicyInput = z.enum(quotePolicies, wrongType('quotePolicy')).optional();

const coordinate = (bound: number) =>
  z
    .number(say(() => messages.event.placeCoordinatesInvalid))
    .min(
      -bound,
      say(() => messages.event.placeCoordinatesInvalid),
    )
    .max(
      bound,
      say(() => messages.event.placeCoordinatesInvalid),
    )
    .nullable()
    .optional();

/**
 * Where a post's photos were taken, as its author typed or picked it: a name, and coordinates only
 * when the author gave them (their browser's location); never read from a photo's EXIF, which is
 * stripped on upload.
 */
export const PostLocationInput = z
  .object({
    name: requiredText(limits.placeNameMax, 'location'),
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  .refine((value) => (value.latitude == null) === (value.longitude == null), {
    error: () => messages.event.placeCoordinatesInvalid,
    path: ['latitude'],
  });
export type PostLocationInput = z.input<typeof PostLocationInput>;

/**
 * The caption, its length, the content warning and the sensitive flag: the same rules for a new post
 * and an edit. A warning makes the post sensitive whatever the flag says (`isSensitivePost`).
 */
export const PostTextInput = z.object({
  caption: requiredText(limits.captionMax, 'caption'),
  contentWarning: optionalText(limits.contentWarningMax, 'contentWarning'),
  /** Omitted: none on a new post, unchanged on an edit; null takes it off. */
  location: PostLocationInput.nullable().optional(),
  sensitive: z
    .boolean({ error: () => messages.common.fieldWrongType(messages.photos.sensitive) })
    .optional()
    .default(false),
  audience: AudienceInput,
  /** Omitted: the account's choice on a new post, unchanged on an edit. */
  quotePolicy: QuotePolicyInput,
});
export type PostTextInput = z.input<typeof PostTextInput>;

/** A post with a content warning is sensitive: its photos stay behind Show like any sensitive post's. */
export const isSensitivePost = (post: { sensitive: boolean; contentWarning: string }) =>
  post.sensitive || post.contentWarning !== '';

/** A post: 1 to `limits.postPhotosMax` photos in the order shown, each upload once. */
export const CreatePostInput = PostTextInput.extend({
  /** The post this one quotes (Quote); it must be open to anyone and its policy must let the author in. */
  quotedPostId: z.uuid({ error: () => messages.quotes.notQuotable }).optional(),
  photos: z
    .array(PostPhotoInput, { error: () => messages.image.missing })
    .min(
      1,
      say(() => messages.image.missing),
    )
    .max(
      limits.postPhotosMax,
      say(() => messages.photos.tooMany(limits.postPhotosMax)),
    )
    .refine(
      (photos) => new Set(photos.map((p) => p.imageId)).size === photos.length,
      say(() => messages.photos.duplicate),
    ),
});
export type CreatePostInput = z.input<typeof CreatePostInput>;

/** An edit changes the words around the photos, never the photos: one alt text per photo, in order. */
export const EditPostInput = PostTextInput.extend({
  altTexts: z
    .array(text('altText').trim().max(limits.altTextMax, atMost('altText', limits.altTextMax)), {
      error: () => messages.postEdit.altTextCount,
    })
    .max(
      limits.postPhotosMax,
      say(() => messages.postEdit.altTextCount),
    ),
});
export type EditPostInput = z.input<typeof EditPostInput>;

/** A place page's slug, as /locations/{slug} names it: letters of any script, digits, dashes. */
export const PlaceSlugParam = z
  .string()
  .min(1)
  .max(limits.placeNameMax * 2)
  .regex(/^[\p{L}\p{N}-]+$/u);

/** A hashtag page's tag, as it appears in /tags/{tag}: any case, without the #. */
export const TagParam = z
  .string()
  .transform((tag) => normalizeTag(tag))
  .refine(
    isHashtag,
    say(() => messages.tags.invalid),
  );

/** The original accepted empty comments; Glimpse refuses them with a clear message. */
export const CommentInput = z.object({
  body: requiredText(limits.commentMax, 'comment'),
});
export type CommentInput = z.input<typeof CommentInput>;

/** An opaque keyset cursor from a previous page's `nextCursor`. */
export const PageQuery = z.object({
  cursor: z.string().max(200).optional(),
});

export const ReportInput = z.object({
  reason: requiredText(limits.reportMax, 'reason'),
  /** The server rules the reporter says were broken (ids from the rules list; unknown ones are a 400). */
  ruleIds: z.array(z.uuid()).max(limits.rulesMax).optional().default([]),
  /** Also send the report (without the reporter's name) to the remote account's server, as a Flag. */
  forward: z.boolean().optional().default(false),
});
export type ReportInput = z.input<typeof ReportInput>;

export const SearchQuery = z.object({
  q: z.string().trim().max(limits.accountSearchQueryMax).default(''),
});

/**
 * The /search page (posts, tags, events): words, "quoted phrases", `#tag` and `@username` filters.
 * Longer than `limits.searchQueryMax` is a 400; operators like `&|!:*` are plain text to
 * PostgreSQL's websearch_to_tsquery, so any text within the limit is safe to search.
 */
export const SiteSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(
      limits.searchQueryMax,
      say(() => messages.search.tooLong(limits.searchQueryMax)),
    )
    .default(''),
  /** How many results came before: search pages are ranked, so they continue by position. */
  cursor: z
    .string()
    .regex(
      /^\d{1,4}$/,
      say(() => messages.search.badCursor),
    )
    .transform(Number)
    .optional(),
});
export type SiteSearchQuery = z.input<typeof SiteSearchQuery>;

/** Feedback from the Help page: trimmed, never empty, at most limits.feedbackMax characters. */
export const FeedbackInput = z.object({
  body: z
    .string({ error: () => messages.feedback.empty })
    .trim()
    .min(
      1,
      say(() => messages.feedback.empty),
    )
    .max(
      limits.feedbackMax,
      say(() => messages.feedback.tooLong(limits.feedbackMax)),
    ),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

const dayMs = 24 * 60 * 60 * 1000;

/** Whether an instant is a sane event start: not over a year ago, not over 10 years ahead. */
export function isEventStartInRange(startsAt: Date, now: Date = new Date()): boolean {
  const earliest = now.getTime() - limits.eventStartsMaxPastDays * dayMs;
  const latest = new Date(now);
  latest.setFullYear(latest.getFullYear() + limits.eventStartsMaxFutureYears);
  return startsAt.getTime() >= earliest && startsAt.getTime() <= latest.getTime();
}

/**
 * The start of an event as one instant (DESIGN.md §4). The browser turns the native date and time
 * pickers' values into ISO 8601 with an offset (`new Date(`${date}T${time}`).toISOString()`), so
 * the server never has to guess the person's time zone.
 */
export const EventStart = z.iso
  .datetime({
    offset: true,
    abort: true,
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? messages.event.startRequired
        : messages.event.startInvalid,
  })
  .refine(
    (value) => isEventStartInRange(new Date(value)),
    say(() => messages.event.startOutOfRange),
  );

/** How an event repeats (RFC 5545 FREQ); "never" is no rule at all. */
export const repeatFrequencies = ['weekly', 'monthly'] as const;
export type RepeatFrequency = (typeof repeatFrequencies)[number];

const EventRepeat = z.object({
  frequency: z.enum(
    repeatFrequencies,
    say(() => messages.event.repeatFrequencyInvalid),
  ),
  /** The last day a date may fall on, in the event's zone (`2027-06-30`). */
  until: z.iso
    .date(say(() => messages.event.repeatUntilInvalid(limits.eventRepeatMaxYears)))
    .nullable()
    .optional(),
  count: z
    .number(say(() => messages.event.repeatCountInvalid(limits.eventRepeatCountMax)))
    .int(say(() => messages.event.repeatCountInvalid(limits.eventRepeatCountMax)))
    .min(
      2,
      say(() => messages.event.repeatCountInvalid(limits.eventRepeatCountMax)),
    )
    .max(
      limits.eventRepeatCountMax,
      say(() => messages.event.repeatCountInvalid(limits.eventRepeatCountMax)),
    )
    .nullable()
    .optional(),
});
export type EventRepeatInput = z.output<typeof EventRepeat>;

/** The fields an event is created with and edited through (the picture is chosen once). */
const EventFields = z.object({
  title: requiredText(limits.eventTitleMax, 'title'),
  startsAt: EventStart,
  /** Optional; after the start. */
  endsAt: z.iso
    .datetime({ offset: true, error: () => messages.event.startInvalid })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  /** The zone the Date and Time were entered in (IANA); older clients send none and mean UTC. */
  timeZone: z
    .string(say(() => messages.event.timeZoneInvalid))
    .refine(
      isTimeZone,
      say(() => messages.event.timeZoneInvalid),
    )
    // An old name (Asia/Calcutta) is accepted and kept under its current one (Asia/Kolkata).
    .transform(currentZoneName)
    .optional()
    .default('UTC'),
  place: optionalText(limits.eventPlaceMax, 'place'),
  latitude: coordinate(90),
  longitude: coordinate(180),
  capacity: z
    .number(say(() => messages.event.capacityInvalid(limits.eventCapacityMax)))
    .int(say(() => messages.event.capacityInvalid(limits.eventCapacityMax)))
    .min(
      1,
      say(() => messages.event.capacityInvalid(limits.eventCapacityMax)),
    )
    .max(
      limits.eventCapacityMax,
      say(() => messages.event.capacityInvalid(limits.eventCapacityMax)),
    )
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  repeat: EventRepeat.nullable()
    .optional()
    .transform((value) => value ?? null),
  // The profile's website is optional; an event's is required (SPEC.md §5), with the same checks.
  website: z
    .string(say(() => messages.event.websiteRequired))
    .trim()
    .min(
      1,
      say(() => messages.event.websiteRequired),
    )
    .pipe(WebsiteUrl),
  description: requiredText(limits.eventDescriptionMax, 'description'),
  audience: AudienceInput,
});

const yearMs = 366 * dayMs;

/** The rules between fields: end after start, both coordinates or none, a repeat that ends. */
function checkEventFields(
  value: z.output<typeof EventFields>,
  context: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
) {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', message, path: [path] });
  const start = Date.parse(value.startsAt);
  if (value.endsAt !== null && Date.parse(value.endsAt) <= start)
    issue('endsAt', messages.event.endBeforeStart);
  if ((value.latitude == null) !== (value.longitude == null))
    issue('latitude', messages.event.placeCoordinatesInvalid);
  const repeat = value.repeat;
  if (repeat) {
    const hasUntil = repeat.until != null;
    const hasCount = repeat.count != null;
    if (hasUntil === hasCount) issue('repeat', messages.event.repeatEndRequired);
    if (hasUntil) {
      const until = Date.parse(`${repeat.until}T23:59:59Z`);
      if (until <= start || until > start + limits.eventRepeatMaxYears * yearMs)
        issue('repeat', messages.event.repeatUntilInvalid(limits.eventRepeatMaxYears));
    }
  }
}

export const CreateEventInput = EventFields.extend({
  /** Optional: events without a picture show a placeholder. */
  imageId: z
    .uuid(say(() => messages.image.unknown))
    .nullable()
    .optional(),
}).superRefine(checkEventFields);
export type CreateEventInput = z.input<typeof CreateEventInput>;
export type CreateEventInputParsed = z.output<typeof CreateEventInput>;

/** `PUT /api/events/:id`: every field but the picture, replaced at once by the host. */
export const UpdateEventInput = EventFields.superRefine(checkEventFields);
export type UpdateEventInput = z.input<typeof UpdateEventInput>;
export type UpdateEventInputParsed = z.output<typeof UpdateEventInput>;

/** Which date of a repeating event (0 = the first; a single event has only 0). */
export const OccurrenceQuery = z.object({
  occurrence: z.coerce
    .number(say(() => messages.event.occurrenceUnknown))
    .int(say(() => messages.event.occurrenceUnknown))
    .min(
      0,
      say(() => messages.event.occurrenceUnknown),
    )
    .max(
      limits.eventRepeatCountMax * 10,
      say(() => messages.event.occurrenceUnknown),
    )
    .optional(),
});

/** `/api/events?when=upcoming` (soonest first) or `past` (latest first). */
export const EventListQuery = PageQuery.extend({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});
export type EventWhen = z.output<typeof EventListQuery>['when'];

export const UpcomingEventsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(limits.upcomingEventsMax).default(limits.upcomingEventsDefault),
});

/**
 * better-auth's `GET /api/auth/multi-session/list-device-sessions` (the fields the web app reads).
 * Its answer is not a Hono route's, so the web app parses it instead of trusting a cast.
 */
export const DeviceSessionList = z.array(
  z.object({
    session: z.object({ token: z.string(), userId: z.string() }),
    user: z.object({ id: z.string(), email: z.string() }),
  }),
);
export type DeviceSession = z.output<typeof DeviceSessionList>[number];

// ── Accounts: password reset, /settings/account ──────────────────────────────────────────────

const newPassword = z
  .string(required('newPassword'))
  .min(1, required('newPassword'))
  .min(
    limits.passwordMin,
    say(() => messages.auth.passwordTooShort(limits.passwordMin)),
  )
  .max(limits.passwordMax, atMost('newPassword', limits.passwordMax));

export const ForgotPasswordInput = z.object({
  email: z
    .string(required('email'))
    .trim()
    .min(1, required('email'))
    .max(limits.emailMax)
    .pipe(z.email(say(() => messages.auth.emailInvalid))),
});
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** /reset-password: the new password twice; the token comes from the link. */
export const ResetPasswordInput = z
  .object({ newPassword: newPassword, verifyPassword: z.string() })
  .refine((v) => v.newPassword === v.verifyPassword, {
    error: () => messages.auth.passwordsDoNotMatch,
    path: ['verifyPassword'],
  });
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

export const ChangePasswordInput = z.object({
  currentPassword: z.string(required('currentPassword')).min(1, required('currentPassword')),
  newPassword: newPassword,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/**
 * A step-up: the password again, so that a stolen, signed-in device alone cannot do what outlasts
 * its session (Delete account, Add a passkey).
 */
const PasswordStepUp = z.object({
  password: z.string(required('password')).min(1, required('password')).max(limits.passwordMax),
  /** Asked for (and required by the server) when two-factor is on. */
  code: z.string().trim().max(20).optional(),
});

export const DeleteAccountInput = PasswordStepUp;
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** Add a passkey: the step-up before the registration options (server auth/passkeys.ts). */
export const AddPasskeyInput = PasswordStepUp;
export type AddPasskeyInput = z.infer<typeof AddPasskeyInput>;

/** better-auth's `GET /api/auth/list-sessions`: the devices signed in to the account. */
export const AccountSessionList = z.array(
  z.object({
    id: z.string(),
    token: z.string(),
    userAgent: z.string().nullish(),
    createdAt: z.coerce.date(),
    updatedAt: z.coerce.date(),
  }),
);
export type AccountSession = z.output<typeof AccountSessionList>[number];

// ── notifications ─────────────────────────────────────────────────────────────────────────

/** /notifications?filter=mentions shows only mentions; the cursor is PageQuery's. */
export const NotificationListQuery = PageQuery.extend({
  filter: z.enum(['all', 'mentions'], { error: () => messages.notifications.badFilter }).default('all'),
});

const preferenceFlags = z.object(
  Object.fromEntries(notificationPreferenceTypes.map((type) => [type, z.boolean().optional()])) as Record<
    NotificationPreferenceType,
    z.ZodOptional<z.ZodBoolean>
  >,
);

/** Only the flags sent change; the others keep their value. */
export const NotificationPreferencesInput = z.object({
  inApp: preferenceFlags.optional(),
  push: preferenceFlags.optional(),
  /** Only event reminders are ever emailed. */
  email: z.object({ event_reminder: z.boolean().optional() }).optional(),
});

const base64url = z
  .string()
  .min(1)
  .max(200)
  .regex(
    /^[A-Za-z0-9_-]+=*$/,
    say(() => messages.notifications.badSubscription),
  );

/** PushSubscription.toJSON() as the browser gives it. */
export const PushSubscriptionInput = z.object({
  // The server POSTs to this address: https on port 443 to a host name. Only the first look: the
  // server's outbound gate (lib/outbound/gate.ts) resolves the name and refuses internal addresses.
  endpoint: z
    .string({ error: () => messages.notifications.badSubscription })
    .trim()
    .max(
      notificationLimits.pushEndpointMax,
      say(() => messages.notifications.badSubscription),
    )
    .pipe(
      z.url({
        protocol: /^https$/,
        hostname: /^(?!localhost$)(?![\d.]+$)[^[\]:]+$/,
        error: () => messages.notifications.badSubscription,
      }),
    )
    // The URL parser drops the default port: any port it keeps is not 443. zod runs this check
    // after a failed one too, so a string that is no URL passes here and fails above.
    .refine(
      (endpoint) => !URL.canParse(endpoint) || new URL(endpoint).port === '',
      say(() => messages.notifications.pushServiceRefused),
    ),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});

export type PushSubscriptionInput = z.output<typeof PushSubscriptionInput>;

/** DELETE …/push-subscription?endpoint=…: which of the caller's subscriptions to forget. */
export const PushUnsubscribeInput = z.object({
  endpoint: z
    .string({ error: () => messages.notifications.badSubscription })
    .min(
      1,
      say(() => messages.notifications.badSubscription),
    )
    .max(
      notificationLimits.pushEndpointMax,
      say(() => messages.notifications.badSubscription),
    ),
});

/** The language the member reads Glimpse in, saved on the account. */
export const LanguageInput = z.object({
  language: z.enum(
    languageCodes,
    say(() => messages.account.languageUnknown),
  ),
});
export type LanguageInput = z.infer<typeof LanguageInput>;

/**
 * The member's media settings: whether sensitive posts show without the blur, and whether posts with
 * a content warning open expanded. Either may be sent alone; what is left out stays as it was.
 */
export const MediaPreferencesInput = z.object({
  showSensitiveMedia: z
    .boolean({
      error: () => messages.common.fieldWrongType(messages.photos.alwaysShowSensitive),
    })
    .optional(),
  expandContentWarnings: z
    .boolean({
      error: () => messages.common.fieldWrongType(messages.contentWarnings.alwaysExpand),
    })
    .optional(),
  quotePolicy: QuotePolicyInput,
});
export type MediaPreferencesInput = z.infer<typeof MediaPreferencesInput>;

// ── Trust and safety ────────────────────────────────────────────────────────────────────────

/** A moderator's action on a report: the note is kept in the audit log. */
export const ModerationActionInput = z.object({
  note: optionalText(limits.moderationNoteMax, 'note'),
});
export type ModerationActionInput = z.input<typeof ModerationActionInput>;

/** /admin/reports: the Open or the Resolved reports, a page of targets at a time. */
export const ReportListQuery = PageQuery.extend({
  status: z.enum(['open', 'resolved']).default('open'),
});
export type ReportListStatus = z.output<typeof ReportListQuery>['status'];

/** A muted word, hashtag or phrase (shared matching rule: safety.ts). */
export const MutedWordInput = z.object({
  word: requiredText(limits.mutedWordMax, 'word'),
});
export type MutedWordInput = z.input<typeof MutedWordInput>;

/**
 * A domain as /admin/federation takes it: `example.org`, with its port when it has one
 * (`example.org:8443`, as handles write it), a name without a dot (`localhost:4600`) or an address;
 * a pasted handle (`@alice@example.org:8443`) or URL gives its domain. Answers the host in the one
 * spelling blocks are stored and matched in (`normalizeDomain`: lower case, punycode, no trailing dot).
 */
export const federationDomain = z
  .string({ error: messages.federation.domainInvalid })
  .trim()
  .max(limits.domainMax, messages.federation.domainInvalid)
  .transform((value, ctx) => {
    const bare = value.replace(/^@?[^@/\s]+@(?=[^@]+$)/, '').replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
    const host = normalizeDomain(bare.split('/')[0]!);
    if (!host) {
      ctx.addIssue({ code: 'custom', message: messages.federation.domainInvalid });
      return z.NEVER;
    }
    return host;
  });

/**
 * /admin/registrations → Email domain blocks: a mail domain (or a mail server's, matched against
 * the address's MX hosts), in the spelling blocks are matched in, and what a match does.
 */
export const EmailDomainBlockInput = z.object({
  domain: federationDomain,
  severity: z.enum(emailDomainBlockSeverities),
});
export type EmailDomainBlockInput = z.input<typeof EmailDomainBlockInput>;

export const DomainBlockInput = z.object({
  domain: federationDomain,
  /** Only no media from it (avatars, photos): its accounts still follow, like and comment. */
  mediaOnly: z.boolean().default(false),
});
export type DomainBlockInput = z.input<typeof DomainBlockInput>;

/**
 * An account on another server (or this one) by handle (`@name@host`, `name@host`) or profile URL:
 * the old account of an alias, or the new account of a Move.
 */
export const AccountHandleInput = z.object({
  handle: z
    .string({ error: messages.moves.handleInvalid })
    .trim()
    .max(limits.accountHandleMax, messages.moves.handleInvalid)
    .regex(/^(@?[^@\s/]+@[^@\s/]+|https:\/\/\S+)$/, messages.moves.handleInvalid),
});
export type AccountHandleInput = z.input<typeof AccountHandleInput>;

/** Change email: the new address and the password again (a signed-in device alone cannot move the account). */
export const ChangeEmailInput = z.object({
  newEmail: z
    .string(required('email'))
    .trim()
    .min(1, required('email'))
    .max(limits.emailMax)
    .pipe(z.email(say(() => messages.auth.emailInvalid))),
  password: z.string(required('password')).min(1, required('password')).max(limits.passwordMax),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>;

/** "This wasn't me": the token from the link mailed to the old address (a random 43 characters). */
export const UndoEmailChangeInput = z.object({
  token: z
    .string({ error: () => messages.changeEmail.undoLinkMissing })
    .min(
      1,
      say(() => messages.changeEmail.undoLinkMissing),
    )
    .max(200),
});
export type UndoEmailChangeInput = z.infer<typeof UndoEmailChangeInput>;

/** /settings/account: the private-account switch. */
export const PrivacyInput = z.object({
  isPrivate: z.boolean(wrongType('privateAccount')),
});
export type PrivacyInput = z.input<typeof PrivacyInput>;

// ── Registrations, invites and rules ────────────────────────────────────────────────────────

const difficultyRange = say(() =>
  messages.registrations.challengeDifficultyRange(
    limits.challengeDifficultyMin,
    limits.challengeDifficultyMax,
  ),
);

/** /admin/registrations: any of its settings (admins). */
export const RegistrationSettingsInput = z
  .object({
    mode: z.enum(registrationModes).optional(),
    invitesBy: z.enum(inviteCreators).optional(),
    challengeDifficulty: z
      .number(wrongType('challengeDifficulty'))
      .int(difficultyRange)
      .min(limits.challengeDifficultyMin, difficultyRange)
      .max(limits.challengeDifficultyMax, difficultyRange)
      .optional(),
  })
  .refine((v) => v.mode !== undefined || v.invitesBy !== undefined || v.challengeDifficulty !== undefined, {
    error: () => messages.registrations.nothingToSave,
  });
export type RegistrationSettingsInput = z.input<typeof RegistrationSettingsInput>;

/**
 * What a sign-up adds to better-auth's body (auth/registrations.ts): the reason, when approval is
 * required, and an invite code. Both optional here; the registration mode decides what is needed.
 */
export const SignUpExtrasInput = z.object({
  reason: z
    .string()
    .trim()
    .max(limits.registrationReasonMax, atMost('reason', limits.registrationReasonMax))
    .optional()
    .default(''),
  inviteCode: z.string().trim().max(limits.inviteCodeMax).optional().default(''),
});
export type SignUpExtrasInput = z.input<typeof SignUpExtrasInput>;

/**
 * The answer to a proof-of-work challenge (proof-of-work.ts) that a sign-up or password-reset
 * request carries as `proofOfWork`; its shape only: the server checks the rest.
 */
export const ProofOfWorkSolutionInput = z.object(
  {
    algorithm: z.literal('SHA-256'),
    challenge: z.string().regex(/^[0-9a-f]{64}$/),
    number: z.number().int().min(0).max(limits.challengeDifficultyMax),
    salt: z.string().min(1).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  },
  { error: () => messages.proofOfWork.missing },
);

/** /settings/invites: how many uses (blank: no limit) and how long it works. */
export const InviteInput = z.object({
  maxUses: z
    .number()
    .int()
    .min(1)
    .max(limits.inviteUsesMax, atMost('uses', limits.inviteUsesMax))
    .nullable()
    .optional()
    .default(null),
  expiresIn: z.enum(Object.keys(inviteExpiries) as [InviteExpiry, ...InviteExpiry[]]).default('never'),
});
export type InviteInput = z.input<typeof InviteInput>;

/** /admin/rules: a rule's short text and its optional explanation. */
/** A rule in one other language: either field may be left blank (the rule's own shows instead). */
const RuleTranslation = z.object({
  text: optionalText(limits.ruleTextMax, 'rule'),
  explanation: optionalText(limits.ruleExplanationMax, 'explanation'),
});

export const RuleInput = z.object({
  text: requiredText(limits.ruleTextMax, 'rule'),
  explanation: optionalText(limits.ruleExplanationMax, 'explanation'),
  /** By shipped language; a language with both fields blank is not kept. */
  translations: z
    .partialRecord(z.enum(languageCodes), RuleTranslation)
    .optional()
    .default({})
    .transform((byLanguage) =>
      Object.fromEntries(
        Object.entries(byLanguage).filter(([, words]) => words && (words.text || words.explanation)),
      ),
    ),
});
export type RuleInput = z.input<typeof RuleInput>;

const AnnouncementTime = z.iso.datetime({ offset: true, error: () => messages.announcements.timeInvalid });

/**
 * /admin/announcements: the text (links in it become links where it is shown; nothing else is
 * markup), when members start to see it, and optionally when they stop.
 */
export const AnnouncementInput = z
  .object({
    text: requiredText(limits.announcementMax, 'announcement'),
    startsAt: AnnouncementTime,
    endsAt: AnnouncementTime.nullable()
      .optional()
      .transform((value) => value ?? null),
  })
  .refine((v) => v.endsAt === null || Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    path: ['endsAt'],
    error: () => messages.announcements.endsBeforeStart,
  });
export type AnnouncementInput = z.input<typeof AnnouncementInput>;

/** Move up / Move down on /admin/rules. */
export const RuleMoveInput = z.object({ direction: z.enum(['up', 'down']) });
export type RuleMoveInput = z.input<typeof RuleMoveInput>;
