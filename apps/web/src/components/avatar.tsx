/**
 * A person's round picture, or their initials on a colour derived from their id when they have none.
 * The colours share one perceived lightness (oklch), dark enough for white initials at AA contrast.
 */
import type { ImageDto } from '@glimpse/shared';
import styles from './avatar.module.css';
import { ResponsiveImage } from './responsive-image.tsx';

interface AvatarProps {
  image: ImageDto | null | undefined;
  name: string;
  size?: number;
  seed?: string;
}

const hues = [250, 330, 20, 160, 200, 280, 45];

export function Avatar({ image, name, size = 40, seed = name }: AvatarProps) {
  const dimension = { width: size, height: size };
  if (image) {
    return (
      <span className={styles.avatar} style={dimension}>
        <ResponsiveImage image={image} alt="" sizes={`${size}px`} />
      </span>
    );
  }
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';
  const hue = hues[[...seed].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % hues.length];
  return (
    <span
      className={`${styles.avatar} ${styles.initials}`}
      style={{ ...dimension, fontSize: size * 0.4, background: `oklch(48% 0.14 ${hue})` }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
