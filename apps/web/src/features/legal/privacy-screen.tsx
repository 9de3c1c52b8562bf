import { privacyPolicy } from './content/privacy.tsx';
import { LegalDocument } from './legal-document.tsx';

export function PrivacyScreen() {
  return <LegalDocument content={privacyPolicy} />;
}
