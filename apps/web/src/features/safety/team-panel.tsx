/**
 * The moderation team: moderators and admins. An admin makes a member moderator (found by name,
 * through the people search) or takes the role back.
 */

import type { UserSearchResultDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button } from '@/components/button.tsx';
import { TextField } from '@/components/field.tsx';
import { Row, RowList } from '@/components/row-list.tsx';
import { useToast } from '@/components/toast.tsx';
import { api, request } from '@/lib/api-client.ts';
import { searchKeys } from '@/lib/query-keys.ts';
import { useViewer } from '@/lib/session.ts';
import { useModerate, useTeam } from './api/moderation.ts';
import styles from './people-list.module.css';

function Candidates({ q, teamIds }: { q: string; teamIds: Set<string> }) {
  const moderate = useModerate();
  const toast = useToast();
  const results = useQuery({
    queryKey: searchKeys.users(q),
    queryFn: () => request(api.search.users.$get({ query: { q } })),
    enabled: q.trim().length > 0,
  });
  const people = (results.data ?? []).filter((person: UserSearchResultDto) => !teamIds.has(person.userId));
  if (!q.trim() || people.length === 0) return null;
  return (
    <RowList label={t`Members found`}>
      {people.map((person) => (
        <Row key={person.userId}>
          <AuthorLine author={{ ...person, followerCount: 0 }} />
          <Button
            size="sm"
            onClick={() =>
              moderate.mutate(
                { kind: 'moderator', userId: person.userId, moderator: true },
                { onError: () => toast.error(messages.safety.moderationFailed) },
              )
            }
          >
            <Trans>Make moderator</Trans>
          </Button>
        </Row>
      ))}
    </RowList>
  );
}

export function TeamPanel() {
  const me = useViewer();
  const team = useTeam();
  const moderate = useModerate();
  const toast = useToast();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const isAdmin = me.user.role === 'admin';
  const members = team.data?.items ?? [];
  return (
    <>
      <RowList label={t`Moderators and admins`}>
        {members.map(({ person, role }) => (
          <Row key={person.userId}>
            <AuthorLine author={person} />
            {isAdmin && role === 'moderator' ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  moderate.mutate(
                    { kind: 'moderator', userId: person.userId, moderator: false },
                    { onError: () => toast.error(messages.safety.moderationFailed) },
                  )
                }
              >
                <Trans>Remove moderator</Trans>
              </Button>
            ) : (
              <span>{role === 'admin' ? t({ message: 'Admin', context: 'role' }) : t`Moderator`}</span>
            )}
          </Row>
        ))}
      </RowList>
      {isAdmin && (
        <div className={styles.find}>
          <TextField
            label={t`Find a member to make moderator`}
            type="search"
            value={q}
            maxLength={limits.nameMax}
            onChange={(e) => setQ(e.target.value)}
          />
          <Candidates q={deferred} teamIds={new Set(members.map((m) => m.person.userId))} />
        </div>
      )}
    </>
  );
}
