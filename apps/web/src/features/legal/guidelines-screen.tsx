import { communityGuidelines } from './content/guidelines.tsx';
import { LegalDocument } from './legal-document.tsx';

export function GuidelinesScreen() {
  return <LegalDocument content={communityGuidelines} />;
}
