import { LegalScreen } from './legal-screen.tsx';

export function TermsScreen() {
  return <LegalScreen name="terms" />;
}
