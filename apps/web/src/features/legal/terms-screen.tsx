import { termsOfService } from './content/terms.tsx';
import { LegalDocument } from './legal-document.tsx';

export function TermsScreen() {
  return <LegalDocument content={termsOfService} />;
}
