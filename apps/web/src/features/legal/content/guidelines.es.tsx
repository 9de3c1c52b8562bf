/** Normas de la comunidad: la traducción al español del documento en inglés (guidelines.tsx). */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const communityGuidelines: LegalDocumentContent = {
  title: 'Normas de la comunidad',
  numbered: false,
  intro: (
    <p>
      Glimpse sirve para compartir los momentos y los eventos que unen a las personas. Estas normas describen
      cómo nos cuidamos unos a otros aquí. Se aplican a todo lo que hay en Glimpse: perfiles, fotos, textos,
      comentarios y eventos. Complementan nuestras <Link to={paths.terms}>Condiciones del servicio</Link>.
    </p>
  ),
  sections: [
    {
      id: 'respect',
      title: '1. Trata a los demás con respeto',
      body: (
        <p>
          Discute las ideas, no a las personas. No acoses, humilles ni insultes a nadie, no sigas escribiendo
          a quien no quiere saber de ti y no animes a otros a atacar en grupo. Las críticas son bienvenidas;
          los insultos y la intimidación, no.
        </p>
      ),
    },
    {
      id: 'hate',
      title: '2. Nada de discursos de odio',
      body: (
        <p>
          No ataques ni desprecies a nadie por lo que es: su raza, origen étnico o nacional, religión, casta,
          orientación sexual, sexo, identidad de género, discapacidad o enfermedad grave. Esto incluye los
          insultos, las comparaciones que deshumanizan, los símbolos de odio y los estereotipos presentados
          como hechos.
        </p>
      ),
    },
    {
      id: 'violence',
      title: '3. Nada de violencia ni conductas peligrosas',
      body: (
        <p>
          No amenaces a nadie, no llames a la violencia ni elogies a quienes la ejercen. No compartas
          violencia explícita para impactar, ni promuevas actividades peligrosas, el terrorismo, el crimen
          organizado o la venta de armas y drogas. Si alguien habla de hacerse daño, trátalo con cuidado:
          eliminamos el contenido que incita a autolesionarse y orientamos a las personas hacia la ayuda.
        </p>
      ),
    },
    {
      id: 'suitable',
      title: '4. Que sea apto para todo el mundo',
      body: (
        <p>
          Glimpse está abierto a cualquier persona a partir de los 13 años. No publiques desnudos ni contenido
          sexual. No toleramos en absoluto ningún contenido que sexualice a menores: lo eliminamos, cerramos
          la cuenta y lo denunciamos a las autoridades.
        </p>
      ),
    },
    {
      id: 'authentic',
      title: '5. Sé auténtico',
      body: (
        <p>
          Sé tú mismo. No te hagas pasar por otra persona, marca u organización, y no gestiones cuentas que
          engañen sobre quién está detrás. No envíes spam, no publiques lo mismo una y otra vez, y no compres,
          vendas ni intercambies «Me gusta», seguidores o cuentas.
        </p>
      ),
    },
    {
      id: 'privacy',
      title: '6. Respeta la privacidad',
      body: (
        <p>
          No compartas información privada de otras personas, como direcciones, números de teléfono o
          documentos de identidad, y no publiques imágenes privadas o íntimas de nadie sin su permiso.
          Pregunta antes de publicar una foto de cerca de alguien y retírala si te lo pide.
        </p>
      ),
    },
    {
      id: 'ownership',
      title: '7. Comparte lo que puedes compartir',
      body: (
        <p>
          Publica fotos que hayas hecho tú o que tengas permiso para usar. Menciona a la autora o al autor
          cuando compartas su obra con su permiso. No publiques contenido que infrinja derechos de autor o
          marcas; los titulares de los derechos pueden escribirnos para que lo retiremos.
        </p>
      ),
    },
    {
      id: 'events',
      title: '8. Eventos reales y seguros',
      body: (
        <p>
          Describe tus eventos con honestidad: la fecha, la hora, el lugar y lo que la gente puede esperar. No
          crees eventos falsos, no los uses para recaudar dinero con engaños ni organices nada ilegal o
          peligroso. Si un evento se suspende, bórralo para que nadie vaya en balde.
        </p>
      ),
    },
    {
      id: 'enforcement',
      title: 'Cómo aplicamos las normas',
      body: (
        <>
          <p>
            Cuando algo incumple estas normas, actuamos en proporción a su gravedad, a las veces que ha
            ocurrido y al daño que causa. Según el caso, podemos:
          </p>
          <ul>
            <li>retirar el contenido y explicar el motivo a quien lo publicó;</li>
            <li>dar un aviso;</li>
            <li>limitar durante un tiempo algunas funciones, como publicar o comentar;</li>
            <li>suspender o cerrar definitivamente la cuenta, si el incumplimiento es grave o se repite.</li>
          </ul>
          <p>
            Podemos avisar a las autoridades cuando la seguridad de alguien está en peligro o cuando la ley lo
            exige. Si crees que nos hemos equivocado, escribe a{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a> y otra persona revisará la decisión.
          </p>
        </>
      ),
    },
    {
      id: 'reporting',
      title: 'Denuncias',
      body: (
        <>
          <p>
            Si ves una cuenta, una publicación, un comentario o un evento que incumple estas normas, elige{' '}
            <strong>Denunciar</strong> (en un perfil), <strong>Denunciar publicación</strong>,{' '}
            <strong>Denunciar comentario</strong> o <strong>Denunciar evento</strong>, y cuéntanos brevemente
            qué pasa. La persona denunciada no sabrá quién la denunció. Basta con una denuncia por cada cosa:
            guardamos una copia de lo que denunciaste tal como estaba, aunque después se cambie o se borre.
          </p>
          <p>
            Nuestro equipo de moderación revisa las denuncias abiertas en un plazo de 24 horas. En cada caso
            la desestima (no incumple las normas), retira el contenido o suspende la cuenta: una cuenta
            suspendida no puede iniciar sesión y todo lo que creó queda oculto hasta que se levanta la
            suspensión. Cada decisión queda registrada con quién la tomó y por qué, y recibes una notificación
            cuando tu denuncia ha sido revisada.
          </p>
          <p>
            No tienes que esperarnos: puedes <strong>Bloquear</strong> a alguien (ninguno de los dos verá ya
            al otro), <strong>Silenciarlo</strong> (sus publicaciones y eventos desaparecen de tu feed sin que
            lo sepa) o silenciar palabras y hashtags en Ajustes.
          </p>
          <p>
            Si alguien está en peligro inmediato, llama primero a los servicios de emergencia de tu zona. Para
            todo lo demás, consulta la página de <Link to={paths.help}>Ayuda</Link> o escribe a{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. No uses las denuncias para perseguir a
            quienes no piensan como tú: eso también incumple estas normas.
          </p>
        </>
      ),
    },
  ],
};
