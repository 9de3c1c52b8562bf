import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { SearchX } from 'lucide-react';
import { ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';

export function NotFound() {
  return (
    <Page title={t`Page not found`} width="narrow">
      <EmptyState icon={<SearchX aria-hidden="true" />} title={messages.common.pageNotFound}>
        <ButtonLink to={paths.home}>
          <Trans>Go to your feed</Trans>
        </ButtonLink>
      </EmptyState>
    </Page>
  );
}
