/** Condiciones del servicio: la traducción al español del documento en inglés (terms.tsx). */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const termsOfService: LegalDocumentContent = {
  title: 'Condiciones del servicio',
  intro: (
    <p>
      Glimpse es un lugar para compartir fotos y eventos con las personas que sigues. Estas condiciones son el
      acuerdo entre tú y quienes gestionan este servicio de Glimpse («nosotros»). Hemos intentado que sean
      breves y claras. Léelas junto con nuestra <Link to={paths.privacy}>Política de privacidad</Link> y
      nuestras <Link to={paths.guidelines}>Normas de la comunidad</Link>.
    </p>
  ),
  sections: [
    {
      id: 'agreement',
      title: 'Aceptación de estas condiciones',
      body: (
        <p>
          Al crear una cuenta o usar Glimpse aceptas estas condiciones. Si no estás de acuerdo, no uses
          Glimpse. Si usas Glimpse en nombre de un club, un centro educativo o una empresa, confirmas que
          puedes aceptar estas condiciones en su nombre.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Quién puede usar Glimpse',
      body: (
        <p>
          Para usar Glimpse debes tener al menos 13 años, o más si así lo exige la ley de tu país. No puedes
          usar Glimpse si ya cerramos antes una cuenta tuya por incumplir estas condiciones, o si la ley te lo
          prohíbe.
        </p>
      ),
    },
    {
      id: 'account',
      title: 'Tu cuenta',
      body: (
        <>
          <p>
            Te registras con una dirección de correo y una contraseña. No compartas tu contraseña y usa una
            que no utilices en ningún otro sitio. Eres responsable de lo que ocurra en tu cuenta, así que
            avísanos enseguida si crees que otra persona la ha usado.
          </p>
          <p>
            Tu perfil (nombre, nombre de usuario, sitio web, biografía e imágenes) debe ser lo bastante veraz
            como para no confundir a nadie sobre quién eres. Los nombres de usuario son únicos; podemos
            cambiar o recuperar uno que suplante a alguien o infrinja una marca.
          </p>
        </>
      ),
    },
    {
      id: 'your-content',
      title: 'Tu contenido',
      body: (
        <>
          <p>
            Conservas los derechos sobre las fotos, los textos, los comentarios y los eventos que publicas.
            Para mostrarlos en Glimpse necesitamos tu permiso, así que nos concedes una licencia mundial, no
            exclusiva y gratuita para almacenar, copiar, redimensionar y mostrar tu contenido con el fin de
            hacer funcionar Glimpse. La licencia termina cuando borras el contenido, salvo las copias que
            debamos conservar durante un breve tiempo en las copias de seguridad o para cumplir una obligación
            legal.
          </p>
          <p>
            Publica solo contenido que tengas derecho a compartir y que no infrinja la ley ni nuestras{' '}
            <Link to={paths.guidelines}>Normas de la comunidad</Link>. Eres responsable de lo que publicas.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Cómo puedes usar Glimpse',
      body: (
        <>
          <p>Al usar Glimpse, te comprometes a no:</p>
          <ul>
            <li>acosar, amenazar ni suplantar a nadie, ni publicar nada que nuestras normas no permitan;</li>
            <li>enviar spam, cometer estafas, ni comprar o vender «Me gusta», seguidores o cuentas;</li>
            <li>recopilar información de otras personas sin su consentimiento, por ejemplo con scraping;</li>
            <li>
              interferir en Glimpse, buscar vulnerabilidades sin permiso ni saltarte los límites que fijamos,
              como el número de intentos de inicio de sesión;
            </li>
            <li>usar Glimpse para infringir la ley o ayudar a otra persona a hacerlo.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'events',
      title: 'Eventos',
      body: (
        <p>
          Los miembros pueden crear eventos y marcar que les interesan. No organizamos, comprobamos ni
          supervisamos estos eventos, ni somos parte de ellos. Quien crea un evento es responsable de
          describirlo con honestidad. Usa tu propio criterio antes de asistir, sobre todo si vas a conocer a
          personas que no conoces.
        </p>
      ),
    },
    {
      id: 'moderation',
      title: 'Denuncias y moderación',
      body: (
        <p>
          Cualquiera puede denunciar una cuenta que crea que incumple estas condiciones o nuestras normas.
          Revisamos las denuncias y podemos retirar contenido, limitar funciones o cerrar cuentas, como se
          explica en el apartado «Cómo aplicamos las normas» de las{' '}
          <Link to={paths.guidelines}>Normas de la comunidad</Link>. No estamos obligados a revisar todo lo
          que se publica y podemos actuar sobre un contenido aunque nadie lo haya denunciado.
        </p>
      ),
    },
    {
      id: 'open-source',
      title: 'Glimpse es software libre',
      body: (
        <p>
          El software de Glimpse es de código abierto. Su licencia permite que cualquiera gestione su propio
          servicio de Glimpse; esa licencia cubre el código, y estas condiciones cubren este servicio. Otros
          servicios de Glimpse los gestionan otras personas con sus propias condiciones, y no somos
          responsables de ellos.
        </p>
      ),
    },
    {
      id: 'ending',
      title: 'Dejar de usar Glimpse',
      body: (
        <p>
          Puedes dejar de usar Glimpse cuando quieras y pedirnos que borremos tu cuenta escribiendo a{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. Podemos suspender o cerrar una cuenta que
          incumpla estas condiciones de forma grave o repetida, o cuando la ley lo exija. Siempre que sea
          razonablemente posible, te diremos por qué y te daremos la oportunidad de responder.
        </p>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Exención de garantías',
      body: (
        <p>
          Trabajamos para que Glimpse esté disponible, sea seguro y no tenga errores, pero lo ofrecemos «tal
          cual». No podemos prometer que esté siempre disponible ni que el contenido publicado por los
          miembros sea exacto. Nada de estas condiciones limita los derechos que te reconoce la legislación de
          consumo y que no se pueden limitar.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Límites de responsabilidad',
      body: (
        <p>
          En la medida en que la ley lo permita, no respondemos de pérdidas indirectas o imprevisibles, del
          contenido que publiquen otros miembros ni de los eventos que organicen. Nada de lo aquí dicho
          excluye la responsabilidad por muerte o lesiones causadas por nuestra negligencia, por fraude, ni
          ninguna otra responsabilidad que la ley no permita excluir.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Cambios en estas condiciones',
      body: (
        <p>
          Podemos actualizar estas condiciones a medida que Glimpse cambie. La fecha al principio de esta
          página indica siempre la versión más reciente. Si un cambio es importante, te avisaremos en la
          aplicación antes de que entre en vigor. Si sigues usando Glimpse después, aceptas las nuevas
          condiciones.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contacto',
      body: (
        <p>
          ¿Tienes preguntas sobre estas condiciones? Escribe a{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> o visita la página de{' '}
          <Link to={paths.help}>Ayuda</Link>.
        </p>
      ),
    },
  ],
};
