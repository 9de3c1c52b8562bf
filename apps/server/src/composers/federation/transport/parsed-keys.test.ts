/**
 * The remembered key parse (parsed-keys.ts): one parse per distinct key document, the same key for
 * the same document, a replaced key parsed anew, and a document that fails to parse tried again.
 */
import './parsed-keys.ts';
import { generateCryptoKeyPair } from '@fedify/fedify';
import { CryptographicKey } from '@fedify/vocab';
import { exportSpki, preloadedContexts } from '@fedify/vocab-runtime';
import { describe, expect, it } from 'vitest';

async function keyDocument(owner: string) {
  const { publicKey } = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  return {
    '@context': 'https://w3id.org/security/v1',
    id: `${owner}#main-key`,
    type: 'CryptographicKey',
    owner,
    publicKeyPem: await exportSpki(publicKey),
  };
}

describe('parsing a public key', () => {
  it('gives the same key for the same document, and parses a replaced one anew', async () => {
    const document = await keyDocument('https://mastodon.example/users/eve');
    const first = await CryptographicKey.fromJsonLd(document);
    // A copy, not the same object: what the key cache reads back from the database.
    const again = await CryptographicKey.fromJsonLd(structuredClone(document));
    expect(again).toBe(first);
    expect(first.ownerId?.href).toBe('https://mastodon.example/users/eve');

    const replaced = await keyDocument('https://mastodon.example/users/eve');
    const rotated = await CryptographicKey.fromJsonLd(replaced);
    expect(rotated).not.toBe(first);
    const exported = async (key: CryptographicKey) =>
      Buffer.from(await crypto.subtle.exportKey('spki', key.publicKey!)).toString('base64');
    expect(await exported(rotated)).not.toBe(await exported(first));
  });

  it('does not keep a failed parse: the same document is parsed again', async () => {
    const extra = 'https://pixelfed.example/contexts/extra.jsonld';
    const document = await keyDocument('https://pixelfed.example/users/bo');
    const withExtra = { ...document, '@context': [document['@context'], extra] };
    let unreachable = true;
    const contextLoader = async (url: string) => {
      if (url === extra && unreachable) throw new Error('the context could not be fetched');
      return {
        contextUrl: null,
        documentUrl: url,
        document: url === extra ? { '@context': {} } : preloadedContexts[url],
      };
    };
    await expect(CryptographicKey.fromJsonLd(withExtra, { contextLoader })).rejects.toThrow();
    unreachable = false;
    const key = await CryptographicKey.fromJsonLd(withExtra, { contextLoader });
    expect(key.ownerId?.href).toBe('https://pixelfed.example/users/bo');
  });
});
