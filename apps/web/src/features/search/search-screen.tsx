/**
 * /search?q=…&tab=…: the text of the top bar's search (or typed here) looked up as accounts, posts,
 * tags, places and events, one tab each (WAI-ARIA tabs: arrow keys, Home and End move between them and
 * show that tab at once). The chosen tab lives in the URL, so Back and a shared link keep it.
 */
import type { EventDto, PostSearchResultDto, SearchTab, TextRange } from '@glimpse/shared';
import { limits, messages, paths, searchTabs } from '@glimpse/shared';
import { CalendarDays, Hash, ImageOff, MapPin, Search, Users } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '@/components/avatar.tsx';
import { blurredAsSensitive, ContentWarningBar, useContentWarning } from '@/components/content-warning.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { NameBadges } from '@/components/name-badges.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { ResponsiveImage } from '@/components/responsive-image.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import { formatDateTime, fullName } from '@/lib/format.ts';
import { useAuth } from '@/lib/session.ts';
import { useSearchEvents } from './api/search-events.ts';
import { usePlaceSearch } from './api/search-places.ts';
import { useSearchPosts } from './api/search-posts.ts';
import { useTagSearch } from './api/search-tags.ts';
import { useUserSearch } from './api/search-users.ts';
import styles from './search-screen.module.css';

const isTab = (value: string | null): value is SearchTab => searchTabs.includes(value as SearchTab);

/** Read when the tab renders, so the label is in the language active then. */
const tabLabel = (name: SearchTab): string =>
  ({
    accounts: messages.search.tabAccounts,
    posts: messages.search.tabPosts,
    tags: messages.search.tabTags,
    places: messages.search.tabPlaces,
    events: messages.search.tabEvents,
  })[name];

export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const tabParam = params.get('tab');
  const tab: SearchTab = isTab(tabParam) ? tabParam : 'accounts';
  const [text, setText] = useState(q);
  // A new search from the top bar while this screen is open replaces what was typed here.
  useEffect(() => setText(q), [q]);
  const tabRefs = useRef(new Map<SearchTab, HTMLButtonElement>());
  const panelId = useId();
  const tabId = (name: SearchTab) => `${panelId}-tab-${name}`;

  const choose = (next: SearchTab, focus = false) => {
    setParams({ q, tab: next }, { replace: true });
    if (focus) tabRefs.current.get(next)?.focus();
  };

  function onTabKeyDown(event: KeyboardEvent) {
    const index = searchTabs.indexOf(tab);
    const last = searchTabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(searchTabs[next]!, true);
  }

  return (
    <Page title={messages.search.heading}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          const next = text.trim();
          if (next) setParams({ q: next, tab }, { replace: false });
        }}
      >
        <Search className={styles.icon} aria-hidden="true" size={18} />
        <input
          type="search"
          className={styles.input}
          aria-label={messages.search.label}
          placeholder={messages.search.label}
          maxLength={limits.searchQueryMax}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      <p className={styles.hint}>{messages.search.hint}</p>
      <div
        role="tablist"
        aria-label={messages.search.heading}
        className={styles.tabs}
        onKeyDown={onTabKeyDown}
      >
        {searchTabs.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabRefs.current.set(name, element);
            }}
            type="button"
            role="tab"
            id={tabId(name)}
            aria-selected={name === tab}
            aria-controls={panelId}
            tabIndex={name === tab ? 0 : -1}
            className={styles.tab}
            onClick={() => choose(name)}
          >
            {tabLabel(name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)} className={styles.panel}>
        {!q ? (
          <EmptyState icon={<Search />} title={messages.search.prompt} />
        ) : tab === 'accounts' ? (
          <AccountResults q={q} />
        ) : tab === 'posts' ? (
          <PostResults q={q} />
        ) : tab === 'tags' ? (
          <TagResults q={q} />
        ) : tab === 'places' ? (
          <PlaceResults q={q} />
        ) : (
          <EventResults q={q} />
        )}
      </div>
    </Page>
  );
}

/** The loading, error and empty states every tab shares, then its list. */
function Results({
  pending,
  failed,
  empty,
  emptyIcon,
  emptyText,
  children,
}: {
  pending: boolean;
  failed: boolean;
  empty: boolean;
  emptyIcon: ReactNode;
  emptyText: string;
  children: ReactNode;
}) {
  if (pending)
    return (
      <div className={styles.loading} aria-busy="true">
        <span className="visually-hidden" role="status">
          {messages.social.searching}
        </span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={56} />
        ))}
      </div>
    );
  if (failed)
    return (
      <p role="alert" className={styles.error}>
        {messages.search.failed}
      </p>
    );
  if (empty) return <EmptyState icon={emptyIcon} title={emptyText} />;
  return <>{children}</>;
}

function AccountResults({ q }: { q: string }) {
  // The accounts search takes a name's length at most; the rest of a long query cannot be a name.
  const search = useUserSearch(q.replace(/^@/, '').slice(0, limits.nameMax));
  const people = search.data ?? [];
  return (
    <Results
      pending={search.isPending}
      failed={search.isError}
      empty={people.length === 0}
      emptyIcon={<Users />}
      emptyText={messages.search.noAccounts}
    >
      <ul className={styles.list}>
        {people.map((person) => (
          <li key={person.userId}>
            <Link to={paths.userPublicFeed(person.userId)} className={styles.row}>
              <Avatar image={person.profileImage} name={fullName(person)} seed={person.userId} size={44} />
              <span className={styles.text}>
                <span className={styles.title}>
                  <bdi>{fullName(person)}</bdi>
                  <NameBadges person={{ ...person, followerCount: 0 }} showStar={false} />
                </span>
                <bdi className={styles.meta}>@{person.username}</bdi>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Results>
  );
}

/** The caption with its matched words in <mark>: ranges from the server, text rendered as text. */
function Highlighted({ text, ranges }: { text: string; ranges: TextRange[] }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const [start, end] of ranges) {
    if (start < from || end > text.length) continue;
    if (start > from) parts.push(text.slice(from, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    from = end;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

function PostResults({ q }: { q: string }) {
  const search = useSearchPosts(q, true);
  const auth = useAuth();
  const showSensitive = auth.status === 'signedIn' && auth.me.preferences.showSensitiveMedia;
  const results = search.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Results
      pending={search.isPending}
      failed={search.isError}
      empty={results.length === 0}
      emptyIcon={<ImageOff />}
      emptyText={messages.search.noPosts}
    >
      <ul className={styles.list}>
        {results.map((result, index) => (
          <PostResult
            key={result.post.id}
            result={result}
            showSensitive={showSensitive}
            priority={index < 4}
          />
        ))}
      </ul>
      <LoadMore
        hasNextPage={search.hasNextPage}
        isFetchingNextPage={search.isFetchingNextPage}
        fetchNextPage={search.fetchNextPage}
      />
    </Results>
  );
}

function PostResult({
  result: { post, captionMatches },
  showSensitive,
  priority,
}: {
  result: PostSearchResultDto;
  showSensitive: boolean;
  priority: boolean;
}) {
  const photo = post.photos[0];
  const blurred = blurredAsSensitive(post) && !showSensitive;
  const warning = useContentWarning(post.contentWarning);
  return (
    <li>
      <ContentWarningBar state={warning} />
      <Link to={paths.postDetail(post.id)} className={styles.row}>
        <span className={styles.thumb} id={warning.mediaId}>
          {photo && warning.expanded && (
            <ResponsiveImage
              image={photo.image}
              alt={blurred ? messages.photos.sensitive : photo.altText || ''}
              sizes="96px"
              className={blurred ? styles.blurred : undefined}
              priority={priority}
            />
          )}
        </span>
        <span className={styles.text}>
          <span className={styles.caption} id={warning.captionId}>
            {warning.expanded && <Highlighted text={post.caption} ranges={captionMatches} />}
          </span>
          <span className={styles.meta}>
            <bdi>{fullName(post.author)}</bdi> · <TimeAgo iso={post.createdAt} />
          </span>
        </span>
      </Link>
    </li>
  );
}

function TagResults({ q }: { q: string }) {
  const search = useTagSearch(q);
  const tags = search.data ?? [];
  const typedTag = q.replace(/^#/, '').length > 0;
  return (
    <Results
      pending={typedTag && search.isPending}
      failed={search.isError}
      empty={tags.length === 0}
      emptyIcon={<Hash />}
      emptyText={messages.search.noTags}
    >
      <ul className={styles.list}>
        {tags.map((found) => (
          <li key={found.tag}>
            <Link to={paths.tag(found.tag)} className={styles.row}>
              <span className={styles.badge} aria-hidden="true">
                <Hash size={22} />
              </span>
              <span className={styles.text}>
                <bdi className={styles.title}>#{found.tag}</bdi>
                <span className={styles.meta}>{messages.tags.count(found.postCount)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Results>
  );
}

function PlaceResults({ q }: { q: string }) {
  const search = usePlaceSearch(q);
  const places = search.data ?? [];
  return (
    <Results
      pending={search.isPending}
      failed={search.isError}
      empty={places.length === 0}
      emptyIcon={<MapPin />}
      emptyText={messages.search.noPlaces}
    >
      <ul className={styles.list}>
        {places.flatMap((found) =>
          found.slug
            ? [
                <li key={found.slug}>
                  <Link to={paths.location(found.slug)} className={styles.row}>
                    <span className={styles.badge} aria-hidden="true">
                      <MapPin size={22} />
                    </span>
                    <span className={styles.text}>
                      <span className={styles.title}>{found.name}</span>
                      <span className={styles.meta}>{messages.places.count(found.postCount)}</span>
                    </span>
                  </Link>
                </li>,
              ]
            : [],
        )}
      </ul>
    </Results>
  );
}

function EventResults({ q }: { q: string }) {
  const search = useSearchEvents(q, true);
  const events: EventDto[] = search.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Results
      pending={search.isPending}
      failed={search.isError}
      empty={events.length === 0}
      emptyIcon={<CalendarDays />}
      emptyText={messages.search.noEvents}
    >
      <ul className={styles.list}>
        {events.map((event) => (
          <li key={event.id}>
            <Link to={paths.eventDetail(event.id)} className={styles.row}>
              <span className={styles.thumb}>
                {event.image ? (
                  <ResponsiveImage image={event.image} alt="" sizes="96px" />
                ) : (
                  <CalendarDays aria-hidden="true" size={28} />
                )}
              </span>
              <span className={styles.text}>
                <span className={styles.title}>
                  <bdi>{event.title}</bdi>
                </span>
                <span className={styles.meta}>
                  <time dateTime={event.startsAt}>{formatDateTime(event.startsAt)}</time> ·{' '}
                  <bdi>{fullName(event.host)}</bdi>
                </span>
                <span className={styles.snippet}>{event.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={search.hasNextPage}
        isFetchingNextPage={search.isFetchingNextPage}
        fetchNextPage={search.fetchNextPage}
      />
    </Results>
  );
}
