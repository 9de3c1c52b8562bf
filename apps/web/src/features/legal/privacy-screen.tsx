import { LegalScreen } from './legal-screen.tsx';

export function PrivacyScreen() {
  return <LegalScreen name="privacy" />;
}
