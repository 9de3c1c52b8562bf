/** Nutzungsbedingungen: die deutsche Fassung des englischen Dokuments (terms.tsx). */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const termsOfService: LegalDocumentContent = {
  title: 'Nutzungsbedingungen',
  intro: (
    <p>
      Glimpse ist ein Ort, an dem du Fotos und Events mit den Menschen teilst, denen du folgst. Diese
      Bedingungen sind die Vereinbarung zwischen dir und den Menschen, die diesen Glimpse-Dienst betreiben
      („wir“). Wir haben versucht, sie kurz und verständlich zu halten. Bitte lies sie zusammen mit unserer{' '}
      <Link to={paths.privacy}>Datenschutzerklärung</Link> und unseren{' '}
      <Link to={paths.guidelines}>Community-Richtlinien</Link>.
    </p>
  ),
  sections: [
    {
      id: 'agreement',
      title: 'Zustimmung zu diesen Bedingungen',
      body: (
        <p>
          Wenn du ein Konto erstellst oder Glimpse nutzt, stimmst du diesen Bedingungen zu. Wenn du nicht
          einverstanden bist, nutze Glimpse bitte nicht. Nutzt du Glimpse für einen Verein, eine Schule oder
          ein Unternehmen, bestätigst du, dass du diese Bedingungen für sie annehmen darfst.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Wer Glimpse nutzen darf',
      body: (
        <p>
          Du musst mindestens 13 Jahre alt sein, oder älter, wenn das Recht deines Landes es verlangt. Du
          darfst Glimpse nicht nutzen, wenn wir schon einmal ein Konto von dir wegen Verstößen gegen diese
          Bedingungen geschlossen haben oder wenn das Gesetz es dir verbietet.
        </p>
      ),
    },
    {
      id: 'account',
      title: 'Dein Konto',
      body: (
        <>
          <p>
            Du registrierst dich mit einer E-Mail-Adresse und einem Passwort. Behalte dein Passwort für dich
            und nimm eines, das du nirgendwo sonst verwendest. Du bist für das verantwortlich, was in deinem
            Konto geschieht; sag uns also sofort Bescheid, wenn du glaubst, dass jemand anderes es benutzt
            hat.
          </p>
          <p>
            Dein Profil (Name, Benutzername, Website, Bio und Bilder) muss so wahrheitsgemäß sein, dass
            niemand darüber getäuscht wird, wer du bist. Benutzernamen sind eindeutig; wir können einen Namen
            ändern oder zurückfordern, der sich als jemand anderes ausgibt oder eine Marke verletzt.
          </p>
        </>
      ),
    },
    {
      id: 'your-content',
      title: 'Deine Inhalte',
      body: (
        <>
          <p>
            Die Rechte an deinen Fotos, Bildtexten, Kommentaren und Events bleiben bei dir. Um sie auf Glimpse
            zu zeigen, brauchen wir deine Erlaubnis: Du räumst uns eine weltweite, nicht ausschließliche und
            unentgeltliche Lizenz ein, deine Inhalte zu speichern, zu kopieren, in der Größe anzupassen und
            anzuzeigen, um Glimpse zu betreiben. Die Lizenz endet, wenn du die Inhalte löschst, außer für
            Kopien, die wir kurze Zeit in Sicherungen oder wegen einer gesetzlichen Pflicht aufbewahren
            müssen.
          </p>
          <p>
            Poste nur Inhalte, die du teilen darfst und die weder gegen das Gesetz noch gegen unsere{' '}
            <Link to={paths.guidelines}>Community-Richtlinien</Link> verstoßen. Du bist für deine Beiträge
            verantwortlich.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Wie du Glimpse nutzen darfst',
      body: (
        <>
          <p>Wenn du Glimpse nutzt, verpflichtest du dich, nicht:</p>
          <ul>
            <li>
              jemanden zu belästigen, zu bedrohen oder dich als jemand anderes auszugeben oder etwas zu
              posten, das unsere Richtlinien nicht erlauben;
            </li>
            <li>
              Spam zu verschicken, zu betrügen oder Likes, Follower oder Konten zu kaufen oder zu verkaufen;
            </li>
            <li>Daten anderer ohne deren Einwilligung zu sammeln, zum Beispiel durch Scraping;</li>
            <li>
              Glimpse zu stören, ohne Erlaubnis nach Schwachstellen zu suchen oder Grenzen zu umgehen, die wir
              setzen, etwa die Zahl der Anmeldeversuche;
            </li>
            <li>Glimpse zu nutzen, um gegen das Gesetz zu verstoßen oder anderen dabei zu helfen.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'events',
      title: 'Events',
      body: (
        <p>
          Mitglieder können Events erstellen und angeben, dass sie interessiert sind. Wir organisieren, prüfen
          und beaufsichtigen diese Events nicht und sind nicht daran beteiligt. Wer ein Event erstellt, ist
          dafür verantwortlich, es ehrlich zu beschreiben. Entscheide selbst, bevor du hingehst, vor allem
          wenn du Menschen triffst, die du nicht kennst.
        </p>
      ),
    },
    {
      id: 'moderation',
      title: 'Meldungen und Moderation',
      body: (
        <p>
          Jede Person kann ein Konto melden, das ihrer Meinung nach gegen diese Bedingungen oder unsere
          Richtlinien verstößt. Wir prüfen Meldungen und können Inhalte entfernen, Funktionen einschränken
          oder Konten schließen, wie im Abschnitt „Durchsetzung“ der{' '}
          <Link to={paths.guidelines}>Community-Richtlinien</Link> beschrieben. Wir sind nicht verpflichtet,
          alles zu prüfen, was gepostet wird, und können auch gegen Inhalte vorgehen, die niemand gemeldet
          hat.
        </p>
      ),
    },
    {
      id: 'open-source',
      title: 'Glimpse ist Open-Source-Software',
      body: (
        <p>
          Die Software von Glimpse ist Open Source. Ihre Lizenz erlaubt es allen, einen eigenen Glimpse-Dienst
          zu betreiben; diese Lizenz gilt für den Code, diese Bedingungen gelten für diesen Dienst. Andere
          Glimpse-Dienste werden von anderen Menschen zu deren eigenen Bedingungen betrieben, und wir sind für
          sie nicht verantwortlich.
        </p>
      ),
    },
    {
      id: 'ending',
      title: 'Ende der Nutzung',
      body: (
        <p>
          Du kannst Glimpse jederzeit nicht mehr nutzen und uns bitten, dein Konto zu löschen, indem du an{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> schreibst. Wir können ein Konto sperren oder
          schließen, das schwer oder wiederholt gegen diese Bedingungen verstößt, oder wenn das Gesetz es
          verlangt. Soweit es uns zumutbar möglich ist, sagen wir dir, warum, und geben dir Gelegenheit zur
          Stellungnahme.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Gewährleistung',
      body: (
        <p>
          Wir arbeiten daran, dass Glimpse verfügbar, sicher und fehlerfrei ist, stellen es aber „wie besehen“
          bereit. Wir können nicht versprechen, dass es immer verfügbar ist oder dass Inhalte von Mitgliedern
          richtig sind. Nichts in diesen Bedingungen schränkt Rechte ein, die dir das Verbraucherrecht
          unabdingbar gewährt.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Haftungsbeschränkung',
      body: (
        <p>
          Soweit gesetzlich zulässig, haften wir nicht für mittelbare oder unvorhersehbare Schäden, für
          Inhalte anderer Mitglieder oder für Events, die sie organisieren. Nichts hiervon schließt die
          Haftung für Tod oder Körperverletzung durch unsere Fahrlässigkeit, für Betrug oder eine andere
          Haftung aus, die gesetzlich nicht ausgeschlossen werden kann.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Änderungen dieser Bedingungen',
      body: (
        <p>
          Wir können diese Bedingungen anpassen, wenn sich Glimpse verändert. Das Datum oben auf dieser Seite
          zeigt immer die neueste Fassung. Ist eine Änderung wesentlich, sagen wir es dir in der App, bevor
          sie gilt. Nutzt du Glimpse danach weiter, nimmst du die neuen Bedingungen an.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Kontakt',
      body: (
        <p>
          Fragen zu diesen Bedingungen? Schreib an <a href={`mailto:${supportEmail}`}>{supportEmail}</a> oder
          besuche die Seite <Link to={paths.help}>Hilfe</Link>.
        </p>
      ),
    },
  ],
};
