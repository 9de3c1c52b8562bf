/**
 * JSON-LD contexts that other servers name and Fedify does not bring (loader.ts serves these, never
 * fetching them): Mobilizon's and Pleroma's activities start with LitePub's context. Its text as
 * Pleroma serves it (priv/static/schemas/litepub-0.1.jsonld), less the WebFinger context it names,
 * which defines no term an activity uses. Pleroma names it at its own address
 * (`https://<instance>/schemas/litepub-0.1.jsonld`), Mobilizon at litepub.social: both get this text.
 */
const litePub = 'https://litepub.social/context.jsonld';
const pleromaLitePub = /^https:\/\/[^/]+\/schemas\/litepub-0\.1\.jsonld$/;

/** The context we bring for `url`, if any. */
export const extraContext = (url: string): unknown =>
  extraContexts[url] ?? (pleromaLitePub.test(url) ? extraContexts[litePub] : undefined);

const extraContexts: Record<string, unknown> = {
  'https://litepub.social/context.jsonld': {
    '@context': [
      'https://www.w3.org/ns/activitystreams',
      'https://w3id.org/security/v1',
      {
        Emoji: 'toot:Emoji',
        Hashtag: 'as:Hashtag',
        PropertyValue: 'schema:PropertyValue',
        atomUri: 'ostatus:atomUri',
        conversation: { '@id': 'ostatus:conversation', '@type': '@id' },
        discoverable: 'toot:discoverable',
        manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
        capabilities: 'litepub:capabilities',
        ostatus: 'http://ostatus.org#',
        schema: 'http://schema.org#',
        toot: 'http://joinmastodon.org/ns#',
        fedibird: 'http://fedibird.com/ns#',
        value: 'schema:value',
        sensitive: 'as:sensitive',
        litepub: 'http://litepub.social/ns#',
        invisible: 'litepub:invisible',
        directMessage: 'litepub:directMessage',
        listMessage: { '@id': 'litepub:listMessage', '@type': '@id' },
        quoteUrl: 'as:quoteUrl',
        quoteUri: 'fedibird:quoteUri',
        oauthRegistrationEndpoint: { '@id': 'litepub:oauthRegistrationEndpoint', '@type': '@id' },
        EmojiReact: 'litepub:EmojiReact',
        ChatMessage: 'litepub:ChatMessage',
        alsoKnownAs: { '@id': 'as:alsoKnownAs', '@type': '@id' },
        vcard: 'http://www.w3.org/2006/vcard/ns#',
        formerRepresentations: 'litepub:formerRepresentations',
      },
    ],
  },
};
