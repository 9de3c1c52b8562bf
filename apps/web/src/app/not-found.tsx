import { messages, paths } from '@glimpse/shared';
import { SearchX } from 'lucide-react';
import { ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';

export function NotFound() {
  return (
    <Page title="Page not found" width="narrow">
      <EmptyState icon={<SearchX aria-hidden="true" />} title={messages.common.pageNotFound}>
        <ButtonLink to={paths.home}>Go to your feed</ButtonLink>
      </EmptyState>
    </Page>
  );
}
