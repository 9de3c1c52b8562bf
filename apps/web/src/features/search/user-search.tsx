/**
 * The top bar's "Search users" box: asks the server 500 ms after typing stops (empty input is
 * ignored); results are links to each person's public profile. Arrow keys move through results,
 * Escape closes them, Enter opens /search with posts, tags and events as well.
 */

import { limits, messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Hash, Search } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/avatar.tsx';
import { NameBadges } from '@/components/name-badges.tsx';
import { fullName } from '@/lib/format.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useTagSearch } from './api/search-tags.ts';
import { useUserSearch } from './api/search-users.ts';
import styles from './user-search.module.css';

export function UserSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const query = useDebouncedValue(text, limits.searchDebounceMs).trim();
  // "#sun" looks for hashtags only; other text for people, with matching tags in their own section.
  const tagsOnly = query.startsWith('#');
  const search = useUserSearch(tagsOnly ? '' : query);
  const tagSearch = useTagSearch(query);
  const wrapper = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  const navigate = useNavigate();

  const links = () => [...(wrapper.current?.querySelectorAll<HTMLAnchorElement>('[data-result]') ?? [])];
  const close = () => setOpen(false);

  function onKeyDown(event: KeyboardEvent) {
    const items = links();
    const index = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      items[Math.min(index + 1, items.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp' && index >= 0) {
      event.preventDefault();
      if (index === 0) input.current?.focus();
      else items[index - 1]?.focus();
    } else if (event.key === 'Escape') {
      close();
      input.current?.focus();
    }
  }

  const showResults = open && query.length > 0;
  const results = tagsOnly ? [] : (search.data ?? []);
  const tags = tagSearch.data ?? [];
  const pending = tagsOnly ? tagSearch.isPending : search.isPending;
  const failed = tagsOnly ? tagSearch.isError : search.isError;
  const pick = () => {
    close();
    setText('');
  };

  return (
    <form
      ref={wrapper}
      className={styles.search}
      // Enter opens every kind of result on /search; a leading # opens its Tags tab.
      onSubmit={(e) => {
        e.preventDefault();
        const typed = text.trim();
        if (!typed) return;
        pick();
        navigate(paths.searchResults(typed, typed.startsWith('#') ? 'tags' : undefined));
      }}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node)) close();
      }}
    >
      <Search className={styles.icon} aria-hidden="true" size={18} />
      <input
        ref={input}
        type="search"
        className={styles.input}
        // The short word fits a phone's top bar in every language ("Search users" did not in Arabic or
        // French); the name keeps saying what the box finds first.
        placeholder={messages.search.label}
        aria-label={t`Search users`}
        // Only while the results are in the page: an id reference to nothing is invalid ARIA.
        aria-controls={showResults ? resultsId : undefined}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      {showResults && (
        <section id={resultsId} className={styles.popup} aria-label={t`Search results`}>
          {pending ? (
            <p className={styles.note}>{messages.social.searching}</p>
          ) : failed ? (
            <p className={styles.note} role="alert">
              {messages.social.searchFailed}
            </p>
          ) : results.length === 0 && tags.length === 0 ? (
            <p className={styles.note}>{messages.social.noSearchResults}</p>
          ) : (
            <>
              {results.length > 0 && tags.length > 0 && (
                <h2 className={styles.sectionHeading}>{messages.tags.peopleHeading}</h2>
              )}
              <ul className={styles.list}>
                {results.map((person) => (
                  <li key={person.userId}>
                    <Link
                      data-result
                      to={paths.userPublicFeed(person.userId)}
                      className={styles.result}
                      onClick={pick}
                    >
                      <Avatar
                        image={person.profileImage}
                        name={fullName(person)}
                        seed={person.userId}
                        size={32}
                      />
                      <span className={styles.names}>
                        <span className={styles.name}>
                          <bdi>{fullName(person)}</bdi>
                          <NameBadges person={{ ...person, followerCount: 0 }} showStar={false} />
                        </span>
                        <bdi className={styles.username}>@{person.username}</bdi>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              {tags.length > 0 && (
                <>
                  <h2 className={styles.sectionHeading}>{messages.tags.searchHeading}</h2>
                  <ul className={styles.list}>
                    {tags.map((found) => (
                      <li key={found.tag}>
                        <Link data-result to={paths.tag(found.tag)} className={styles.result} onClick={pick}>
                          <Hash aria-hidden="true" size={20} className={styles.tagIcon} />
                          <span className={styles.names}>
                            <bdi className={styles.name}>#{found.tag}</bdi>
                            <span className={styles.username}>{messages.tags.count(found.postCount)}</span>
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </section>
      )}
    </form>
  );
}
