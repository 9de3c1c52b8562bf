/**
 * Política de privacidad: la traducción al español del documento en inglés (privacy.tsx). Cada
 * afirmación describe lo que hace el código; cambia el texto de todas las lenguas cuando cambie el código.
 */
import { paths, supportEmail } from '@glimpse/shared';
import { Link } from 'react-router';
import type { LegalDocumentContent } from '../legal-document.tsx';

export const privacyPolicy: LegalDocumentContent = {
  title: 'Política de privacidad',
  intro: (
    <p>
      Esta política explica qué recogen quienes gestionan este servicio de Glimpse («nosotros») cuando usas
      Glimpse, para qué, quién puede verlo y qué opciones tienes. En resumen: recogemos lo que Glimpse
      necesita para funcionar, no lo vendemos, y Glimpse no tiene publicidad ni rastreadores de terceros.
    </p>
  ),
  sections: [
    {
      id: 'what-we-collect',
      title: 'Qué recogemos',
      body: (
        <>
          <h3>Información que nos das</h3>
          <ul>
            <li>
              <strong>Cuenta:</strong> tu dirección de correo y tu contraseña. La contraseña solo se guarda
              como un hash seguro; nadie, ni siquiera nosotros, puede leerla.
            </li>
            <li>
              <strong>Perfil:</strong> nombre y apellidos, nombre de usuario y, si los añades, un sitio web,
              una biografía, una foto de perfil y una imagen de fondo.
            </li>
            <li>
              <strong>Lo que compartes:</strong> fotos y textos, comentarios, eventos y sus detalles, y qué
              publicaciones te gustan o guardas, qué eventos te interesan y a quién sigues.
            </li>
            <li>
              <strong>Lo que nos escribes:</strong> las denuncias sobre cuentas y las opiniones que envías
              desde la página de Ayuda, cada una guardada con tu cuenta y la hora.
            </li>
          </ul>
          <h3>Información que se recoge cuando usas Glimpse</h3>
          <ul>
            <li>
              <strong>Sesiones:</strong> para cada dispositivo en el que inicias sesión, la hora de inicio y
              de caducidad de la sesión, tu dirección IP y el agente de usuario de tu navegador, para que
              sigas con la sesión iniciada y podamos detectar abusos.
            </li>
            <li>
              <strong>Contadores de seguridad:</strong> el número de intentos recientes de inicio de sesión y
              de registro desde una dirección IP, para frenar a quien intente adivinar contraseñas.
            </li>
            <li>
              <strong>Registros del servidor:</strong> para cada petición, la dirección solicitada, el
              resultado y cuánto tardó. Los registros no contienen tu contraseña ni tus cookies.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use',
      title: 'Para qué lo usamos',
      body: (
        <ul>
          <li>
            para hacer funcionar Glimpse: mostrar tu perfil y tus publicaciones, crear tu feed y avisarte de
            nuevos seguidores;
          </li>
          <li>
            para mantener Glimpse seguro: proteger las cuentas, limitar los abusos y revisar las denuncias;
          </li>
          <li>para mejorar Glimpse con las opiniones que nos envías;</li>
          <li>para cumplir obligaciones legales.</li>
        </ul>
      ),
    },
    {
      id: 'who-can-see',
      title: 'Quién puede ver qué',
      body: (
        <>
          <p>
            Glimpse es una comunidad: todo lo que hay en tu perfil y todo lo que publicas, comentas, te gusta
            o marcas como interesante lo pueden ver los demás miembros con la sesión iniciada. No publiques lo
            que no quieras que vea la comunidad.
          </p>
          <p>
            Tu dirección de correo, tu contraseña, las publicaciones que has guardado, tus sesiones, tus
            denuncias y tus opiniones no se muestran a otros miembros. Quienes gestionan Glimpse pueden verlas
            cuando lo necesitan, por ejemplo para revisar una denuncia.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <p>
          Glimpse usa solo las cookies que necesita para mantener tu sesión iniciada, incluida una por cada
          cuenta adicional que añadas en el mismo dispositivo. Los scripts de la página no pueden leerlas, no
          se envían con peticiones desde otros sitios y nunca se usan para publicidad ni seguimiento. Glimpse
          no carga scripts, fuentes ni píxeles de terceros.
        </p>
      ),
    },
    {
      id: 'photos',
      title: 'Tus fotos y sus metadatos',
      body: (
        <p>
          Las cámaras suelen guardar datos ocultos en las fotos, como dónde y cuándo se hicieron. Cuando subes
          una imagen, Glimpse elimina todos esos metadatos antes de guardarla y solo conserva copias
          redimensionadas para mostrarla.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'Cuánto tiempo lo conservamos',
      body: (
        <p>
          Conservamos tu información mientras tengas una cuenta. Cuando borras una publicación o un evento, se
          elimina junto con sus archivos de imagen. Cuando nos pides borrar tu cuenta, eliminamos tu perfil y
          todo lo que publicaste; las copias de seguridad desaparecen a medida que se sustituyen. Una sesión
          termina cuando cierras sesión o tras 30 días sin usarla.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Con quién lo compartimos',
      body: (
        <p>
          No vendemos tu información ni la compartimos con anunciantes. Solo la compartimos con los
          proveedores que alojan Glimpse para nosotros, con acuerdos que les permiten usarla únicamente para
          ese fin, o cuando la ley nos obliga.
        </p>
      ),
    },
    {
      id: 'security',
      title: 'Seguridad',
      body: (
        <p>
          Las contraseñas se guardan como hash, los intentos de inicio de sesión están limitados, las cookies
          de sesión están protegidas frente a scripts y otros sitios, y cada cambio que haces se comprueba en
          nuestro servidor antes de guardarse. Ningún servicio es perfectamente seguro, así que usa una
          contraseña fuerte y solo tuya.
        </p>
      ),
    },
    {
      id: 'your-rights',
      title: 'Tus opciones y tus derechos',
      body: (
        <>
          <p>
            Puedes ver y corregir tu perfil cuando quieras, y borrar tus publicaciones y eventos desde tu
            perfil. Según dónde vivas, también puedes tener derecho a obtener una copia de tu información, a
            oponerte a cómo la usamos o a que la borremos.
          </p>
          <p>
            Para ejercer cualquiera de estos derechos, o para borrar tu cuenta, escribe a{' '}
            <a href={`mailto:${supportEmail}`}>{supportEmail}</a> desde la dirección de correo de tu cuenta.
            También puedes reclamar ante la autoridad de protección de datos de tu país.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Menores',
      body: (
        <p>
          Glimpse no está pensado para menores de 13 años. Si crees que un menor de 13 años tiene una cuenta,
          avísanos y la borraremos.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Cambios en esta política',
      body: (
        <p>
          Cuando cambiamos esta política, actualizamos la fecha al principio de esta página y, si los cambios
          son importantes, te avisamos antes en la aplicación.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contacto',
      body: (
        <p>
          ¿Tienes preguntas sobre tu privacidad? Escribe a{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> o consulta la página de{' '}
          <Link to={paths.help}>Ayuda</Link> y nuestras <Link to={paths.terms}>Condiciones del servicio</Link>
          .
        </p>
      ),
    },
  ],
};
