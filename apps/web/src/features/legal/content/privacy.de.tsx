/**
 * Datenschutzerklärung: die deutsche Fassung des englischen Dokuments (privacy.tsx). Jede Aussage
 * beschreibt, was der Code tut; ändert sich der Code, ändere den Text in allen Sprachen.
 */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const privacyPolicy: LegalDocumentContent = {
  title: 'Datenschutzerklärung',
  intro: (
    <p>
      Diese Erklärung beschreibt, was die Menschen, die diesen Glimpse-Dienst betreiben („wir“), erheben, wenn
      du Glimpse nutzt, wozu, wer es sehen kann und welche Wahl du hast. Kurz gesagt: Wir erheben, was Glimpse
      zum Funktionieren braucht, wir verkaufen es nicht, und Glimpse hat weder Werbung noch Tracker von
      Dritten.
    </p>
  ),
  sections: [
    {
      id: 'what-we-collect',
      title: 'Was wir erheben',
      body: (
        <>
          <h3>Angaben, die du uns machst</h3>
          <ul>
            <li>
              <strong>Konto:</strong> deine E-Mail-Adresse und dein Passwort. Das Passwort speichern wir nur
              als sicheren Hash; niemand, auch wir nicht, kann es lesen.
            </li>
            <li>
              <strong>Profil:</strong> Vor- und Nachname, Benutzername und, falls du sie hinzufügst, eine
              Website, eine Bio, ein Profilbild und ein Hintergrundbild.
            </li>
            <li>
              <strong>Was du teilst:</strong> Fotos und Bildtexte, Kommentare, Events mit ihren Angaben sowie
              welche Beiträge du magst oder speicherst, für welche Events du dich interessierst und wem du
              folgst.
            </li>
            <li>
              <strong>Nachrichten an uns:</strong> Meldungen zu Konten und das Feedback, das du über die
              Hilfe-Seite sendest, jeweils mit deinem Konto und dem Zeitpunkt gespeichert.
            </li>
          </ul>
          <h3>Angaben, die bei der Nutzung von Glimpse anfallen</h3>
          <ul>
            <li>
              <strong>Sitzungen:</strong> für jedes Gerät, auf dem du angemeldet bist, Beginn und Ablauf der
              Sitzung, deine IP-Adresse und der User-Agent deines Browsers, damit du angemeldet bleibst und
              wir Missbrauch erkennen können.
            </li>
            <li>
              <strong>Sicherheitszähler:</strong> die Zahl der letzten Anmelde- und Registrierungsversuche von
              einer IP-Adresse, um das Erraten von Passwörtern zu bremsen.
            </li>
            <li>
              <strong>Serverprotokolle:</strong> für jede Anfrage die aufgerufene Adresse, das Ergebnis und
              die Dauer. Die Protokolle enthalten weder dein Passwort noch deine Cookies.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'Wofür wir es nutzen',
      body: (
        <ul>
          <li>
            um Glimpse zu betreiben: dein Profil und deine Beiträge anzeigen, deinen Feed zusammenstellen und
            dich über neue Follower informieren;
          </li>
          <li>um Glimpse sicher zu halten: Konten schützen, Missbrauch begrenzen und Meldungen prüfen;</li>
          <li>um Glimpse mit deinem Feedback zu verbessern;</li>
          <li>um gesetzliche Pflichten zu erfüllen.</li>
        </ul>
      ),
    },
    {
      id: 'who-can-see',
      title: 'Wer was sehen kann',
      body: (
        <>
          <p>
            Glimpse ist eine Community: Alles in deinem Profil und alles, was du postest, kommentierst, magst
            oder als interessant markierst, können andere angemeldete Mitglieder sehen. Poste nichts, was die
            Community nicht sehen soll.
          </p>
          <p>
            Deine E-Mail-Adresse, dein Passwort, deine gespeicherten Beiträge, deine Sitzungen, deine
            Meldungen und dein Feedback werden anderen Mitgliedern nicht gezeigt. Die Betreiber von Glimpse
            können sie einsehen, wenn es nötig ist, zum Beispiel um eine Meldung zu prüfen.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <p>
          Glimpse verwendet nur die Cookies, die nötig sind, damit du angemeldet bleibst, darunter eines für
          jedes weitere Konto, das du auf demselben Gerät hinzufügst. Skripte auf der Seite können sie nicht
          lesen, sie werden nicht mit Anfragen von anderen Websites gesendet und nie für Werbung oder Tracking
          genutzt. Glimpse lädt keine Skripte, Schriften oder Pixel von Dritten.
        </p>
      ),
    },
    {
      id: 'photos',
      title: 'Deine Fotos und ihre Metadaten',
      body: (
        <p>
          Kameras schreiben oft versteckte Angaben in Fotos, etwa wo und wann ein Bild aufgenommen wurde. Wenn
          du ein Bild hochlädst, entfernt Glimpse all diese Metadaten, bevor das Bild gespeichert wird, und
          behält nur verkleinerte Kopien zur Anzeige.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'Wie lange wir es aufbewahren',
      body: (
        <p>
          Wir bewahren deine Angaben auf, solange du ein Konto hast. Löschst du einen Beitrag oder ein Event,
          wird es mitsamt seinen Bilddateien entfernt. Bittest du uns, dein Konto zu löschen, löschen wir dein
          Profil und alles, was du gepostet hast; Kopien in Sicherungen verschwinden, sobald die Sicherungen
          ersetzt werden. Eine Sitzung endet, wenn du dich abmeldest, oder nach 30 Tagen ohne Nutzung.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Weitergabe',
      body: (
        <p>
          Wir verkaufen deine Angaben nicht und geben sie nicht an Werbetreibende weiter. Wir geben sie nur an
          Dienstleister weiter, die Glimpse für uns hosten, mit Verträgen, die ihnen die Nutzung
          ausschließlich zu diesem Zweck erlauben, oder wenn das Gesetz uns dazu verpflichtet.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Sicherheit',
      body: (
        <p>
          Passwörter werden gehasht, Anmeldeversuche sind begrenzt, Sitzungscookies sind vor Skripten und
          anderen Websites geschützt, und jede Änderung, die du machst, wird auf unserem Server geprüft, bevor
          sie gespeichert wird. Kein Dienst ist vollkommen sicher; nutze deshalb bitte ein starkes, eigenes
          Passwort.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Deine Wahl und deine Rechte',
      body: (
        <>
          <p>
            Du kannst dein Profil jederzeit einsehen und korrigieren und deine Beiträge und Events in deinem
            Profil löschen. Je nachdem, wo du lebst, hast du außerdem das Recht, eine Kopie deiner Daten zu
            erhalten, der Verarbeitung zu widersprechen oder die Löschung zu verlangen.
          </p>
          <p>
            Um eines dieser Rechte auszuüben oder dein Konto zu löschen, schreib von der E-Mail-Adresse deines
            Kontos an <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Du kannst dich auch bei der für
            dich zuständigen Datenschutzaufsichtsbehörde beschweren.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Kinder',
      body: (
        <p>
          Glimpse ist nicht für Kinder unter 13 Jahren gedacht. Wenn du glaubst, dass ein Kind unter 13 ein
          Konto hat, sag es uns, und wir löschen es.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Änderungen dieser Erklärung',
      body: (
        <p>
          Ändern wir diese Erklärung, aktualisieren wir das Datum oben auf dieser Seite; über wichtige
          Änderungen informieren wir dich vorher in der App.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Kontakt',
      body: (
        <p>
          Fragen zu deiner Privatsphäre? Schreib an <a href={`mailto:${supportEmail}`}>{supportEmail}</a> oder
          sieh auf der Seite <Link to={paths.help}>Hilfe</Link> und in unseren{' '}
          <Link to={paths.terms}>Nutzungsbedingungen</Link> nach.
        </p>
      ),
    },
  ],
};
