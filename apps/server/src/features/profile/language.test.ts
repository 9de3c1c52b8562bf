/**
 * The server speaks its reader's language (lib/language.ts): the account keeps the
 * language chosen on /settings/language (PUT /api/me/language, read back by GET /api/me), a
 * sign-up keeps the language it came in, mail goes out over SMTP in the recipient's language
 * whoever asked for it, and error messages (AppErrors and zod's) answer in the account's language,
 * else the request's Accept-Language. English stays the seed's words exactly.
 */
import type { AddressInfo } from 'node:net';
import { messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { user } from '../../db/schema.ts';

interface Delivered {
  to: string[];
  subject: string;
  text: string;
}

/** Quoted-printable to bytes (soft line breaks dropped). */
function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

/** An RFC 2047 header (`=?UTF-8?Q?…?=` words, folded), as a mail program shows it. */
function decodeHeader(value: string): string {
  const unfolded = value.replace(/\r?\n[ \t]+/g, ' ');
  const word = /=\?[^?]+\?([QB])\?([^?]*)\?=/gi;
  // Adjacent encoded words are one text: their bytes are joined before UTF-8 decoding.
  return unfolded.replace(/(?:=\?[^?]+\?[QB]\?[^?]*\?=\s*)+/gi, (run) => {
    const bytes = [...run.matchAll(word)].map(([, encoding, text = '']) =>
      encoding!.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : quotedPrintableBytes(text.replace(/_/g, ' ')),
    );
    return Buffer.concat(bytes).toString('utf8') + (/\s$/.test(run) ? ' ' : '');
  });
}

/** The subject and the text/plain part of a raw RFC 5322 message, decoded. */
function readMessage(raw: string): { subject: string; text: string } {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const subject = decodeHeader(raw.slice(0, headerEnd).match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '');
  const part = raw.split(/\r?\n--/).find((chunk) => /Content-Type: text\/plain/i.test(chunk)) ?? '';
  const partHeaderEnd = part.search(/\r?\n\r?\n/);
  const encoding = part.slice(0, partHeaderEnd).match(/Content-Transfer-Encoding: (\S+)/i)?.[1] ?? '7bit';
  const body = part.slice(partHeaderEnd).trim();
  const text =
    encoding.toLowerCase() === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding.toLowerCase() === 'quoted-printable'
        ? quotedPrintableBytes(body).toString('utf8')
        : body;
  return { subject, text };
}

async function startSmtp() {
  const received: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          ...readMessage(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestContext;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A member made in the database, signed in, with `language` saved through the API. */
async function memberSpeaking(language: string | null) {
  const [member] = await t.signedInMembers(1, 'Lang');
  if (language) expect((await member!.put('/api/me/language', { language })).status).toBe(200);
  return { ...member!, email: `${member!.id}@example.com` };
}

const lastMailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).at(-1);

async function requestReset(email: string, acceptLanguage?: string) {
  const visitor = t.client();
  const response = await visitor.request('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email },
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });
  expect(response.status).toBe(200);
  await t.jobsDone();
  return lastMailTo(email)!;
}

const storedLanguage = async (userId: string) =>
  (await t.db.select({ language: user.language }).from(user).where(eq(user.id, userId)))[0]?.language;

describe('the account keeps its language', () => {
  it('saves a choice, reads it back in /api/me, and refuses a language Glimpse does not offer', async () => {
    const member = await memberSpeaking(null);
    expect((await (await member.get('/api/me')).json()).language).toBeNull();
    const saved = await member.put('/api/me/language', { language: 'de' });
    expect(await saved.json()).toEqual({ language: 'de' });
    expect((await (await member.get('/api/me')).json()).language).toBe('de');

    for (const language of ['xx', 'EN', '', 42, null]) {
      const refused = await member.put('/api/me/language', { language });
      expect(refused.status).toBe(400);
    }
    expect(await storedLanguage(member.id)).toBe('de');
    // The refusal itself is in the member's language (German), not the one the module loaded in.
    const refused = await member.put('/api/me/language', { language: 'xx' });
    expect((await refused.json()).error.message).toBe('Wähle eine der Sprachen, die Glimpse anbietet.');
  });

  it('keeps the language a sign-up came in, and mails the confirmation in it', async () => {
    const email = `nouveau-${Date.now()}@example.com`;
    const visitor = t.client();
    const response = await visitor.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'correct horse battery', name: email, acceptTerms: true },
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    });
    expect(response.status).toBe(200);
    await t.jobsDone();
    const [row] = await t.db.select({ language: user.language }).from(user).where(eq(user.email, email));
    expect(row?.language).toBe('fr');
    expect(lastMailTo(email)!.subject).toBe('Confirmez votre adresse e-mail pour Glimpse');
  });

  it('refuses a signed-out visitor', async () => {
    const response = await t.client().put('/api/me/language', { language: 'es' });
    expect(response.status).toBe(401);
  });
});

describe('mail in the recipient’s language', () => {
  it('sends a Spanish speaker’s reset mail in Spanish, even when asked for in English', async () => {
    const ana = await memberSpeaking('es');
    const mail = await requestReset(ana.email, 'en-US,en;q=0.9');
    expect(mail.subject).toBe('Restablece tu contraseña de Glimpse');
    expect(mail.text).toContain(
      'Alguien pidió restablecer la contraseña de tu cuenta de Glimpse. Para elegir una contraseña nueva, abre este enlace en menos de una hora:',
    );
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    expect(mail.text).not.toContain('Someone asked');
  });

  it('sends an Arabic speaker’s reset mail in Arabic', async () => {
    const layla = await memberSpeaking('ar');
    const mail = await requestReset(layla.email);
    expect(mail.subject).toBe('أعد تعيين كلمة مرور Glimpse');
    expect(mail.text).toContain(
      'طلب أحدهم إعادة تعيين كلمة مرور حسابك على Glimpse. لاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ساعة:',
    );
  });

  it('sends an English speaker the seed’s words exactly, whatever language the request came in', async () => {
    const ben = await memberSpeaking('en');
    const mail = await requestReset(ben.email, 'de-DE');
    expect(mail.subject).toBe(messages.mail.resetSubject);
    expect(mail.subject).toBe('Reset your Glimpse password');
    expect(mail.text).toContain(messages.mail.resetIntro);
  });
});

describe('error messages in the reader’s language', () => {
  it('answers a signed-out visitor in its Accept-Language, else English', async () => {
    const ask = (acceptLanguage?: string) =>
      t
        .client()
        .request('/api/notifications', {
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
        })
        .then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await ask('es-MX,es;q=0.9')).toEqual({
      status: 401,
      body: { error: { kind: 'Unauthenticated', message: 'Inicia sesión para continuar.' } },
    });
    expect((await ask('ar')).body.error.message).toBe('يُرجى تسجيل الدخول للمتابعة.');
    expect((await ask('ja, zh;q=0.8')).body.error.message).toBe('Please sign in to continue.');
    expect((await ask()).body.error.message).toBe(messages.auth.signInRequired);
  });

  it('answers a member in the account’s language, whatever the request says, in AppErrors and zod checks', async () => {
    const ana = await memberSpeaking('es');
    const missing = await ana.request('/api/profiles/by-username/nobody_here_at_all', {
      headers: { 'accept-language': 'de' },
    });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('Este perfil no existe.');
    const badFeedback = await ana.request('/api/feedback', { method: 'POST', json: { body: '' } });
    expect(badFeedback.status).toBe(400);
    expect((await badFeedback.json()).error.message).toBe('Escribe tu opinión antes de enviarla.');

    const layla = await memberSpeaking('ar');
    const missingAr = await layla.get('/api/profiles/by-username/nobody_here_at_all');
    expect((await missingAr.json()).error.message).toBe('هذا الملف الشخصي غير موجود.');

    const ben = await memberSpeaking('en');
    const missingEn = await ben.request('/api/profiles/by-username/nobody_here_at_all', {
      headers: { 'accept-language': 'fr' },
    });
    expect((await missingEn.json()).error.message).toBe('This profile does not exist.');
  });

  it('names the field in the reader’s language in the shared schemas’ checks', async () => {
    const messageOf = async (response: Response) =>
      ((await response.json()) as { error: { message: string } }).error.message;
    const [author] = await t.signedInMembers(1, 'Author');
    const post = await t.postPhoto(author!, 'A view');
    const comment = (member: Awaited<ReturnType<typeof memberSpeaking>>, body: unknown) =>
      member.post(`/api/posts/${post.id}/comments`, { body });

    const klara = await memberSpeaking('de');
    expect(await messageOf(await comment(klara, '   '))).toBe('Kommentar ist erforderlich.');
    expect(await messageOf(await comment(klara, 5))).toBe('Kommentar muss Text sein.');
    expect(await messageOf(await comment(klara, 'x'.repeat(1001)))).toBe(
      'Kommentar darf höchstens 1000 Zeichen lang sein.',
    );
    expect(await messageOf(await klara.put('/api/me/privacy', { isPrivate: 'yes' }))).toBe(
      'Privates Konto fehlt oder hat nicht die richtige Art von Wert.',
    );

    const layla = await memberSpeaking('ar');
    expect(await messageOf(await comment(layla, ''))).toBe('الحقل «تعليق» مطلوب.');

    // English keeps the seed's words exactly.
    const ben = await memberSpeaking('en');
    expect(await messageOf(await comment(ben, ''))).toBe('Comment is required.');
    expect(await messageOf(await comment(ben, 'x'.repeat(1001)))).toBe(
      'Comment must be at most 1000 characters.',
    );
  });
});
