/**
 * Block / Unblock and Mute / Unmute on a public profile (DESIGN.md §4). Block asks first, in a
 * dialog with Block and Cancel; Unblock, Mute and Unmute act at once (each is undone as easily).
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Ban, Volume2, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { useRelation } from './api/relations.ts';

export function BlockButton({ userId, name, blocked }: { userId: string; name: string; blocked: boolean }) {
  const block = useRelation(userId, 'block');
  const [confirming, setConfirming] = useState(false);
  if (blocked) {
    return (
      <Button
        variant="secondary"
        icon={<Ban aria-hidden="true" size={18} />}
        onClick={() => block.mutate(false)}
      >
        <Trans>Unblock</Trans>
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" icon={<Ban aria-hidden="true" size={18} />} onClick={() => setConfirming(true)}>
        <Trans>Block</Trans>
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t`Block ${name}?`}
        message={t`You and ${name} will stop following each other and will no longer see each other’s posts, comments, events or profile. ${name} is not told.`}
        confirmLabel={t`Block`}
        busy={block.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => block.mutate(true, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}

export function MuteButton({ userId, muted }: { userId: string; muted: boolean }) {
  const mute = useRelation(userId, 'mute');
  return (
    <Button
      variant="ghost"
      icon={muted ? <Volume2 aria-hidden="true" size={18} /> : <VolumeX aria-hidden="true" size={18} />}
      onClick={() => mute.mutate(!muted)}
    >
      {muted ? <Trans>Unmute</Trans> : <Trans>Mute</Trans>}
    </Button>
  );
}
