/** Règles de la communauté : la version française du document anglais (guidelines.tsx). */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const communityGuidelines: LegalDocumentContent = {
  title: 'Règles de la communauté',
  numbered: false,
  intro: (
    <p>
      Glimpse sert à partager les moments et les événements qui rassemblent les gens. Ces règles décrivent la
      façon dont nous prenons soin les uns des autres ici. Elles s’appliquent à tout ce qui se trouve sur
      Glimpse : profils, photos, légendes, commentaires et événements. Elles complètent nos{' '}
      <Link to={paths.terms}>Conditions d’utilisation</Link>.
    </p>
  ),
  sections: [
    {
      id: 'respect',
      title: '1. Soyez respectueux',
      body: (
        <p>
          Critiquez les idées, pas les personnes. Ne harcelez, n’humiliez et ne relancez pas sans cesse
          quelqu’un qui ne veut plus avoir de vos nouvelles, et n’incitez pas les autres à s’acharner sur
          quelqu’un. Les critiques sont les bienvenues ; les insultes et l’intimidation, non.
        </p>
      ),
    },
    {
      id: 'hate',
      title: '2. Pas de discours haineux',
      body: (
        <p>
          N’attaquez ni ne rabaissez personne pour ce qu’il est : son origine, son appartenance ethnique, sa
          nationalité, sa religion, sa caste, son orientation sexuelle, son sexe, son identité de genre, son
          handicap ou une maladie grave. Cela comprend les insultes, les comparaisons déshumanisantes, les
          symboles de haine et les stéréotypes présentés comme des faits.
        </p>
      ),
    },
    {
      id: 'violence',
      title: '3. Pas de violence ni de comportements dangereux',
      body: (
        <p>
          Ne menacez personne, n’appelez pas à la violence et ne faites pas l’éloge de ceux qui la commettent.
          Ne partagez pas de violence explicite pour choquer et ne faites pas la promotion d’activités
          dangereuses, du terrorisme, du crime organisé ou de la vente d’armes et de drogues. Si quelqu’un
          parle de se faire du mal, traitez-le avec bienveillance ; nous retirons les contenus qui encouragent
          l’automutilation et orientons les personnes vers de l’aide.
        </p>
      ),
    },
    {
      id: 'suitable',
      title: '4. Un contenu adapté à tous',
      body: (
        <p>
          Glimpse est ouvert à tous dès 13 ans. Ne publiez ni nudité ni contenu sexuel. Nous ne tolérons aucun
          contenu qui sexualise des mineurs : nous le retirons, fermons le compte et le signalons aux
          autorités.
        </p>
      ),
    },
    {
      id: 'authentic',
      title: '5. Soyez authentique',
      body: (
        <p>
          Soyez vous-même. Ne vous faites pas passer pour une autre personne, une marque ou une organisation,
          et ne gérez pas de comptes qui trompent sur l’identité de ceux qui sont derrière. N’envoyez pas de
          spam, ne publiez pas la même chose encore et encore, et n’achetez, ne vendez ni n’échangez de
          mentions J’aime, d’abonnés ou de comptes.
        </p>
      ),
    },
    {
      id: 'privacy',
      title: '6. Respectez la vie privée',
      body: (
        <p>
          Ne partagez pas les informations privées d’autrui, comme une adresse, un numéro de téléphone ou une
          pièce d’identité, et ne publiez pas d’images privées ou intimes de quelqu’un sans son accord.
          Demandez avant de publier une photo de quelqu’un en gros plan, et retirez-la s’il vous le demande.
        </p>
      ),
    },
    {
      id: 'ownership',
      title: '7. Partagez ce que vous avez le droit de partager',
      body: (
        <p>
          Publiez des photos que vous avez prises ou que vous avez le droit d’utiliser. Citez l’auteur quand
          vous partagez son travail avec son accord. Ne publiez pas de contenu qui enfreint un droit d’auteur
          ou une marque ; les ayants droit peuvent nous contacter pour le faire retirer.
        </p>
      ),
    },
    {
      id: 'events',
      title: '8. Des événements réels et sûrs',
      body: (
        <p>
          Décrivez vos événements honnêtement : la date, l’heure, le lieu et ce à quoi les gens peuvent
          s’attendre. Ne créez pas de faux événements, ne vous en servez pas pour collecter de l’argent sous
          de faux prétextes et n’organisez rien d’illégal ou de dangereux. Si un événement est annulé,
          supprimez-le pour que personne ne se déplace pour rien.
        </p>
      ),
    },
    {
      id: 'enforcement',
      title: 'Application des règles',
      body: (
        <>
          <p>
            Quand un contenu enfreint ces règles, nous agissons en proportion de sa gravité, de sa fréquence
            et du tort qu’il cause. Selon le cas, nous pouvons :
          </p>
          <ul>
            <li>retirer le contenu et expliquer pourquoi à la personne qui l’a publié ;</li>
            <li>donner un avertissement ;</li>
            <li>limiter certaines fonctions pendant un temps, comme publier ou commenter ;</li>
            <li>suspendre ou fermer définitivement le compte, en cas de manquement grave ou répété.</li>
          </ul>
          <p>
            Nous pouvons prévenir les autorités lorsque la sécurité de quelqu’un est menacée ou que la loi
            l’exige. Si vous pensez que nous nous sommes trompés, écrivez à{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a> : une autre personne réexaminera la
            décision.
          </p>
        </>
      ),
    },
    {
      id: 'reporting',
      title: 'Signalements',
      body: (
        <>
          <p>
            Si vous voyez un compte, une publication, un commentaire ou un événement qui enfreint ces règles,
            choisissez <strong>Signaler</strong> (sur un profil), <strong>Signaler la publication</strong>,{' '}
            <strong>Signaler le commentaire</strong> ou <strong>Signaler l’événement</strong>, et
            expliquez-nous brièvement le problème. La personne signalée ne sait pas qui l’a signalée. Un
            signalement par contenu suffit : nous gardons une copie de ce que vous avez signalé, tel quel,
            même s’il est modifié ou supprimé ensuite.
          </p>
          <p>
            Nos modérateurs examinent les signalements ouverts sous 24 heures. Pour chacun, ils le classent
            sans suite (rien n’enfreint les règles), retirent le contenu ou suspendent le compte : un compte
            suspendu ne peut plus se connecter et tout ce qu’il a créé est masqué jusqu’à la levée de la
            suspension. Chaque décision est enregistrée avec son auteur et sa raison, et vous recevez une
            notification indiquant que votre signalement a été examiné.
          </p>
          <p>
            Vous n’êtes pas obligé d’attendre : vous pouvez <strong>bloquer</strong> quelqu’un (aucun de vous
            deux ne voit plus l’autre), le <strong>masquer</strong> (ses publications et événements quittent
            votre fil sans qu’il le sache), ou masquer des mots et des hashtags dans les Réglages.
          </p>
          <p>
            Si quelqu’un est en danger immédiat, contactez d’abord les services d’urgence. Pour tout le reste,
            consultez la page <Link to={paths.help}>Aide</Link> ou écrivez à{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. N’utilisez pas les signalements pour viser
            des personnes avec qui vous êtes en désaccord : c’est aussi un manquement à ces règles.
          </p>
        </>
      ),
    },
  ],
};
