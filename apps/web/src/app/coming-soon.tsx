/**
 * Routes whose feature has not landed yet show what is coming instead of a broken page.
 * Each entry disappears when its feature's screen replaces it in the router.
 */
import { paths } from '@glimpse/shared';
import { Sparkles } from 'lucide-react';
import { ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';

export function ComingSoon({ title, feature }: { title: string; feature: string }) {
  return (
    <Page title={title}>
      <EmptyState
        icon={<Sparkles aria-hidden="true" />}
        title={`${title} is coming with the ${feature} update.`}
      >
        <ButtonLink to={paths.profile} variant="secondary">
          Go to your profile
        </ButtonLink>
      </EmptyState>
    </Page>
  );
}
