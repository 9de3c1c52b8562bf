/**
 * The shape of one read route's entry in the audience matrix: the requests each kind of
 * viewer makes to it in the world of audience-world.ts, and who must find the hidden things there
 * (a positive control, so a route that shows nothing to anybody cannot pass by accident). Each
 * feature keeps its entries in `security/reads/<feature>.ts`; read-table.ts gathers them, and the
 * matrix fails for a GET route without one. Test support only.
 */
import type { ViewerKind, World } from './audience-world.ts';

export interface ReadEntry {
  /** What the route shows of other people's posts and events, in words. */
  rule: string;
  /** The paths (with query) this viewer asks; none when the route shows nobody's content (say why). */
  paths(world: World, viewer: ViewerKind): string[] | Promise<string[]>;
  /** Viewers who must find a hidden thing here (the follower, for most). */
  seenBy?: ViewerKind[];
}
