/**
 * Sensitive photos are blurred behind a Show button, unless the viewer chose to always see such
 * media (Settings; `MeDto.preferences`). While hidden the photos are inert: no focus, and their
 * alt texts are not read out before the person chooses to see them.
 */

import { messages } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useAuth } from '@/lib/session.ts';
import { Button } from './button.tsx';
import styles from './sensitive-media.module.css';

export function SensitiveMedia({ sensitive, children }: { sensitive: boolean; children: ReactNode }) {
  const auth = useAuth();
  const [shown, setShown] = useState(false);
  const alwaysShow = auth.status === 'signedIn' && auth.me.preferences.showSensitiveMedia;
  if (!sensitive || alwaysShow || shown) return <>{children}</>;
  return (
    <div className={styles.wrapper}>
      <div className={styles.blurred} inert aria-hidden="true">
        {children}
      </div>
      <div className={styles.cover}>
        <EyeOff aria-hidden="true" size={28} />
        <p className={styles.notice}>{messages.photos.sensitiveHidden}</p>
        <Button variant="secondary" size="sm" onClick={() => setShown(true)}>
          <Trans>Show</Trans>
        </Button>
      </div>
    </div>
  );
}
