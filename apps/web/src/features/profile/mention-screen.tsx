/** /u/{username}, where an @mention links: finds the member by username and shows their profile. */
import { isolated, messages, paths } from '@glimpse/shared';
import { useQuery } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { Button } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { api, isApiError, request } from '@/lib/api-client.ts';
import { profileKeys } from '@/lib/query-keys.ts';

export function MentionScreen() {
  const { username = '' } = useParams();
  const found = useQuery({
    queryKey: profileKeys.byUsername(username),
    queryFn: () =>
      request(
        api.profiles['by-username'][':username'].$get({ param: { username: encodeURIComponent(username) } }),
      ),
  });
  if (found.data) return <Navigate replace to={paths.userPublicFeed(found.data.userId)} />;
  return (
    <Page title={isolated(`@${username}`)} width="narrow">
      {found.isPending ? (
        <Skeleton height={120} />
      ) : (
        <EmptyState
          icon={<UserX />}
          title={
            isApiError(found.error, 'NotFound')
              ? messages.profile.notFound
              : messages.common.somethingWentWrong
          }
        >
          {!isApiError(found.error, 'NotFound') && (
            <Button onClick={() => void found.refetch()}>{messages.common.tryAgain}</Button>
          )}
        </EmptyState>
      )}
    </Page>
  );
}
