/**
 * Politique de confidentialité : la version française du document anglais (privacy.tsx). Chaque
 * affirmation décrit ce que fait le code ; quand le code change, changez le texte dans toutes les langues.
 */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const privacyPolicy: LegalDocumentContent = {
  title: 'Politique de confidentialité',
  intro: (
    <p>
      Cette politique explique ce que les personnes qui gèrent ce service Glimpse (« nous ») collectent
      lorsque vous utilisez Glimpse, pourquoi, qui peut le voir et quels choix s’offrent à vous. En bref :
      nous collectons ce dont Glimpse a besoin pour fonctionner, nous ne le vendons pas, et Glimpse n’a ni
      publicité ni traceurs tiers.
    </p>
  ),
  sections: [
    {
      id: 'what-we-collect',
      title: 'Ce que nous collectons',
      body: (
        <>
          <h3>Les informations que vous nous donnez</h3>
          <ul>
            <li>
              <strong>Compte :</strong> votre adresse e-mail et votre mot de passe. Le mot de passe n’est
              conservé que sous forme d’empreinte sécurisée ; personne, pas même nous, ne peut le lire.
            </li>
            <li>
              <strong>Profil :</strong> prénom et nom, nom d’utilisateur et, si vous les ajoutez, un site web,
              une bio, une photo de profil et une image de fond.
            </li>
            <li>
              <strong>Ce que vous partagez :</strong> photos et légendes, commentaires, événements et leurs
              détails, ainsi que les publications que vous aimez ou enregistrez, les événements qui vous
              intéressent et les personnes que vous suivez.
            </li>
            <li>
              <strong>Vos messages :</strong> les signalements de comptes et les avis envoyés depuis la page
              Aide, chacun enregistré avec votre compte et l’heure.
            </li>
          </ul>
          <h3>Les informations collectées quand vous utilisez Glimpse</h3>
          <ul>
            <li>
              <strong>Sessions :</strong> pour chaque appareil sur lequel vous êtes connecté, le début et
              l’expiration de la session, votre adresse IP et l’agent utilisateur de votre navigateur, pour
              que vous restiez connecté et que nous puissions repérer les abus.
            </li>
            <li>
              <strong>Compteurs de sécurité :</strong> le nombre de tentatives récentes de connexion et
              d’inscription depuis une adresse IP, pour freiner ceux qui cherchent à deviner les mots de
              passe.
            </li>
            <li>
              <strong>Journaux du serveur :</strong> pour chaque requête, l’adresse demandée, le résultat et
              la durée. Les journaux ne contiennent ni votre mot de passe ni vos cookies.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'Ce que nous en faisons',
      body: (
        <ul>
          <li>
            faire fonctionner Glimpse : afficher votre profil et vos publications, composer votre fil et vous
            prévenir de vos nouveaux abonnés ;
          </li>
          <li>
            assurer la sécurité de Glimpse : protéger les comptes, limiter les abus et examiner les
            signalements ;
          </li>
          <li>améliorer Glimpse grâce aux avis que vous nous envoyez ;</li>
          <li>respecter nos obligations légales.</li>
        </ul>
      ),
    },
    {
      id: 'who-can-see',
      title: 'Qui peut voir quoi',
      body: (
        <>
          <p>
            Glimpse est une communauté : tout ce qui figure sur votre profil et tout ce que vous publiez,
            commentez, aimez ou marquez comme intéressant est visible par les autres membres connectés. Ne
            publiez pas ce que vous ne voudriez pas montrer à la communauté.
          </p>
          <p>
            Votre adresse e-mail, votre mot de passe, les publications que vous avez enregistrées, vos
            sessions, vos signalements et vos avis ne sont pas montrés aux autres membres. Les personnes qui
            gèrent Glimpse peuvent les consulter si nécessaire, par exemple pour examiner un signalement.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <p>
          Glimpse n’utilise que les cookies nécessaires pour vous garder connecté, dont un pour chaque compte
          supplémentaire ajouté sur le même appareil. Les scripts de la page ne peuvent pas les lire, ils ne
          sont pas envoyés avec les requêtes venant d’autres sites et ne servent jamais à la publicité ni au
          pistage. Glimpse ne charge aucun script, police ou pixel tiers.
        </p>
      ),
    },
    {
      id: 'photos',
      title: 'Vos photos et leurs métadonnées',
      body: (
        <p>
          Les appareils photo inscrivent souvent des informations cachées dans les photos, comme le lieu et la
          date de la prise de vue. Quand vous envoyez une image, Glimpse supprime toutes ces métadonnées avant
          de l’enregistrer et ne garde que des copies redimensionnées pour l’affichage.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'Durée de conservation',
      body: (
        <p>
          Nous conservons vos informations tant que vous avez un compte. Quand vous supprimez une publication
          ou un événement, il est effacé avec ses fichiers d’image. Quand vous nous demandez de supprimer
          votre compte, nous effaçons votre profil et tout ce que vous avez publié ; les copies de sauvegarde
          disparaissent à mesure que les sauvegardes sont remplacées. Une session prend fin lorsque vous vous
          déconnectez, ou après 30 jours sans utilisation.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Partage',
      body: (
        <p>
          Nous ne vendons pas vos informations et ne les partageons pas avec des annonceurs. Nous ne les
          partageons qu’avec les prestataires qui hébergent Glimpse pour nous, dans le cadre de contrats qui
          ne les autorisent à les utiliser qu’à cette fin, ou lorsque la loi nous y oblige.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Sécurité',
      body: (
        <p>
          Les mots de passe sont hachés, les tentatives de connexion sont limitées, les cookies de session
          sont protégés des scripts et des autres sites, et chaque modification que vous faites est vérifiée
          par notre serveur avant d’être enregistrée. Aucun service n’est parfaitement sûr : choisissez un mot
          de passe robuste et qui n’appartient qu’à vous.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Vos choix et vos droits',
      body: (
        <>
          <p>
            Vous pouvez consulter et corriger votre profil à tout moment, et supprimer vos publications et
            événements depuis votre profil. Selon votre lieu de résidence, vous pouvez aussi avoir le droit
            d’obtenir une copie de vos informations, de vous opposer à leur utilisation ou d’en demander
            l’effacement.
          </p>
          <p>
            Pour exercer l’un de ces droits, ou pour supprimer votre compte, écrivez à{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a> depuis l’adresse e-mail de votre compte.
            Vous pouvez aussi adresser une réclamation à l’autorité de protection des données de votre pays.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Enfants',
      body: (
        <p>
          Glimpse n’est pas destiné aux enfants de moins de 13 ans. Si vous pensez qu’un enfant de moins de 13
          ans a un compte, prévenez-nous et nous le supprimerons.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Modification de cette politique',
      body: (
        <p>
          Quand nous modifions cette politique, nous mettons à jour la date en haut de cette page et, pour les
          changements importants, nous vous prévenons d’abord dans l’application.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Des questions sur votre vie privée ? Écrivez à <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          , ou consultez la page <Link to={paths.help}>Aide</Link> et nos{' '}
          <Link to={paths.terms}>Conditions d’utilisation</Link>.
        </p>
      ),
    },
  ],
};
