import { LegalScreen } from './legal-screen.tsx';

export function GuidelinesScreen() {
  return <LegalScreen name="guidelines" />;
}
