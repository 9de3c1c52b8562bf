/**
 * A throwaway certificate for tests that stand up an HTTPS server (a push service, a peer): made
 * by the `openssl` command line (OpenSSL or LibreSSL), valid for two days, for the names given.
 * The outbound gate trusts it through its `ca` option; the system's trust store never changes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function testCertificate(names: string[]): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'glimpse-tls-'));
  try {
    const altNames = names.map((name) => (isIP(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
        ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2'],
        ...['-subj', '/CN=glimpse-test', '-addext', `subjectAltName=${altNames}`],
      ],
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
