/**
 * A caption or comment with its #hashtags linked to their pages and its @mentions to the person,
 * found by the shared parser the server also uses (text-entities.ts). The text shows exactly as
 * written; only links are added around parts of it. It is isolated (`<bdi>`): its direction is its own,
 * and nothing in it, right-to-left text or a direction control, reorders the page around it.
 */
import { parseText, paths } from '@glimpse/shared';
import { Link } from 'react-router';
import styles from './linked-text.module.css';

export function LinkedText({ text }: { text: string }) {
  return (
    <bdi>
      {parseText(text).map((part, i) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one text never move
            key={i}
            className={styles.link}
            to={part.kind === 'tag' ? paths.tag(part.tag) : paths.mention(part.username)}
          >
            {part.text}
          </Link>
        ),
      )}
    </bdi>
  );
}
