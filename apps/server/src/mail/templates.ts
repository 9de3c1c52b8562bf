/**
 * The messages Glimpse sends: plain text plus a small HTML twin, the product's name, one link and
 * nothing else (no images, no tracking pixels, no rewritten links). Texts are in the shared messages.
 */
import { messages } from '@glimpse/shared';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.codePointAt(0)};`);

/** Every message's HTML: the product's name, the paragraphs given (already HTML), the signature. */
function htmlFrame(subject: string, paragraphs: string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:560px;margin:24px auto;padding:0 16px;color:#111">
<h1 style="font-size:20px">Glimpse</h1>
${paragraphs.map((p) => `${p}\n`).join('')}<p>— ${escapeHtml(messages.mail.signature)}</p>
</body></html>
`;
}

const smallPrint = (text: string) => `<p style="font-size:13px;color:#555">${escapeHtml(text)}</p>`;

/** A message whose point is one link: an intro, the link (as a button in HTML), and why to ignore it. */
export function linkMail(input: {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  /** The last line; null leaves it out (the intro already says what to do if it was not asked for). */
  ignore?: string | null;
}): MailMessage {
  const { to, subject, intro, action, link, ignore = messages.mail.ignore } = input;
  const text = [
    intro,
    '',
    link,
    '',
    ...(ignore ? [ignore, ''] : []),
    `— ${messages.mail.signature}`,
    '',
  ].join('\n');
  const html = htmlFrame(subject, [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    smallPrint(link),
    ...(ignore ? [smallPrint(ignore)] : []),
  ]);
  return { to, subject, text, html, link };
}

export function resetPasswordMail(to: string, link: string): MailMessage {
  const { resetSubject, resetIntro, resetAction } = messages.mail;
  return linkMail({ to, subject: resetSubject, intro: resetIntro, action: resetAction, link });
}

export function verifyEmailMail(to: string, link: string): MailMessage {
  const { verifySubject, verifyIntro, verifyAction } = messages.mail;
  return linkMail({ to, subject: verifySubject, intro: verifyIntro, action: verifyAction, link });
}

/** To the new address of a change of email: following the link makes the change. */
export function changeEmailMail(to: string, link: string): MailMessage {
  const { verifySubject, verifyIntro, verifyAction } = messages.changeEmail;
  return linkMail({ to, subject: verifySubject, intro: verifyIntro, action: verifyAction, link });
}

/** To the old address of a change of email, sent whether or not the new address has an account. */
export function emailChangeNoticeMail(to: string, newEmail: string): MailMessage {
  const subject = messages.changeEmail.noticeSubject;
  const intro = messages.changeEmail.noticeText(newEmail);
  const text = [intro, '', `— ${messages.mail.signature}`, ''].join('\n');
  const html = htmlFrame(subject, [`<p>${escapeHtml(intro)}</p>`]);
  return { to, subject, text, html };
}

/** To the old address once a change of email is made: what happened, and a link to undo it. */
export function emailChangeUndoMail(to: string, newEmail: string, link: string): MailMessage {
  const { undoSubject, undoText, undoAction } = messages.changeEmail;
  return linkMail({
    to,
    subject: undoSubject,
    intro: undoText(newEmail),
    action: undoAction,
    link,
    ignore: null,
  });
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up answered as for
 * a new address, so this email is the only place that says the account exists, and only its owner
 * reads it. Two links: sign in, or choose a new password.
 */
export function existingAccountMail(
  to: string,
  links: { signIn: string; resetPassword: string },
): MailMessage {
  const {
    existingAccountSubject: subject,
    existingAccountIntro,
    existingAccountSignIn,
    existingAccountReset,
  } = messages.mail;
  const { existingAccountIgnore, signature } = messages.mail;
  const text = [
    existingAccountIntro,
    '',
    existingAccountSignIn,
    links.signIn,
    '',
    existingAccountReset,
    links.resetPassword,
    '',
    existingAccountIgnore,
    '',
    `— ${signature}`,
    '',
  ].join('\n');
  const html = htmlFrame(subject, [
    `<p>${escapeHtml(existingAccountIntro)}</p>`,
    `<p>${escapeHtml(existingAccountSignIn)} <a href="${escapeHtml(links.signIn)}">${escapeHtml(links.signIn)}</a></p>`,
    `<p>${escapeHtml(existingAccountReset)} <a href="${escapeHtml(links.resetPassword)}">${escapeHtml(links.resetPassword)}</a></p>`,
    smallPrint(existingAccountIgnore),
  ]);
  return { to, subject, text, html };
}

/** 24 hours or 1 hour before a date someone is going to (features/events/reminders.ts). */
export function eventReminderMail(input: {
  to: string;
  title: string;
  soon: 'day' | 'hour';
  when: string;
  place: string;
  link: string;
}): MailMessage {
  const mail = messages.mail;
  return linkMail({
    to: input.to,
    subject:
      input.soon === 'day' ? mail.reminderSubjectDay(input.title) : mail.reminderSubjectHour(input.title),
    intro: input.place
      ? mail.reminderIntroAt(input.title, input.when, input.place)
      : mail.reminderIntro(input.title, input.when),
    action: mail.reminderAction,
    link: input.link,
    ignore: mail.reminderIgnore,
  });
}

/** A waiting sign-up approved: it may sign in now. */
export function signUpApprovedMail(to: string, signInLink: string): MailMessage {
  const { approvedSubject, approvedIntro, approvedAction } = messages.registrations;
  return linkMail({
    to,
    subject: approvedSubject,
    intro: approvedIntro,
    action: approvedAction,
    link: signInLink,
    ignore: null,
  });
}

/** A waiting sign-up rejected: the account is gone, and the address may try again in 7 days. */
export function signUpRejectedMail(to: string): MailMessage {
  const { rejectedSubject: subject, rejectedText } = messages.registrations;
  const text = [rejectedText, '', `— ${messages.mail.signature}`, ''].join('\n');
  return { to, subject, text, html: htmlFrame(subject, [`<p>${escapeHtml(rejectedText)}</p>`]) };
}
