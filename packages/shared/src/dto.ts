/** Shapes of what the API answers. The server builds them; the client renders them. */
import type { LanguageCode } from './i18n.ts';

/** What an uploaded image is for; each purpose is stored in its own folder (SPEC.md §3). */
export const imagePurposes = ['post', 'event', 'profile', 'background'] as const;

/** Who may see a post or an event: everyone, or the author's approved followers only. */
export const audiences = ['public', 'followers'] as const;
export type Audience = (typeof audiences)[number];

/**
 * Who may quote a post (FEP-044f `interactionPolicy.canQuote`, Mastodon 4.5's
 * `quote_approval_policy`): anyone, the author's approved followers, or nobody but its author.
 * A followers-only post, or any post of a private account, can never be quoted whatever it says.
 */
export const quotePolicies = ['anyone', 'followers', 'nobody'] as const;
export type QuotePolicy = (typeof quotePolicies)[number];
/** A quote's consent as stored: granted, awaited from a remote author's server, refused, withdrawn. */
export const quoteStates = ['pending', 'accepted', 'rejected', 'revoked'] as const;
/** The type itself is exported by schemas.ts beside its zod enum. */
type ImagePurpose = (typeof imagePurposes)[number];

export interface ImageDto {
  id: string;
  /** Largest stored size. */
  url: string;
  /** `url 320w, url 640w, …` (WebP) for the `srcset` attribute. */
  srcset: string;
  /**
   * The same widths as AVIF, for a `<source type="image/avif">`: post photos only, and null until
   * the server has encoded them, in the background shortly after the upload.
   */
  avifSrcset: string | null;
  width: number;
  height: number;
  /** Base64 thumbhash, decoded on the client into a blurred placeholder. */
  placeholder: string;
  purpose: ImagePurpose;
  /**
   * Present when the item is a video: the fields above are then its poster frame's (the grids and
   * the placeholder show it), and this is the moving picture.
   */
  video?: VideoDto;
}

/** A video item's moving picture: the MP4 every browser plays, once the server has made it. */
export interface VideoDto {
  state: 'processing' | 'ready' | 'failed';
  /** Percent of the processing done (0–100): "Processing video…" shows it. */
  progress: number;
  /** The MP4 (H.264 + AAC); null until ready. */
  url: string | null;
  durationMs: number;
  fps: number;
  hasAudio: boolean;
  /** Why the processing failed, in words for the member; null unless `state` is failed. */
  failure: string | null;
  /**
   * A remote video too large to copy to this server: its original on the other server, which the
   * app links to where the video would play (`url` stays null, the poster is a plain frame).
   */
  remoteUrl: string | null;
}

export interface ProfileDto {
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  website: string;
  bio: string;
  profileImage: ImageDto | null;
  backgroundImage: ImageDto | null;
  isAdminUser: boolean;
  isVerified: boolean;
  followerCount: number;
  followingCount: number;
  /** Only approved followers see the posts, events and follow lists. */
  isPrivate: boolean;
  createdAt: string;
}

export interface MeDto {
  user: { id: string; email: string; createdAt: string; role: Role; emailVerified: boolean };
  profile: ProfileDto | null;
  /** The caller's own settings; nobody else sees them. */
  preferences: MediaPreferencesDto;
  /** The language saved on the account (/settings/language), null until one is; the web app adopts it. */
  language: LanguageCode | null;
}

export interface MediaPreferencesDto {
  showSensitiveMedia: boolean;
  /** Posts with a content warning open expanded, without Show. */
  expandContentWarnings: boolean;
  /** Who may quote the member's new posts unless a post says otherwise. */
  quotePolicy: QuotePolicy;
}

/** The receipt for stored feedback (POST /api/feedback answers 201 with it). */
export interface FeedbackDto {
  id: string;
  createdAt: string;
}

/** Every error answer of the API has this body. */
export interface ApiErrorBody {
  error: {
    kind: ErrorKind;
    message: string;
    /** Field name → message, for form errors. */
    fields?: Record<string, string>;
  };
}

export type ErrorKind =
  | 'Invalid'
  | 'Unauthenticated'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'RateLimited'
  | 'TooLarge'
  | 'Unavailable'
  | 'Internal';

/** Who wrote a post, comment or event: enough for a name line with badges and a link. */
export interface AuthorDto {
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  profileImage: ImageDto | null;
  isAdminUser: boolean;
  isVerified: boolean;
  followerCount: number;
}

/** One photo of a post, in the post's order. */
export interface PostPhotoDto {
  image: ImageDto;
  /** What a screen reader says for it; empty when the author wrote none. */
  altText: string;
}

export interface PostDto {
  id: string;
  author: AuthorDto;
  caption: string;
  /** 1 to `limits.postPhotosMax`; the first is the one grids show. */
  photos: PostPhotoDto[];
  /** Shown blurred behind a Show button unless the viewer chose to always see sensitive media. */
  sensitive: boolean;
  /** The author's warning, shown before caption and photos, which open on Show; empty for none. */
  contentWarning: string;
  /** Pinned by its author to the top of their profile. */
  pinned: boolean;
  /** Where it was taken, as its author said; null when they did not. */
  place: PostPlaceDto | null;
  audience: Audience;
  likeCount: number;
  commentCount: number;
  /** Shares (boosts) by members and by other servers' accounts. */
  shareCount: number;
  likedByMe: boolean;
  savedByMe: boolean;
  sharedByMe: boolean;
  /** Anyone may see it (public, on an account that is not private): only then can it be shared. */
  shareable: boolean;
  /**
   * In the home feed, a followed account that shared the post (the latest of them), when that is
   * why it is there ("Shared by <name>"); null everywhere else.
   */
  sharedBy: AuthorDto | null;
  /** When `sharedBy` shared it: the post's place in the home feed; null with no `sharedBy`. */
  sharedAt: string | null;
  /**
   * In the home feed, the followed hashtag that brought the post there ("because you follow
   * #tag"): only when nothing else did (its author is not followed, no followed account shared
   * it); null everywhere else.
   */
  followedTag: string | null;
  /** Who may quote it (its author's choice). */
  quotePolicy: QuotePolicy;
  /** Whether the viewer may quote it now: it is open to anyone and its policy lets them in. */
  quotable: boolean;
  /** The post this one quotes; null when it quotes none. */
  quote: PostQuoteDto | null;
  createdAt: string;
  /** When the caption, alt texts or sensitive flag last changed; null if never ("Edited"). */
  editedAt: string | null;
}

/**
 * A quote's embed: `accepted` with the quoted post's card; `pending` while the quoted author's
 * server has not authorized it (FEP-044f), with no card yet; `rejected` when that server refused it,
 * `revoked` when the quoted author withdrew their consent; `unavailable` when the quoted post was
 * deleted, is hidden from the viewer or is no longer open to anyone ("This post is unavailable").
 */
export interface PostQuoteDto {
  state: 'accepted' | 'pending' | 'rejected' | 'revoked' | 'unavailable';
  post: QuotedPostDto | null;
}

/** The card a quote shows: the quoted post's author, first photo and caption, linking to it. */
export interface QuotedPostDto {
  id: string;
  author: Pick<AuthorDto, 'userId' | 'username' | 'firstName' | 'lastName'>;
  caption: string;
  contentWarning: string;
  sensitive: boolean;
  photo: PostPhotoDto | null;
  createdAt: string;
}

export interface CommentDto {
  id: string;
  postId: string;
  author: AuthorDto;
  body: string;
  createdAt: string;
}

export interface LikeStateDto {
  liked: boolean;
  likeCount: number;
}

/** A hashtag and whether the caller follows it, as Follow hashtag / Unfollow hashtag answer. */
export interface TagFollowStateDto {
  tag: string;
  following: boolean;
}

/** One of the caller's followed hashtags (/settings/followed-tags), newest first. */
export interface FollowedTagDto {
  tag: string;
  followedAt: string;
}

export interface ShareStateDto {
  shared: boolean;
  shareCount: number;
}

export interface SaveStateDto {
  saved: boolean;
}

/** One page of a keyset-paginated list; pass `nextCursor` back as `?cursor=` for the next. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** What the live stream (SSE) tells a client: which cached data changed, never the data itself. */
export type LiveMessage =
  | { type: 'feed'; authorId: string }
  | { type: 'post'; postId: string; deleted: boolean }
  /** Older posts of this (remote) author arrived, not news for the feed: their profile's photos refetch. */
  | { type: 'author_posts'; authorId: string }
  | { type: 'notifications' }
  | { type: 'events' }
  /** Moderators and admins: the open reports changed (the console and its badge refetch). */
  | { type: 'reports' }
  /** An announcement began showing or was deleted: the banner refetches. */
  | { type: 'announcements' }
  /** Someone approved (or removed) the viewer's follow: their profile, posts and events refetch. */
  | { type: 'follows' };

export interface PublicProfileDto extends ProfileDto {
  /** Whether the viewer follows this person: the initial state of Follow / Unfollow. */
  followedByMe: boolean;
  /**
   * A follow that waits for the other side: a private member's approval or a remote server's
   * Accept. Shown as Requested.
   */
  followRequested: boolean;
  /**
   * Whether the viewer may see the posts, events and follow lists: false for a private account the
   * viewer does not follow ("This account is private").
   */
  contentVisible: boolean;
  /** The initial states of Block / Unblock and Mute / Unmute (trust and safety). */
  blockedByMe: boolean;
  mutedByMe: boolean;
  /** The account this one moved to: the profile says so and offers no Follow. */
  movedTo: { userId: string; username: string } | null;
}

/** Settings → Account, moving between servers: my former accounts, and where I moved. */
export interface AccountMovesDto {
  /** The handle other servers see for this account (`name@host`), to list as an alias there. */
  handle: string;
  aliases: { iri: string; handle: string }[];
  movedTo: { userId: string; username: string } | null;
  movedAt: string | null;
}

export interface FollowStateDto {
  following: boolean;
  followerCount: number;
  /** The follow was sent and waits for the other side's approval (a private or remote account). */
  requested?: boolean;
}

/** One waiting request on /follow-requests, oldest first. */
export interface FollowRequestDto {
  requester: AuthorDto;
  createdAt: string;
}

/**
 * Every kind of notice: who followed, liked, commented or mentioned me, who is
 * interested in my event, the outcome of a report I made, and tomorrow's events I marked.
 */
export const notificationTypes = [
  'new_follower',
  'post_like',
  'post_comment',
  'mention',
  'event_interest',
  'report_reviewed',
  /** To staff: sign-ups wait for approval (at most one an hour, docs/operations.md). */
  'sign_ups_waiting',
  'event_reminder',
  'event_changed',
  'event_cancelled',
  'event_promoted',
  /** Someone shared (boosted) the recipient's post: a member's Share or a remote account's Announce. */
  'post_boost',
  'follow_request',
  'follow_accepted',
  /** An account the recipient followed moved (ActivityPub Move); the actor is the new account. */
  'account_moved',
  /** Someone quoted the recipient's post; the notice's post is the quote. */
  'post_quote',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * One line of /notifications: notices of one type about one target within a day ("Ana and 3
 * others liked your post"), newest first.
 */
export interface NotificationDto {
  /** The group's id. */
  id: string;
  type: NotificationType;
  /** The latest three people, newest first; empty for notices nobody caused (a reminder). */
  actors: AuthorDto[];
  /** How many people the group holds (the "3 others" is this minus one). */
  actorCount: number;
  /** The post, event or report the group is about, when it has one. */
  postId: string | null;
  eventId: string | null;
  eventTitle: string | null;
  /** The newest comment's id for comments and mentions in a comment. */
  commentId: string | null;
  read: boolean;
  /** For new_follower: whether the viewer already follows the (latest) actor back. */
  followingActor: boolean;
  createdAt: string;
}

export interface UserSearchResultDto {
  userId: string;
  firstName: string;
  lastName: string;
  username: string;
  profileImage: ImageDto | null;
  isAdminUser: boolean;
  isVerified: boolean;
}

/** One date of an event (a single event has one, index 0). */
export interface EventOccurrenceDto {
  /** Its place in the series, from 0: what Going and the waitlist are keyed by. */
  index: number;
  startsAt: string;
  /** null when the event has no end. */
  endsAt: string | null;
}

export interface EventRepeatDto {
  frequency: 'weekly' | 'monthly';
  /** The last day a date may fall on, in the event's zone, or null when it ends by a count. */
  until: string | null;
  count: number | null;
}

/** Going and the waitlist for one date, as the viewer sees them. */
export interface EventAttendanceDto {
  occurrence: number;
  goingCount: number;
  waitlistCount: number;
  /** null when there is no limit. */
  placesLeft: number | null;
  going: boolean;
  waitlisted: boolean;
  /** Asked to go to a remote event; its server has not answered yet. */
  pending: boolean;
  /** The first people going (at most `limits.avatarStackSize`), for the avatar stack. */
  goingPreview: AuthorDto[];
}

export interface EventDto {
  id: string;
  host: AuthorDto;
  title: string;
  /** ISO 8601 instant of the first date; shown in the viewer's locale and time zone. */
  startsAt: string;
  endsAt: string | null;
  /** The IANA zone the host entered the times in ("Europe/Berlin"). */
  timeZone: string;
  /** Venue and address as the host wrote them ('' for none). */
  place: string;
  latitude: number | null;
  longitude: number | null;
  capacity: number | null;
  repeat: EventRepeatDto | null;
  /** The date this view is about: the one asked for, else the next, else the last. */
  occurrence: EventOccurrenceDto;
  /** The next dates from now (at most `limits.eventNextOccurrences`). */
  nextOccurrences: EventOccurrenceDto[];
  /** When the last date has started: the event is past. */
  lastStartsAt: string;
  cancelled: boolean;
  attendance: EventAttendanceDto;
  website: string;
  description: string;
  image: ImageDto | null;
  audience: Audience;
  interestedCount: number;
  interestedByMe: boolean;
  /** The first people who joined (at most `limits.avatarStackSize`), for the avatar stack. */
  joinedPreview: AuthorDto[];
  createdAt: string;
}

export interface InterestStateDto {
  interested: boolean;
  interestedCount: number;
}

/** Someone who marked an event Interested, and when. */
export interface EventInterestDto {
  person: AuthorDto;
  joinedAt: string;
}

/** The member's private calendar subscription: null until they make one. */
export interface CalendarFeedDto {
  active: boolean;
  /** Only in the answer that made it: the server keeps the token's hash alone. */
  url: string | null;
  /** The same address for calendar apps that open webcal:// links. */
  webcalUrl: string | null;
}

/** Download your data: the account's one archive, while it builds and for 7 days after. */
export interface DataExportDto {
  status: 'building' | 'ready' | 'failed';
  createdAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  sizeBytes: number | null;
}

/** The types a member may turn off, in the app and for push (/settings/notifications). */
export const notificationPreferenceTypes = [
  'post_like',
  'post_comment',
  'mention',
  'new_follower',
  'event_interest',
  'event_reminder',
] as const satisfies readonly NotificationType[];
export type NotificationPreferenceType = (typeof notificationPreferenceTypes)[number];

export interface NotificationPreferencesDto {
  inApp: Record<NotificationPreferenceType, boolean>;
  push: Record<NotificationPreferenceType, boolean>;
  /** Reminders before events I am going to, by email. */
  email: { event_reminder: boolean };
  /** The server's VAPID public key (base64url) for PushManager.subscribe. */
  vapidPublicKey: string;
}

/** One version of an edited post, as it read from `at` on (the edit history). */
export interface PostVersionDto {
  caption: string;
  altTexts: string[];
  sensitive: boolean;
  contentWarning: string;
  /** When this version was written: the post's creation for the original, else the edit's time. */
  at: string;
}

/** A hashtag page: its normalised tag, how many posts carry it and the first page of them. */
/** A post's place: its name links to /locations/{slug}; coordinates only when the author gave them. */
export interface PostPlaceDto {
  name: string;
  slug: string;
  latitude: number | null;
  longitude: number | null;
}

/** /locations/{slug}: the posts taken there that the viewer may see, newest first. */
export interface LocationPageDto extends Page<PostDto> {
  name: string;
  slug: string;
  /**
   * For the map link: the newest coordinates among the page's posts (each post's own, which its
   * author gave), so a place shows no point that only posts hidden from the viewer carry.
   */
  coordinates: { latitude: number; longitude: number } | null;
}

/**
 * A place found by search, and one the Location field offers as a member types: a place posts
 * already name (with its slug), or a public event's place (slug null until a post names it, with
 * the coordinates its host gave).
 */
export interface PlaceSuggestionDto {
  name: string;
  slug: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Posts there that search shows the viewer; 0 for an event's place. */
  postCount: number;
}

export interface TagPageDto extends Page<PostDto> {
  tag: string;
  /** The viewer follows the hashtag: its posts join their home feed. */
  following: boolean;
  /** Only on the first page (no cursor); null on later ones. */
  postCount: number | null;
}

/** A hashtag found by the top-bar search, with how many posts carry it. */
export interface TagSearchResultDto {
  tag: string;
  postCount: number;
}

/** A tag used by several accounts in the last days (Explore's Trending tags). */
export interface TrendingTagDto {
  tag: string;
  postCount: number;
  authorCount: number;
}

/** One day of a tag's use: the day (UTC, `YYYY-MM-DD`), its posts and their distinct authors. */
export interface TagDayDto {
  day: string;
  postCount: number;
  authorCount: number;
}

/** `[start, end)` in UTF-16 code units of the text it belongs to (a JS string's indices). */
export type TextRange = [start: number, end: number];

/** A post found by the /search page, with where its caption matched (empty when only alt text did). */
export interface PostSearchResultDto {
  post: PostDto;
  captionMatches: TextRange[];
}

// ── Registrations, invites and rules ────────────────────────────────────────────────────────

/**
 * Who may join (/admin/registrations): anyone; anyone, once a moderator approves; only with an
 * invite link; nobody.
 */
export const registrationModes = ['open', 'approval', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof registrationModes)[number];

/** Who may create invite links: every member, or only moderators and admins. */
export const inviteCreators = ['members', 'staff'] as const;
export type InviteCreators = (typeof inviteCreators)[number];

/** An invite link's lifetimes, as Mastodon offers them, in seconds (null: never expires). */
export const inviteExpiries = {
  '30m': 30 * 60,
  '1h': 60 * 60,
  '6h': 6 * 60 * 60,
  '12h': 12 * 60 * 60,
  '1d': 24 * 60 * 60,
  '7d': 7 * 24 * 60 * 60,
  never: null,
} as const;
export type InviteExpiry = keyof typeof inviteExpiries;

/** A server rule (/admin/rules, /signup, the report dialog), in the order staff gave them. */
export interface RuleDto {
  id: string;
  /** The rule's own words, as its admin wrote it first. */
  text: string;
  explanation: string;
  /** Its words in other shipped languages, where given (`ruleIn` picks the reader's). */
  translations: RuleTranslations;
}

/** A rule's title and explanation by language code; a blank one falls back to the rule's own. */
export type RuleTranslations = Partial<Record<LanguageCode, { text: string; explanation: string }>>;

/** An announcement as admins see it on /admin/announcements (times ISO 8601; no end: until deleted). */
export interface AnnouncementDto {
  id: string;
  text: string;
  startsAt: string;
  endsAt: string | null;
  createdAt: string;
}

/** One day's figures on the admin dashboard (UTC day `YYYY-MM-DD`; sizes in bytes). */
export interface DailyStatsDto {
  day: string;
  members: number;
  membersNew: number;
  membersActive7d: number;
  membersActive30d: number;
  posts: number;
  events: number;
  reportsOpen: number;
  mediaBytes: number;
  databaseBytes: number;
  jobsQueued: number;
  jobsFailed: number;
  knownServers: number;
  deliveriesFailing: number;
  /** Free space on the server's data disk at the snapshot; null on days taken before it was counted. */
  freeDiskBytes: number | null;
}

/** Whether an invite code works, as /signup?invite= shows it before the form is sent. */
export type InviteState = 'valid' | 'used_up' | 'expired' | 'revoked' | 'unknown';

/** What /signup and /login show before anyone is signed in (`GET /api/registrations`). */
export interface RegistrationInfoDto {
  mode: RegistrationMode;
  rules: RuleDto[];
  /** Where to ask about joining when sign-ups are closed: the contact's profile, or a mailto. */
  contact: { profileId: string | null; email: string | null };
  /** The state of the `invite` code asked about, when one was. */
  invite: { state: InviteState; inviterName: string | null } | null;
  /** Sign-ups with approval required stop past this many waiting. */
  paused: boolean;
}

/** What an email domain block does to a sign-up whose address (or its mail servers) matches. */
export const emailDomainBlockSeverities = ['refuse', 'approval'] as const;
export type EmailDomainBlockSeverity = (typeof emailDomainBlockSeverities)[number];

/** One row of /admin/registrations → Email domain blocks. */
export interface EmailDomainBlockDto {
  domain: string;
  severity: EmailDomainBlockSeverity;
  createdAt: string;
}

/** A sign-up waiting on /admin/registrations. */
export interface WaitingSignUpDto {
  userId: string;
  email: string;
  reason: string;
  createdAt: string;
  /** Other sign-ups from the same network (an IPv4 /24, an IPv6 /48) in the day before this one. */
  sameNetworkLastDay: number;
}

/** /admin/registrations: the settings (editable by admins) and the waiting sign-ups. */
export interface RegistrationAdminDto {
  mode: RegistrationMode;
  invitesBy: InviteCreators;
  /** Only admins change the settings; moderators see them and answer waiting sign-ups. */
  canEdit: boolean;
  /** The proof-of-work challenge's difficulty (limits.challengeDifficulty*). */
  challengeDifficulty: number;
  waiting: WaitingSignUpDto[];
  waitingMax: number;
}

/** One of the caller's invite links on /settings/invites. */
export interface InviteDto {
  id: string;
  code: string;
  uses: number;
  maxUses: number | null;
  expiresAt: string | null;
  revoked: boolean;
  createdAt: string;
}

export interface InvitesDto {
  /** False when only staff create invites and the caller is a member. */
  mayCreate: boolean;
  invites: InviteDto[];
}

// ── Trust and safety ────────────────────────────────────────────────────────────────────────

/** Moderators and admins read and act on reports; only admins change roles. */
export const roles = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];

export interface BlockStateDto {
  blocked: boolean;
}

export interface MuteStateDto {
  muted: boolean;
}

/** A row of /settings/blocked. */
export interface BlockedAccountDto {
  person: AuthorDto;
  blockedAt: string;
}

export interface MutedAccountDto {
  person: AuthorDto;
  mutedAt: string;
}

export const reportTargetTypes = ['account', 'post', 'comment', 'event'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];

/** What was reported, as it was then (a snapshot) or as it is now. */
export interface ReportedContentDto {
  text: string;
  /**
   * The picture's address, if it had one: a snapshot's is the console's staff-only
   * `/api/admin/reports/:reportId/snapshot`, the current content's its public one.
   */
  imageUrl: string | null;
}

export interface ReportDto {
  id: string;
  reporter: AuthorDto | null;
  reason: string;
  /** The server rules the reporter said were broken (as the rules read now; a deleted rule drops out). */
  rules: RuleDto[];
  /** The reporter also sent it to the remote account's server (a Flag). */
  forwarded: boolean;
  /**
   * How many reports this one stands for: 1 for a member's; for a report from another server, the
   * Flags of this target it sent while the report was open (the reporter is the first sender).
   */
  count: number;
  snapshot: ReportedContentDto;
  status: 'open' | 'resolved' | 'dismissed';
  /** dismissed | content_removed | account_suspended | duplicate */
  resolution: string | null;
  resolvedAt: string | null;
  createdAt: string;
}

/** One reported thing in /admin/reports, with every report about it. */
export interface ReportGroupDto {
  targetType: ReportTargetType;
  targetId: string;
  /** The reported account, or the owner of the reported content. */
  account: AuthorDto | null;
  accountSuspended: boolean;
  /** The member whose invite link the reported account signed up with, if any. */
  invitedBy: AuthorDto | null;
  /** The account deleted itself; its reports stay with their snapshots. */
  accountDeleted: boolean;
  /** The content as it is now; null once removed. */
  current: ReportedContentDto | null;
  /** The post a reported comment belongs to, for its link. */
  postId: string | null;
  /** The reports the filter shows (open ones, or resolved ones), newest first. */
  reports: ReportDto[];
  /** The target's other reports (earlier, already handled), newest first. */
  earlier: ReportDto[];
  lastReportedAt: string;
}

/** A page of the moderation console, and what it leaves out of the list for the viewer. */
export interface ReportGroupPage extends Page<ReportGroupDto> {
  /** Reports in this list (open, or resolved) about the viewer or their content: not theirs to judge. */
  aboutYou: number;
  /** Whether another moderator or admin can handle those; if not, the team needs one. */
  othersCanHandle: boolean;
}

export interface AuditEntryDto {
  id: string;
  actor: AuthorDto | null;
  /** dismiss | remove_content | suspend | lift_suspension | set_role */
  action: string;
  targetType: ReportTargetType;
  targetId: string;
  subject: AuthorDto | null;
  note: string;
  createdAt: string;
}

export interface TeamMemberDto {
  person: AuthorDto;
  role: Role;
}

/** A background job that failed at least once (the moderation console's Jobs section, admins only). */
export interface FailedJobDto {
  id: string;
  /** The task, e.g. `mail_send`, `push_group`, `avif_encode`. */
  task: string;
  attempts: number;
  maxAttempts: number;
  lastError: string;
  /** When it runs next; when `givenUp`, when it last failed. */
  runAt: string;
  /** Out of tries: it runs again only when an admin retries it. */
  givenUp: boolean;
}

export interface JobQueueDto {
  /** Waiting to run (now or later), never failed yet. */
  queued: number;
  running: number;
  /** Failed at least once: waiting for a retry, or given up. */
  failed: number;
  /** The failed ones, most recent failure first (at most 50). */
  failedJobs: FailedJobDto[];
}

/** /admin/federation (admins): blocked domains, the servers we know, deliveries that keep failing. */
export interface FederationAdminDto {
  blockedDomains: { domain: string; mediaOnly: boolean; createdAt: string }[];
  /** Servers with accounts known here, most accounts first. */
  servers: { domain: string; accounts: number; posts: number; followers: number; following: number }[];
  /** Deliveries waiting to be tried again or given up, newest first. */
  failedDeliveries: {
    id: string;
    host: string;
    attempts: number;
    maxAttempts: number;
    lastError: string;
    runAt: string;
    givenUp: boolean;
  }[];
}

export interface MutedWordDto {
  id: string;
  word: string;
  createdAt: string;
}

/** Where an archive came from: found by the files in it, never by its name. */
export type ImportSource = 'instagram' | 'activitypub' | 'glimpse';

/** Why an import stopped early (each has a message in `messages.import`). */
export type ImportError = 'corrupt' | 'failed' | 'quota';

/**
 * The member's latest import (GET /api/import), polled by /settings/import while it runs. Counts
 * are of the archive's posts; `skipped` says what was left out and why.
 */
export interface ImportDto {
  id: string;
  status: 'running' | 'done' | 'failed';
  source: ImportSource;
  total: number;
  processed: number;
  imported: number;
  alreadyImported: number;
  /** `overLimit`: posts past the import's cap (`maxPosts`), left for the next import of the archive. */
  skipped: { videos: number; files: number; emptyPosts: number; splitPosts: number; overLimit: number };
  /** New posts one import makes at most (IMPORT_MAX_POSTS). */
  maxPosts: number;
  error: ImportError | null;
  createdAt: string;
  finishedAt: string | null;
}
