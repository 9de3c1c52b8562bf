/**
 * Who is acting: the one answer every service gets to "who is doing this?" (`ctx.actor`,
 * core/service.ts), whichever way the action reached it. A member acts through the web app's
 * session, or through an app's OAuth token limited to its scopes; an account of another server acts
 * through an activity its server delivered; the server itself acts for a reason it states.
 *
 * Each acts in the name of one account, `id`: the author of what it writes, whose blocks, follows
 * and audiences decide what it may see. A service that needs more than that (a member's email, a
 * password check) asks for a `Member`, so that only a member's request can reach it.
 */

/** A member signed in to the web app: the session check found them (auth/session.ts). */
export interface SessionMember {
  kind: 'member';
  via: 'session';
  id: string;
  email: string;
}

/**
 * A member through an app's OAuth token (the client API): it may do only what its scopes allow.
 * The client API's token check makes one (oauth/tokens.ts).
 */
export interface TokenMember {
  kind: 'member';
  via: 'token';
  id: string;
  email: string;
  scopes: readonly string[];
}

/** A member of this server, however they reached it. */
export type Member = SessionMember | TokenMember;

/**
 * An account of another server, through an activity its server delivered to our inbox (a Like, a
 * Flag, a Join…), after the inbox checked that it really sent it. `id` is its local account row.
 */
export interface RemoteActor {
  kind: 'remote';
  id: string;
}

/**
 * This server acting on its own, in the name of account `id`, for the reason it states: a
 * moderator's removal runs the owner's own delete, an import posts as the importing member, a
 * remote account's picture is stored as that account's upload.
 */
export interface SystemActor {
  kind: 'system';
  id: string;
  reason: SystemReason;
}

/** Why the server acts in an account's name: one reason per kind of job, so each use can be found. */
export type SystemReason =
  | 'moderator removes reported content'
  | 'import of an archive'
  | 'copy of a remote picture'
  | 'copy of a remote video'
  | 'data export';

export type Actor = Member | RemoteActor | SystemActor;

export const sessionMember = (id: string, email: string): SessionMember => ({
  kind: 'member',
  via: 'session',
  id,
  email,
});

export const remoteActor = (id: string): RemoteActor => ({ kind: 'remote', id });

export const systemActor = (id: string, reason: SystemReason): SystemActor => ({
  kind: 'system',
  id,
  reason,
});
