/**
 * Who is acting (core/actor.ts) as services receive it. A service names the actor it accepts in
 * its type, so the checks that matter run at compile time (`npx tsc -p apps/server`): the
 * `@ts-expect-error` lines below fail the typecheck the day a remote account or the server could
 * reach a service only a member may call, or an actor could be made up without saying what it is
 * (the `{ id, email: '' }` that once stood in for a member).
 */
import { describe, expect, it } from 'vitest';
import { type Actor, type Member, remoteActor, sessionMember, systemActor } from './actor.ts';
import type { MemberServiceArgs, ServiceArgs } from './service.ts';

type AnyActorCtx = ServiceArgs<'actor'>['ctx'];
type MemberCtx = MemberServiceArgs<'actor'>['ctx'];

describe('Actor', () => {
  it('says what acts and in whose name', () => {
    const actors: Actor[] = [
      sessionMember('u1', 'ada@example.com'),
      remoteActor('u2'),
      systemActor('u3', 'import of an archive'),
    ];
    expect(actors.map((actor) => [actor.kind, actor.id])).toEqual([
      ['member', 'u1'],
      ['remote', 'u2'],
      ['system', 'u3'],
    ]);
    expect(systemActor('u3', 'data export')).toEqual({ kind: 'system', id: 'u3', reason: 'data export' });
  });

  it('reaches a member-only service only as a member', () => {
    const member: MemberCtx = { actor: sessionMember('u1', 'ada@example.com') };
    const anyone: AnyActorCtx[] = [
      member,
      { actor: remoteActor('u2') },
      { actor: systemActor('u3', 'data export') },
    ];
    // @ts-expect-error a remote account is not a member of this server
    const remote: MemberCtx = { actor: remoteActor('u2') };
    // @ts-expect-error the server acting for an account is not that member
    const system: MemberCtx = { actor: systemActor('u3', 'import of an archive') };
    // @ts-expect-error an actor says what it is: no bare id and empty email stands in for a member
    const madeUp: AnyActorCtx = { actor: { id: 'u4', email: '' } };
    // @ts-expect-error a reason is one of the stated ones
    systemActor('u3', 'because');
    expect([member, ...anyone, remote, system, madeUp].every((ctx) => typeof ctx.actor.id === 'string')).toBe(
      true,
    );
  });

  it('reads a member’s email only through the member type', () => {
    const emailOf = (member: Member) => member.email;
    expect(emailOf(sessionMember('u1', 'ada@example.com'))).toBe('ada@example.com');
    // @ts-expect-error an actor in general has no email: a remote account's or the server's is not a member's
    const emailOfAnyone = (actor: Actor) => actor.email;
    expect(typeof emailOfAnyone).toBe('function');
  });
});
