/** Conditions d’utilisation : la version française du document anglais (terms.tsx). */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const termsOfService: LegalDocumentContent = {
  title: 'Conditions d’utilisation',
  intro: (
    <p>
      Glimpse est un endroit où partager des photos et des événements avec les personnes que vous suivez. Ces
      conditions forment l’accord entre vous et les personnes qui gèrent ce service Glimpse (« nous »). Nous
      les avons voulues courtes et claires. Lisez-les avec notre{' '}
      <Link to={paths.privacy}>Politique de confidentialité</Link> et nos{' '}
      <Link to={paths.guidelines}>Règles de la communauté</Link>.
    </p>
  ),
  sections: [
    {
      id: 'agreement',
      title: 'Acceptation des conditions',
      body: (
        <p>
          En créant un compte ou en utilisant Glimpse, vous acceptez ces conditions. Si vous ne les acceptez
          pas, n’utilisez pas Glimpse. Si vous utilisez Glimpse pour le compte d’une association, d’une école
          ou d’une entreprise, vous confirmez pouvoir accepter ces conditions en son nom.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Qui peut utiliser Glimpse',
      body: (
        <p>
          Vous devez avoir au moins 13 ans, ou davantage si la loi de votre pays l’exige, pour utiliser
          Glimpse. Vous ne pouvez pas utiliser Glimpse si nous avons déjà fermé l’un de vos comptes pour
          manquement à ces conditions, ou si la loi vous l’interdit.
        </p>
      ),
    },
    {
      id: 'account',
      title: 'Votre compte',
      body: (
        <>
          <p>
            Vous vous inscrivez avec une adresse e-mail et un mot de passe. Gardez votre mot de passe pour
            vous et choisissez-en un que vous n’utilisez nulle part ailleurs. Vous êtes responsable de ce qui
            se passe sur votre compte : prévenez-nous immédiatement si vous pensez que quelqu’un d’autre l’a
            utilisé.
          </p>
          <p>
            Votre profil (nom, nom d’utilisateur, site web, bio et images) doit être assez fidèle pour ne
            tromper personne sur qui vous êtes. Les noms d’utilisateur sont uniques ; nous pouvons modifier ou
            reprendre un nom qui usurpe l’identité de quelqu’un ou porte atteinte à une marque.
          </p>
        </>
      ),
    },
    {
      id: 'your-content',
      title: 'Vos contenus',
      body: (
        <>
          <p>
            Vous conservez vos droits sur les photos, légendes, commentaires et événements que vous publiez.
            Pour les afficher sur Glimpse, nous avons besoin de votre autorisation : vous nous accordez donc
            une licence mondiale, non exclusive et gratuite pour stocker, copier, redimensionner et afficher
            vos contenus afin de faire fonctionner Glimpse. Cette licence prend fin lorsque vous supprimez le
            contenu, sauf pour les copies que nous devons garder peu de temps dans nos sauvegardes ou pour
            respecter une obligation légale.
          </p>
          <p>
            Ne publiez que des contenus que vous avez le droit de partager et qui respectent la loi et nos{' '}
            <Link to={paths.guidelines}>Règles de la communauté</Link>. Vous êtes responsable de ce que vous
            publiez.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Ce que vous pouvez faire sur Glimpse',
      body: (
        <>
          <p>En utilisant Glimpse, vous vous engagez à ne pas :</p>
          <ul>
            <li>
              harceler, menacer ou usurper l’identité de quiconque, ni publier quoi que ce soit que nos règles
              n’autorisent pas ;
            </li>
            <li>
              envoyer du spam, monter des arnaques, ni acheter ou vendre des mentions J’aime, des abonnés ou
              des comptes ;
            </li>
            <li>
              collecter les informations d’autrui sans son consentement, par exemple par aspiration de données
              ;
            </li>
            <li>
              perturber Glimpse, y chercher des failles sans autorisation ou contourner les limites que nous
              fixons, comme le nombre de tentatives de connexion ;
            </li>
            <li>utiliser Glimpse pour enfreindre la loi ou aider quelqu’un à le faire.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'events',
      title: 'Événements',
      body: (
        <p>
          Les membres peuvent créer des événements et indiquer qu’ils sont intéressés. Nous n’organisons, ne
          vérifions ni ne surveillons ces événements, et nous n’y sommes pas parties. La personne qui crée un
          événement doit le décrire honnêtement. Faites preuve de discernement avant d’y aller, surtout pour
          rencontrer des personnes que vous ne connaissez pas.
        </p>
      ),
    },
    {
      id: 'moderation',
      title: 'Signalements et modération',
      body: (
        <p>
          Chacun peut signaler un compte qui lui semble enfreindre ces conditions ou nos règles. Nous
          examinons les signalements et pouvons retirer des contenus, limiter des fonctions ou fermer des
          comptes, comme le décrit la section « Application des règles » des{' '}
          <Link to={paths.guidelines}>Règles de la communauté</Link>. Nous ne sommes pas tenus d’examiner tout
          ce qui est publié, et nous pouvons agir sur un contenu même si personne ne l’a signalé.
        </p>
      ),
    },
    {
      id: 'open-source',
      title: 'Glimpse est un logiciel libre',
      body: (
        <p>
          Le logiciel Glimpse est open source. Sa licence permet à chacun de faire fonctionner son propre
          service Glimpse ; cette licence couvre le code, tandis que ces conditions couvrent ce service.
          D’autres services Glimpse sont gérés par d’autres personnes selon leurs propres conditions, et nous
          n’en sommes pas responsables.
        </p>
      ),
    },
    {
      id: 'ending',
      title: 'Cesser d’utiliser Glimpse',
      body: (
        <p>
          Vous pouvez cesser d’utiliser Glimpse à tout moment et nous demander de supprimer votre compte en
          écrivant à <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Nous pouvons suspendre ou fermer
          un compte qui enfreint ces conditions de façon grave ou répétée, ou lorsque la loi l’exige. Dans la
          mesure du raisonnable, nous vous en donnerons la raison et la possibilité de répondre.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Absence de garantie',
      body: (
        <p>
          Nous faisons en sorte que Glimpse soit disponible, sûr et sans erreurs, mais nous le fournissons «
          en l’état ». Nous ne pouvons pas promettre qu’il sera toujours disponible ni que les contenus
          publiés par les membres sont exacts. Rien dans ces conditions ne limite les droits que vous tenez du
          droit de la consommation et qui ne peuvent pas être limités.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation de responsabilité',
      body: (
        <p>
          Dans la mesure permise par la loi, nous ne sommes pas responsables des pertes indirectes ou
          imprévisibles, des contenus publiés par d’autres membres ni des événements qu’ils organisent. Rien
          ici n’exclut notre responsabilité en cas de décès ou de dommage corporel causé par notre négligence,
          en cas de fraude, ni toute autre responsabilité que la loi ne permet pas d’exclure.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Modification des conditions',
      body: (
        <p>
          Nous pouvons mettre à jour ces conditions à mesure que Glimpse évolue. La date en haut de cette page
          indique toujours la dernière version. Si une modification est importante, nous vous en informerons
          dans l’application avant son entrée en vigueur. Si vous continuez ensuite à utiliser Glimpse, vous
          acceptez les nouvelles conditions.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      body: (
        <p>
          Des questions sur ces conditions ? Écrivez à <a href={`mailto:${supportEmail}`}>{supportEmail}</a>{' '}
          ou consultez la page <Link to={paths.help}>Aide</Link>.
        </p>
      ),
    },
  ],
};
