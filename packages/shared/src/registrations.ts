/** Words about who may join that the server's refusals and /signup share. */
import type { InviteState, RuleDto } from './dto.ts';
import { messages } from './messages.ts';

/** Why an invite code does not work, in the reader's language. */
export const inviteProblem: Record<Exclude<InviteState, 'valid'>, () => string> = {
  used_up: () => messages.registrations.inviteUsedUp,
  expired: () => messages.registrations.inviteExpired,
  revoked: () => messages.registrations.inviteRevoked,
  unknown: () => messages.registrations.inviteUnknown,
};

/**
 * A rule as a reader of `language` sees it: each of its title and explanation in that language
 * where the admin gave one, the rule's own words otherwise (/signup, the report dialog, apps).
 */
export function ruleIn(rule: RuleDto, language: string): { text: string; explanation: string } {
  const translation = rule.translations[language as keyof RuleDto['translations']];
  return {
    text: translation?.text || rule.text,
    explanation: translation?.explanation || rule.explanation,
  };
}
