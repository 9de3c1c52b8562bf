/**
 * The legal pages as whole documents per language (docs/i18n.md, "Whole documents"):
 * English in content/<name>.tsx, each other language in content/<name>.<code>.tsx, downloaded only when that
 * language is the one shown. A translation is a document of its own, reviewed like the original,
 * not a sentence catalog: each language may word and order its paragraphs as it reads best, with
 * the same sections (their anchors are linked from elsewhere) and the same facts.
 */
import type { LanguageCode } from '@glimpse/shared';
import { communityGuidelines } from './content/guidelines.tsx';
import { privacyPolicy } from './content/privacy.tsx';
import { termsOfService } from './content/terms.tsx';
import type { LegalDocumentContent } from './legal-document.tsx';

export type LegalDocumentName = 'terms' | 'privacy' | 'guidelines';

type Loaders = Record<Exclude<LanguageCode, 'en'>, () => Promise<LegalDocumentContent>>;

export const englishDocuments: Record<LegalDocumentName, LegalDocumentContent> = {
  terms: termsOfService,
  privacy: privacyPolicy,
  guidelines: communityGuidelines,
};

export const translatedDocuments: Record<LegalDocumentName, Loaders> = {
  terms: {
    es: () => import('./content/terms.es.tsx').then((m) => m.termsOfService),
    de: () => import('./content/terms.de.tsx').then((m) => m.termsOfService),
    fr: () => import('./content/terms.fr.tsx').then((m) => m.termsOfService),
    ar: () => import('./content/terms.ar.tsx').then((m) => m.termsOfService),
  },
  privacy: {
    es: () => import('./content/privacy.es.tsx').then((m) => m.privacyPolicy),
    de: () => import('./content/privacy.de.tsx').then((m) => m.privacyPolicy),
    fr: () => import('./content/privacy.fr.tsx').then((m) => m.privacyPolicy),
    ar: () => import('./content/privacy.ar.tsx').then((m) => m.privacyPolicy),
  },
  guidelines: {
    es: () => import('./content/guidelines.es.tsx').then((m) => m.communityGuidelines),
    de: () => import('./content/guidelines.de.tsx').then((m) => m.communityGuidelines),
    fr: () => import('./content/guidelines.fr.tsx').then((m) => m.communityGuidelines),
    ar: () => import('./content/guidelines.ar.tsx').then((m) => m.communityGuidelines),
  },
};
