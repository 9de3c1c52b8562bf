/** The Sign up form: Email, Password, Verify password, the failure alert, Sign up (busy: Signing Up...). */

import type { RegistrationInfoDto } from '@glimpse/shared';
import { limits, messages, paths, ruleIn, SignUpInput } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { RequiredMark, TextArea, TextField } from '@/components/field.tsx';
import { type ApiError, isApiError } from '@/lib/api-client.ts';
import { useForm } from '@/lib/use-form.ts';
import { useProofOfWork } from './api/proof-of-work.ts';
import type { useSignUp } from './api/sign-up.ts';
import styles from './form.module.css';
import { VerifyingStatus } from './verifying-status.tsx';

/**
 * The reason behind "Error during sign up", when the server names one we can explain. An address
 * that already has an account is not a failure: the server answers it like any other.
 */
/** The server's refusals that come from who may join: its message says what to do (auth/registrations.ts). */
const registrationCodes = new Set([
  'REGISTRATIONS_CLOSED',
  'INVITE_REQUIRED',
  'INVITE_USED_UP',
  'INVITE_EXPIRED',
  'INVITE_REVOKED',
  'INVITE_UNKNOWN',
  'REASON_REQUIRED',
  'SIGN_UPS_PAUSED',
  'REJECTED_RECENTLY',
  'INVALID_SIGN_UP',
  'EMAIL_DOMAIN_REFUSED',
  // The proof-of-work step (api/proof-of-work.ts): its message says to try again.
  'PROOF_OF_WORK_MISSING',
  'PROOF_OF_WORK_FAILED',
  'PROOF_OF_WORK_EXPIRED',
  'PROOF_OF_WORK_USED',
]);

function signUpDetail(error: ApiError): string | null {
  if (error.code && registrationCodes.has(error.code)) return error.message;
  if (error.kind === 'Network') return messages.common.networkError;
  if (error.kind === 'RateLimited') return messages.auth.tooManyAttempts;
  if (error.code === 'PASSWORD_TOO_SHORT') return messages.auth.passwordTooShort(limits.passwordMin);
  if (error.code === 'INVALID_EMAIL') return messages.auth.emailInvalid;
  return null;
}

interface SignupFormProps {
  /** Its success turns the screen into "Check your email" (signup-screen.tsx). */
  signUp: ReturnType<typeof useSignUp>;
  /** Who may join and the server's rules (`GET /api/registrations`); undefined while loading. */
  info: RegistrationInfoDto | undefined;
  /** From /signup?invite=…: prefills Invite code. */
  invite: string;
}

export function SignupForm({ signUp, info, invite }: SignupFormProps) {
  const proof = useProofOfWork();
  const form = useForm({
    initial: {
      email: '',
      password: '',
      verifyPassword: '',
      acceptTerms: false,
      reason: '',
      inviteCode: invite,
    },
    schema: SignUpInput,
    // Asked once the fields are filled, so "All fields are required" keeps its place first.
    check: (v): Record<string, string> =>
      v.email && v.password && v.verifyPassword && !v.acceptTerms
        ? { acceptTerms: messages.safety.termsRequired }
        : v.email && v.password && v.verifyPassword && asksReason && !v.reason.trim()
          ? { reason: messages.registrations.reasonRequired }
          : {},
    onSubmit: async ({ email, password }) => {
      const { reason, inviteCode } = form.values;
      const proofOfWork = await proof.prove();
      await signUp.mutateAsync({
        email,
        password,
        acceptTerms: true,
        reason: asksReason ? reason.trim() : undefined,
        inviteCode: inviteCode.trim() || undefined,
        proofOfWork,
      });
    },
  });
  const mode = info?.mode;
  // An invite skips approval, so the reason is asked only without one.
  const asksReason = mode === 'approval' && !form.values.inviteCode.trim();
  const asksInvite = mode === 'invite' || mode === 'approval' || invite !== '';
  const rules = info?.rules ?? [];
  const { i18n } = useLingui();
  const { values } = form;
  const passwordsDiffer = values.verifyPassword !== '' && values.password !== values.verifyPassword;
  const problem = form.failure === null ? form.alert('') : messages.auth.signUpFailed;
  const detail = isApiError(form.failure) ? signUpDetail(form.failure) : null;

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate>
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => form.set('email', e.target.value)}
        required
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => form.set('password', e.target.value)}
        hint={plural(limits.passwordMin, { one: 'At least # character.', other: 'At least # characters.' })}
        required
      />
      <TextField
        label={t`Verify password`}
        type="password"
        autoComplete="new-password"
        value={values.verifyPassword}
        onChange={(e) => form.set('verifyPassword', e.target.value)}
        required
      />
      {asksReason && (
        <TextArea
          label={t`Reason`}
          rows={3}
          maxLength={limits.registrationReasonMax}
          value={values.reason}
          onChange={(e) => form.set('reason', e.target.value)}
          hint={t`Moderators read this before they approve your account.`}
          error={form.errors.reason}
          required
        />
      )}
      {asksInvite && (
        <TextField
          label={t`Invite code`}
          autoComplete="off"
          maxLength={limits.inviteCodeMax}
          value={values.inviteCode}
          onChange={(e) => form.set('inviteCode', e.target.value)}
          hint={
            mode === 'invite'
              ? messages.registrations.inviteRequired
              : t`Optional. With one, no approval is needed.`
          }
        />
      )}
      {passwordsDiffer ? (
        <ErrorMessage>{messages.auth.passwordsDoNotMatch}</ErrorMessage>
      ) : (
        problem && (
          <ErrorMessage>
            {problem}
            {detail && <span className={styles.detail}>{detail}</span>}
          </ErrorMessage>
        )
      )}
      {rules.length > 0 && (
        <section className={styles.rules} aria-labelledby="signup-rules-heading">
          <h2 id="signup-rules-heading" className={styles.rulesHeading}>
            <Trans>Server rules</Trans>
          </h2>
          <ol className={styles.rulesList}>
            {rules.map((rule) => {
              const shown = ruleIn(rule, i18n.locale);
              return (
                <li key={rule.id}>
                  <span className={styles.ruleText} dir="auto">
                    {shown.text}
                  </span>
                  {shown.explanation && (
                    <span className={styles.detail} dir="auto">
                      {shown.explanation}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      )}
      <label className={styles.terms}>
        <input
          type="checkbox"
          checked={values.acceptTerms}
          onChange={(e) => form.set('acceptTerms', e.target.checked)}
          required
          aria-invalid={form.errors.acceptTerms ? true : undefined}
        />
        <span>
          <Trans>
            I agree to the{' '}
            <Link to={paths.terms} target="_blank">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={paths.guidelines} target="_blank">
              Community Guidelines
            </Link>
          </Trans>
          <RequiredMark />
        </span>
      </label>
      <p className={styles.terms}>
        <Trans>
          Read how we handle your data in the <Link to={paths.privacy}>Privacy Policy</Link>.
        </Trans>
      </p>
      <VerifyingStatus verifying={proof.verifying} />
      <Button
        type="submit"
        block
        disabled={passwordsDiffer}
        busy={form.busy}
        busyLabel={messages.auth.signingUp}
      >
        <Trans>Sign up</Trans>
      </Button>
    </form>
  );
}
