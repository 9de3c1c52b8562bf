/**
 * The reference data set of DESIGN.md §6, generated in memory from a seed: who exists, who follows
 * whom, who posted, liked, saved, commented, hosts and is interested in what, and when. Pure
 * computation (no database, no clock): the same options give the same data, row for row.
 *
 * Shapes follow a small social network: popularity and activity are log-normal, so a few accounts
 * have many followers and a few posts many likes. Denormalised counters are counted here, from the
 * very rows that will be written, so they always match.
 */
import { nextStartOf } from '../../apps/server/src/features/events/next-dates.ts';
import { lastStart } from '../../apps/server/src/features/events/recurrence.ts';
import { Prng, WeightedSampler } from './prng.ts';

/** Row counts at scale 1 (DESIGN.md §6), plus saves and interests so every viewer flag has data. */
export const referenceCounts = {
  users: 10_000,
  posts: 200_000,
  follows: 500_000,
  likes: 1_000_000,
  comments: 100_000,
  events: 20_000,
  saves: 50_000,
  interests: 50_000,
  viewerFollows: 1_000,
} as const;

/** Pictures shared by all posts and events (no need for 200,000 files to measure a feed). */
export const sharedImages = { post: 50, event: 10 } as const;

export const viewerEmail = 'viewer@bench.glimpse.test';
/** Every seeded account signs in with this password (they share the viewer's hash). */
export const benchPassword = 'glimpse-bench-password';

export interface SeedOptions {
  scale: number;
  seed: number;
  /** "Now" of the data set: posts lie in the year before it, events around it. */
  anchorMs: number;
}

export type Counts = { -readonly [K in keyof typeof referenceCounts]: number };

const day = 86_400_000;

export function countsFor(scale: number): Counts {
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  const counts = Object.fromEntries(
    Object.entries(referenceCounts).map(([name, n]) => [name, scaled(n)]),
  ) as Counts;
  counts.users = Math.max(counts.users, 10);
  counts.viewerFollows = Math.min(counts.viewerFollows, counts.users - 1);
  return counts;
}

const firstNames = (
  'Ada Alan Amara Anya Arjun Bea Bruno Camila Chen Chloe Dara Diego Elif Emil Esther Farah Felix ' +
  'Grace Hana Hugo Ines Isaac Jamal Jin Jonas Kai Keiko Lara Leon Lina Luca Maya Mateo Mina Nadia ' +
  'Nils Noor Olga Omar Pablo Priya Quinn Rafael Rosa Sami Sofia Tariq Tess Uma Victor Wen Xavier ' +
  'Yara Yusuf Zara Zoe'
).split(' ');
const lastNames = (
  'Abebe Alvarez Bakker Banerjee Costa Dubois Eriksen Fischer Garcia Haddad Ivanova Jensen Kim ' +
  'Kowalski Lovelace Martin Mensah Moreau Nakamura Novak Okafor Oliveira Park Petrov Quispe Rossi ' +
  'Sato Schmidt Silva Singh Tanaka Turing Umarov Vargas Weber Wong Xu Yilmaz Zhang Zulu'
).split(' ');
const words = (
  'morning light coffee city river mountain friends weekend sunset market garden street music ' +
  'festival beach forest trail bread rain window bike train harbour rooftop autumn spring winter ' +
  'summer lake bridge library kitchen dinner picnic concert gallery studio workshop run swim climb ' +
  'finally again today tonight best quiet golden blue green new old little big favourite first last ' +
  'slow long walk view colours together home'
).split(' ');
const eventKinds = 'Meetup Workshop Concert Market Run Picnic Talk Exhibition Party'.split(' ');

/**
 * Hashtags for search: every word and 300 two-word compounds (#sunsetbeach), used with
 * a long tail (the tag at rank r weighs 1/(r+1)), so a few tags are on thousands of posts and most
 * on a handful, as on real instances.
 */
const hashtags = [
  ...words,
  ...Array.from({ length: 300 }, (_, i) => `${words[i % words.length]}${words[(i * 7 + 3) % words.length]}`),
].filter((tag, i, all) => all.indexOf(tag) === i);
const hashtagWeights = hashtags.map((_, rank) => 1 / (rank + 1));

/** Four posts in ten carry one to three hashtags; their own stream, so the rest of the data stays the same. */
function postHashtags(rng: Prng, sampler: WeightedSampler): string[] {
  if (rng.float() >= 0.4) return [];
  const tags = new Set<string>();
  const n = 1 + rng.int(3);
  for (let i = 0; i < n; i++) tags.add(hashtags[sampler.sample(rng)]!);
  return [...tags];
}

function sentence(rng: Prng, min: number, max: number): string {
  const n = rng.between(min, max);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.pick(words));
  const text = out.join(' ');
  return text[0]!.toUpperCase() + text.slice(1);
}

export interface UserData {
  id: string[];
  accountId: string[];
  email: string[];
  name: string[];
  firstName: string[];
  lastName: string[];
  username: string[];
  bio: string[];
  createdAt: Float64Array;
  followerCount: Int32Array;
  followingCount: Int32Array;
}

export interface ImageData {
  id: string;
  ownerIndex: number;
  purpose: 'post' | 'event';
  key: string;
  width: number;
  height: number;
  /** Two colours of the gradient drawn into the file. */
  from: [number, number, number];
  to: [number, number, number];
  createdAt: number;
}

export interface Pairs {
  /** Index into the left table (follower, post, event). */
  left: Int32Array;
  /** Index into the right table (followee, user). */
  right: Int32Array;
  createdAt: Float64Array;
}

export interface PostData {
  id: string[];
  author: Int32Array;
  caption: string[];
  image: Int32Array;
  /** How many photos each post has, 1 to 4; photo k shows shared image `image + k`. */
  photoCount: Uint8Array;
  /** The hashtags written at the end of each caption (post_tags rows), normalised. */
  tags: string[][];
  createdAt: Float64Array;
  likeCount: Int32Array;
  commentCount: Int32Array;
}

export interface CommentData {
  id: string[];
  post: Int32Array;
  author: Int32Array;
  body: string[];
  createdAt: Float64Array;
}

export interface EventData {
  id: string[];
  host: Int32Array;
  title: string[];
  startsAt: Float64Array;
  website: string[];
  description: string[];
  /** Index into the shared event images, or -1 for none. */
  image: Int32Array;
  createdAt: Float64Array;
  interestedCount: Int32Array;
  /** The zone the times were entered in, the RRULE (null: one date), its last start. */
  timeZone: string[];
  recurrence: (string | null)[];
  /** NaN for a single date. */
  lastStartsAt: Float64Array;
  /** The first date not before the data set's "now" (else the last); a single date's start. */
  nextStartsAt: Float64Array;
  place: string[];
  /** 0 for no limit. */
  capacity: Int32Array;
}

export interface ReferenceData {
  options: SeedOptions;
  counts: Counts;
  users: UserData;
  images: ImageData[];
  follows: Pairs;
  posts: PostData;
  likes: Pairs;
  saves: Pairs;
  comments: CommentData;
  events: EventData;
  interests: Pairs;
}

/** Indexes 0..n-1 ordered by a Float64Array of times, so tables fill in the order life would. */
function chronological(times: Float64Array): Uint32Array {
  const order = new Uint32Array(times.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => times[a]! - times[b]! || a - b);
}

function permute<T>(items: T[], order: Uint32Array): T[] {
  return Array.from(order, (i) => items[i]!);
}

function permuteInt(items: Int32Array, order: Uint32Array): Int32Array {
  return Int32Array.from(order, (i) => items[i]!);
}

function permuteFloat(items: Float64Array, order: Uint32Array): Float64Array {
  return Float64Array.from(order, (i) => items[i]!);
}

function generateUsers(seed: number, counts: Counts, anchorMs: number) {
  const rng = new Prng(seed, 'users');
  const n = counts.users;
  const users: UserData = {
    id: [],
    accountId: [],
    email: [],
    name: [],
    firstName: [],
    lastName: [],
    username: [],
    bio: [],
    createdAt: new Float64Array(n),
    followerCount: new Int32Array(n),
    followingCount: new Int32Array(n),
  };
  const popularity = new Float64Array(n);
  const activity = new Float64Array(n);
  const engagement = new Float64Array(n);
  const pad = String(n).length;
  for (let u = 0; u < n; u++) {
    const first = rng.pick(firstNames);
    const last = rng.pick(lastNames);
    users.id.push(rng.alnum(32));
    users.accountId.push(rng.alnum(32));
    users.email.push(u === 0 ? viewerEmail : `user${String(u).padStart(pad, '0')}@bench.glimpse.test`);
    users.firstName.push(u === 0 ? 'Vera' : first);
    users.lastName.push(u === 0 ? 'Viewer' : last);
    users.name.push(u === 0 ? 'Vera Viewer' : `${first} ${last}`);
    // Unique without regard to case, as the profiles index demands.
    users.username.push(u === 0 ? 'viewer' : `${first}.${last}${u}`.toLowerCase());
    users.bio.push(rng.float() < 0.6 ? sentence(rng, 4, 16) : '');
    users.createdAt[u] = anchorMs - 400 * day - rng.int(330 * day);
    popularity[u] = rng.lognormal(1.3);
    activity[u] = rng.lognormal(1.0);
    engagement[u] = rng.lognormal(1.0);
  }
  return { users, popularity, activity, engagement };
}

function generateImages(seed: number, counts: Counts, anchorMs: number): ImageData[] {
  const rng = new Prng(seed, 'images');
  const colour = (): [number, number, number] => [rng.int(256), rng.int(256), rng.int(256)];
  const shapes = [
    [320, 320],
    [320, 400],
    [320, 240],
  ] as const;
  const images: ImageData[] = [];
  for (const purpose of ['post', 'event'] as const) {
    for (let i = 0; i < sharedImages[purpose]; i++) {
      const createdAt = anchorMs - 500 * day + images.length * 1000;
      const [width, height] = rng.pick(shapes);
      const hex = rng.uint32().toString(16).padStart(8, '0') + rng.uint32().toString(16).padStart(8, '0');
      images.push({
        id: rng.uuid(),
        ownerIndex: 1 + (images.length % (counts.users - 1)),
        purpose,
        // The app's own key shape: folder, millisecond timestamp, random part, width.
        key: `images/${createdAt}-${hex.slice(0, 12)}-${width}.webp`,
        width,
        height,
        from: colour(),
        to: colour(),
        createdAt,
      });
    }
  }
  return images;
}

/** Exact out-degrees in proportion to activity, none above `cap`, summing to `total`. */
function outDegrees(rng: Prng, weights: Float64Array, first: number, total: number, cap: number): Int32Array {
  const n = weights.length;
  if (total > cap * (n - first)) throw new Error('Too many follows for so few users');
  const degrees = new Int32Array(n);
  let weightSum = 0;
  for (let u = first; u < n; u++) weightSum += weights[u]!;
  let assigned = 0;
  for (let u = first; u < n; u++) {
    degrees[u] = Math.min(cap, Math.floor((weights[u]! / weightSum) * total));
    assigned += degrees[u]!;
  }
  while (assigned < total) {
    const u = first + rng.int(n - first);
    if (degrees[u]! < cap) {
      degrees[u]! += 1;
      assigned += 1;
    }
  }
  return degrees;
}

function generateFollows(
  seed: number,
  counts: Counts,
  anchorMs: number,
  users: UserData,
  popularity: Float64Array,
  activity: Float64Array,
): Pairs {
  const rng = new Prng(seed, 'follows');
  const n = counts.users;
  const degrees = outDegrees(
    rng,
    activity,
    1,
    counts.follows - counts.viewerFollows,
    // Nobody else follows more than a fifth of everyone, which keeps the draws below quick.
    Math.floor((n - 1) / 5),
  );
  degrees[0] = counts.viewerFollows; // the measured viewer follows exactly this many
  const followees = new WeightedSampler(popularity);
  const follows: Pairs = {
    left: new Int32Array(counts.follows),
    right: new Int32Array(counts.follows),
    createdAt: new Float64Array(counts.follows),
  };
  let row = 0;
  for (let follower = 0; follower < n; follower++) {
    const chosen = new Set<number>();
    while (chosen.size < degrees[follower]!) {
      const followee = followees.sample(rng);
      if (followee === follower || chosen.has(followee)) continue;
      chosen.add(followee);
      const since = Math.max(users.createdAt[follower]!, users.createdAt[followee]!);
      follows.left[row] = follower;
      follows.right[row] = followee;
      follows.createdAt[row] = since + rng.int(anchorMs - since);
      users.followingCount[follower]! += 1;
      users.followerCount[followee]! += 1;
      row += 1;
    }
  }
  return follows;
}

function generatePosts(seed: number, counts: Counts, anchorMs: number, activity: Float64Array): PostData {
  const rng = new Prng(seed, 'posts');
  const authors = new WeightedSampler(activity);
  const times = new Float64Array(counts.posts);
  const author = new Int32Array(counts.posts);
  const image = new Int32Array(counts.posts);
  const caption: string[] = [];
  const id: string[] = [];
  for (let p = 0; p < counts.posts; p++) {
    times[p] = anchorMs - 1 - rng.int(365 * day);
    author[p] = authors.sample(rng);
    image[p] = rng.int(sharedImages.post);
    caption.push(sentence(rng, 2, 24));
    id.push(rng.uuid());
  }
  const order = chronological(times);
  // Its own stream, so the rest of the data set stays what it was before posts had several photos.
  const photoRng = new Prng(seed, 'post-photos');
  const photoCount = new Uint8Array(counts.posts);
  for (let p = 0; p < counts.posts; p++) photoCount[p] = 1 + photoRng.int(4);
  const tagRng = new Prng(seed, 'post-hashtags');
  const tagSampler = new WeightedSampler(hashtagWeights);
  const tags = caption.map(() => postHashtags(tagRng, tagSampler));
  for (let p = 0; p < counts.posts; p++) {
    if (tags[p]!.length) caption[p] = `${caption[p]} ${tags[p]!.map((tag) => `#${tag}`).join(' ')}`;
  }
  return {
    id: permute(id, order),
    author: permuteInt(author, order),
    caption: permute(caption, order),
    image: permuteInt(image, order),
    photoCount,
    tags: permute(tags, order),
    createdAt: permuteFloat(times, order),
    likeCount: new Int32Array(counts.posts),
    commentCount: new Int32Array(counts.posts),
  };
}

/** `total` distinct (item, user) pairs, items drawn by weight, users by engagement. */
function distinctPairs(
  rng: Prng,
  total: number,
  items: WeightedSampler,
  itemTimes: Float64Array,
  users: WeightedSampler,
  userCount: number,
  until: (item: number) => number,
): Pairs {
  const pairs: Pairs = {
    left: new Int32Array(total),
    right: new Int32Array(total),
    createdAt: new Float64Array(total),
  };
  const seen = new Set<number>();
  let row = 0;
  while (row < total) {
    const item = items.sample(rng);
    const user = users.sample(rng);
    const key = item * userCount + user;
    if (seen.has(key)) continue;
    seen.add(key);
    const from = itemTimes[item]!;
    pairs.left[row] = item;
    pairs.right[row] = user;
    pairs.createdAt[row] = from + rng.int(Math.max(1, until(item) - from));
    row += 1;
  }
  return pairs;
}

function generateComments(
  seed: number,
  counts: Counts,
  anchorMs: number,
  posts: PostData,
  postSampler: WeightedSampler,
  engaged: WeightedSampler,
): CommentData {
  const rng = new Prng(seed, 'comments');
  const n = counts.comments;
  const post = new Int32Array(n);
  const author = new Int32Array(n);
  const times = new Float64Array(n);
  const body: string[] = [];
  const id: string[] = [];
  for (let c = 0; c < n; c++) {
    post[c] = postSampler.sample(rng);
    author[c] = engaged.sample(rng);
    const from = posts.createdAt[post[c]!]!;
    times[c] = from + rng.int(Math.max(1, anchorMs - from));
    body.push(sentence(rng, 1, 20));
    id.push(rng.uuid());
    posts.commentCount[post[c]!]! += 1;
  }
  const order = chronological(times);
  return {
    id: permute(id, order),
    post: permuteInt(post, order),
    author: permuteInt(author, order),
    body: permute(body, order),
    createdAt: permuteFloat(times, order),
  };
}

function generateEvents(seed: number, counts: Counts, anchorMs: number, activity: Float64Array): EventData {
  const rng = new Prng(seed, 'events');
  const hosts = new WeightedSampler(activity);
  const n = counts.events;
  const host = new Int32Array(n);
  const times = new Float64Array(n);
  const startsAt = new Float64Array(n);
  const image = new Int32Array(n);
  const title: string[] = [];
  const website: string[] = [];
  const description: string[] = [];
  const id: string[] = [];
  const quarterHour = 15 * 60_000;
  for (let e = 0; e < n; e++) {
    host[e] = hosts.sample(rng);
    times[e] = anchorMs - 1 - rng.int(365 * day);
    // Created up to 200 days ahead of the start: about a third of events are still to come.
    startsAt[e] = Math.ceil((times[e]! + day + rng.int(200 * day)) / quarterHour) * quarterHour;
    image[e] = rng.float() < 0.7 ? rng.int(sharedImages.event) : -1;
    const kind = rng.pick(eventKinds);
    title.push(`${sentence(rng, 1, 4)} ${kind}`);
    website.push(`https://example.com/events/${e + 1}`);
    description.push(sentence(rng, 8, 60));
    id.push(rng.uuid());
  }
  const order = chronological(times);
  return {
    id: permute(id, order),
    host: permuteInt(host, order),
    title: permute(title, order),
    startsAt: permuteFloat(startsAt, order),
    website: permute(website, order),
    description: permute(description, order),
    image: permuteInt(image, order),
    createdAt: permuteFloat(times, order),
    interestedCount: new Int32Array(n),
    ...repeatsFor(seed, permuteFloat(startsAt, order), anchorMs),
  };
}

const eventZones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Europe/London'];

/**
 * A tenth of events repeat (weekly 4–12 times or monthly 3–6 times), each in one of a few zones,
 * with a place and some a capacity. From a PRNG stream of their own, so the other columns of the
 * data set stay what they were before events had zones, places and repeats.
 */
function repeatsFor(seed: number, startsAt: Float64Array, anchorMs: number) {
  const rng = new Prng(seed, 'event-repeats');
  const n = startsAt.length;
  const timeZone: string[] = [];
  const recurrence: (string | null)[] = [];
  const lastStartsAt = new Float64Array(n).fill(Number.NaN);
  const nextStartsAt = new Float64Array(n).fill(Number.NaN);
  const place: string[] = [];
  const capacity = new Int32Array(n);
  for (let e = 0; e < n; e++) {
    const zone = rng.pick(eventZones);
    timeZone.push(zone);
    const rule =
      rng.float() < 0.1
        ? rng.float() < 0.7
          ? `FREQ=WEEKLY;COUNT=${4 + rng.int(9)}`
          : `FREQ=MONTHLY;COUNT=${3 + rng.int(4)}`
        : null;
    recurrence.push(rule);
    nextStartsAt[e] = startsAt[e]!;
    if (rule) {
      const times = { startsAt: new Date(startsAt[e]!), endsAt: null, timeZone: zone, recurrence: rule };
      lastStartsAt[e] = lastStart(times).getTime();
      nextStartsAt[e] = nextStartOf(times, new Date(anchorMs))!.getTime();
    }
    place.push(rng.float() < 0.6 ? `${sentence(rng, 1, 3)} Hall, ${1 + rng.int(200)} Main Street` : '');
    capacity[e] = rng.float() < 0.3 ? 10 + rng.int(200) : 0;
  }
  return { timeZone, recurrence, lastStartsAt, nextStartsAt, place, capacity };
}

export function generate(options: SeedOptions): ReferenceData {
  const { seed, anchorMs } = options;
  const counts = countsFor(options.scale);
  const { users, popularity, activity, engagement } = generateUsers(seed, counts, anchorMs);
  const images = generateImages(seed, counts, anchorMs);
  const follows = generateFollows(seed, counts, anchorMs, users, popularity, activity);
  const posts = generatePosts(seed, counts, anchorMs, activity);

  // Posts of popular authors draw more likes, saves and comments; some posts simply take off.
  const postRng = new Prng(seed, 'post-appeal');
  const appeal = new Float64Array(counts.posts);
  for (let p = 0; p < counts.posts; p++) {
    appeal[p] = Math.sqrt(popularity[posts.author[p]!]!) * postRng.lognormal(0.7);
  }
  const postSampler = new WeightedSampler(appeal);
  const engaged = new WeightedSampler(engagement);
  const toNow = () => anchorMs;

  const likes = distinctPairs(
    new Prng(seed, 'likes'),
    counts.likes,
    postSampler,
    posts.createdAt,
    engaged,
    counts.users,
    toNow,
  );
  for (const post of likes.left) posts.likeCount[post]! += 1;
  const saves = distinctPairs(
    new Prng(seed, 'saves'),
    counts.saves,
    postSampler,
    posts.createdAt,
    engaged,
    counts.users,
    toNow,
  );
  const comments = generateComments(seed, counts, anchorMs, posts, postSampler, engaged);

  const events = generateEvents(seed, counts, anchorMs, activity);
  const eventRng = new Prng(seed, 'event-appeal');
  const eventAppeal = new Float64Array(counts.events);
  for (let e = 0; e < counts.events; e++) eventAppeal[e] = eventRng.lognormal(1.0);
  const interests = distinctPairs(
    new Prng(seed, 'interests'),
    counts.interests,
    new WeightedSampler(eventAppeal),
    events.createdAt,
    engaged,
    counts.users,
    (event) => Math.min(anchorMs, events.startsAt[event]!),
  );
  for (const event of interests.left) events.interestedCount[event]! += 1;

  return { options, counts, users, images, follows, posts, likes, saves, comments, events, interests };
}
