/** Community-Richtlinien: die deutsche Fassung des englischen Dokuments (guidelines.tsx). */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const communityGuidelines: LegalDocumentContent = {
  title: 'Community-Richtlinien',
  numbered: false,
  intro: (
    <p>
      Auf Glimpse teilen wir die Momente und Events, die Menschen zusammenbringen. Diese Richtlinien
      beschreiben, wie wir hier miteinander umgehen. Sie gelten für alles auf Glimpse: Profile, Fotos,
      Bildtexte, Kommentare und Events. Sie ergänzen unsere <Link to={paths.terms}>Nutzungsbedingungen</Link>.
    </p>
  ),
  sections: [
    {
      id: 'respect',
      title: '1. Sei respektvoll',
      body: (
        <p>
          Streite über Ideen, nicht über Menschen. Mobbe, belästige und beschäme niemanden, schreib niemandem
          immer wieder, der nichts von dir hören will, und stifte andere nicht an, gemeinsam über jemanden
          herzufallen. Kritik ist willkommen, Beleidigungen und Einschüchterung sind es nicht.
        </p>
      ),
    },
    {
      id: 'hate',
      title: '2. Keine Hassrede',
      body: (
        <p>
          Greif niemanden wegen seiner Identität an und setze niemanden herab: wegen Herkunft, ethnischer
          Zugehörigkeit, Nationalität, Religion, Kaste, sexueller Orientierung, Geschlecht,
          Geschlechtsidentität, Behinderung oder schwerer Krankheit. Dazu gehören Schimpfwörter,
          entmenschlichende Vergleiche, Hasssymbole und Klischees, die als Tatsachen hingestellt werden.
        </p>
      ),
    },
    {
      id: 'violence',
      title: '3. Keine Gewalt und kein gefährliches Verhalten',
      body: (
        <p>
          Bedrohe niemanden, ruf nicht zu Gewalt auf und lobe keine Menschen, die Gewalt ausüben. Teile keine
          drastischen Gewaltdarstellungen, um zu schockieren, und wirb nicht für gefährliche Aktivitäten,
          Terrorismus, organisierte Kriminalität oder den Verkauf von Waffen und Drogen. Wenn jemand davon
          spricht, sich etwas anzutun, begegne ihm mit Sorgfalt; Inhalte, die zu Selbstverletzung ermutigen,
          entfernen wir und verweisen auf Hilfsangebote.
        </p>
      ),
    },
    {
      id: 'suitable',
      title: '4. Für alle geeignet',
      body: (
        <p>
          Glimpse steht allen ab 13 Jahren offen. Poste keine Nacktheit und keine sexuellen Inhalte. Inhalte,
          die Minderjährige sexualisieren, tolerieren wir unter keinen Umständen: Wir entfernen sie, schließen
          das Konto und zeigen sie bei den Behörden an.
        </p>
      ),
    },
    {
      id: 'authentic',
      title: '5. Sei echt',
      body: (
        <p>
          Sei du selbst. Gib dich nicht als eine andere Person, Marke oder Organisation aus und betreibe keine
          Konten, die darüber täuschen, wer dahintersteht. Verschicke keinen Spam, poste nicht immer wieder
          dasselbe und kaufe, verkaufe oder tausche keine Likes, Follower oder Konten.
        </p>
      ),
    },
    {
      id: 'privacy',
      title: '6. Achte die Privatsphäre',
      body: (
        <p>
          Teile keine privaten Informationen anderer, etwa Wohnadressen, Telefonnummern oder Ausweisdokumente,
          und poste keine privaten oder intimen Bilder von jemandem ohne dessen Erlaubnis. Frag, bevor du eine
          Nahaufnahme von jemandem postest, und nimm sie herunter, wenn die Person dich darum bittet.
        </p>
      ),
    },
    {
      id: 'ownership',
      title: '7. Teile, was du teilen darfst',
      body: (
        <p>
          Poste Fotos, die du selbst gemacht hast oder verwenden darfst. Nenne die Urheberin oder den Urheber,
          wenn du ein fremdes Werk mit Erlaubnis teilst. Poste nichts, was Urheber- oder Markenrechte
          verletzt; Rechteinhaber können uns kontaktieren, damit wir es entfernen.
        </p>
      ),
    },
    {
      id: 'events',
      title: '8. Echte und sichere Events',
      body: (
        <p>
          Beschreibe deine Events ehrlich: Datum, Uhrzeit, Ort und was die Leute erwartet. Erstelle keine
          erfundenen Events, sammle darüber kein Geld unter falschen Vorwänden und organisiere nichts
          Illegales oder Gefährliches. Fällt ein Event aus, lösche es, damit niemand umsonst kommt.
        </p>
      ),
    },
    {
      id: 'enforcement',
      title: 'Durchsetzung',
      body: (
        <>
          <p>
            Verstößt etwas gegen diese Richtlinien, handeln wir angemessen: je nachdem, wie schwer der Verstoß
            wiegt, wie oft er vorkam und welchen Schaden er anrichtet. Je nach Fall können wir:
          </p>
          <ul>
            <li>den Inhalt entfernen und der Person, die ihn gepostet hat, den Grund nennen;</li>
            <li>eine Verwarnung aussprechen;</li>
            <li>Funktionen wie Posten oder Kommentieren eine Zeit lang einschränken;</li>
            <li>das Konto bei schweren oder wiederholten Verstößen sperren oder endgültig schließen.</li>
          </ul>
          <p>
            Wir können die Behörden einschalten, wenn jemandes Sicherheit bedroht ist oder das Gesetz es
            verlangt. Hältst du eine Entscheidung für falsch, schreib an{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>; eine andere Person prüft sie dann erneut.
          </p>
        </>
      ),
    },
    {
      id: 'reporting',
      title: 'Melden',
      body: (
        <>
          <p>
            Siehst du ein Konto, einen Beitrag, einen Kommentar oder ein Event, das gegen diese Richtlinien
            verstößt, wähle <strong>Melden</strong> (auf einem Profil), <strong>Beitrag melden</strong>,{' '}
            <strong>Kommentar melden</strong> oder <strong>Event melden</strong> und beschreib kurz, was nicht
            stimmt. Die gemeldete Person erfährt nicht, wer sie gemeldet hat. Eine Meldung pro Inhalt genügt:
            Wir bewahren eine Kopie des Gemeldeten so auf, wie es war, auch wenn es später geändert oder
            gelöscht wird.
          </p>
          <p>
            Unser Moderationsteam prüft offene Meldungen innerhalb von 24 Stunden. Jede Meldung wird entweder
            abgewiesen (es liegt kein Verstoß vor), oder der Inhalt wird entfernt, oder das Konto wird
            gesperrt: Ein gesperrtes Konto kann sich nicht anmelden, und alles, was es erstellt hat, bleibt
            verborgen, bis die Sperre aufgehoben wird. Jede Entscheidung wird mit Namen und Grund
            festgehalten, und du bekommst eine Benachrichtigung, sobald deine Meldung geprüft wurde.
          </p>
          <p>
            Du musst nicht auf uns warten: Du kannst jemanden <strong>blockieren</strong> (ihr seht einander
            nicht mehr), <strong>stummschalten</strong> (Beiträge und Events der Person verschwinden aus
            deinem Feed, ohne dass sie es erfährt) oder in den Einstellungen Wörter und Hashtags
            stummschalten.
          </p>
          <p>
            Ist jemand in unmittelbarer Gefahr, wende dich zuerst an den Notruf vor Ort. Für alles andere sieh
            auf der Seite <Link to={paths.help}>Hilfe</Link> nach oder schreib an{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Bitte missbrauche Meldungen nicht, um
            Menschen anzugreifen, deren Meinung du nicht teilst; auch das verstößt gegen diese Richtlinien.
          </p>
        </>
      ),
    },
  ],
};
