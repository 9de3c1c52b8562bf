/**
 * An announcement's text as written, with only its http(s) addresses as links (the shared
 * `splitLinks`, the same finder apps get their HTML from). Everything else stays text: React
 * escapes it, so nothing an admin writes becomes markup.
 */
import { splitLinks } from '@glimpse/shared';

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
