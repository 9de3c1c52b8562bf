/** Words about who may join that the server's refusals and /signup share. */
import type { InviteState } from './dto.ts';
import { messages } from './messages.ts';

/** Why an invite code does not work, in the reader's language. */
export const inviteProblem: Record<Exclude<InviteState, 'valid'>, () => string> = {
  used_up: () => messages.registrations.inviteUsedUp,
  expired: () => messages.registrations.inviteExpired,
  revoked: () => messages.registrations.inviteRevoked,
  unknown: () => messages.registrations.inviteUnknown,
};
