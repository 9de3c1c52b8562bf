/** The images feature's reads in the audience matrix (security/read-table.ts). */
import type { ReadEntry } from '../read-entry.ts';

export const imageReads: Record<string, ReadEntry> = {
  'GET /api/videos/:videoId': {
    rule:
      'A video upload’s processing state is read by its uploader only; anyone else gets the 404 of a ' +
      'missing upload (features/images/video.test.ts "shows an upload to its owner only"). The world ' +
      'holds no video, so there is nothing hidden to ask for here.',
    paths: () => [],
  },
};
