/**
 * The top bar's account switcher: a button beside the name (which stays a link to /profile) opens a
 * popover with the accounts signed in on this device and Add Account. The native popover gives
 * Escape, light dismiss and focus return; the list is only fetched while it is open.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Skeleton } from '@/components/skeleton.tsx';
import { withRestOfCatalog } from '@/lib/i18n.ts';
import styles from './account-menu.module.css';

// Loaded on first open: the top bar is on every first screen, the list is rarely needed.
// Its messages are not among the first screens' (vite-split-catalogs.ts): it waits for the rest.
const AccountList = lazy(
  withRestOfCatalog(async () => ({ default: (await import('./account-list.tsx')).AccountList })),
);

export function AccountMenu() {
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Stays mounted once opened: closing the menu must not cancel a switch that is under way.
  const [opened, setOpened] = useState(false);

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        popoverTarget={panelId}
        aria-label={t`Accounts`}
        aria-expanded={open}
        aria-controls={panelId}
      >
        <ChevronDown aria-hidden="true" size={20} />
      </button>
      <div
        id={panelId}
        ref={panel}
        popover="auto"
        className={styles.panel}
        role="dialog"
        aria-label={t`Accounts`}
        onToggle={(event) => {
          setOpen(event.newState === 'open');
          if (event.newState === 'open') setOpened(true);
        }}
      >
        {opened && (
          <>
            <p className={styles.title}>
              <Trans>Accounts</Trans>
            </p>
            <Suspense fallback={<Skeleton height={56} />}>
              <AccountList onDone={() => panel.current?.hidePopover()} />
            </Suspense>
          </>
        )}
      </div>
    </>
  );
}
