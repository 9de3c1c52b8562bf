import type { PostDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { Pin, PinOff } from 'lucide-react';
import { Button } from '@/components/button.tsx';
import { useTogglePin } from './api/toggle-pin.ts';

/** Pin / Unpin on one's own post, beside Edit: pinned posts open one's profile, up to five. */
export function PinButton({ post }: { post: PostDto }) {
  const pin = useTogglePin(post.id, post.author.userId);
  const Icon = post.pinned ? PinOff : Pin;
  return (
    <Button
      size="sm"
      variant="ghost"
      icon={<Icon aria-hidden="true" size={16} />}
      disabled={pin.isPending}
      onClick={() => pin.mutate(!post.pinned)}
    >
      {post.pinned ? messages.pins.unpin : messages.pins.pin}
    </Button>
  );
}
