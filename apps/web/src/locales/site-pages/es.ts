/** The pages that explain the site, in Spanish (en.ts is the source): tú, plain words, warm. */
import type { CatalogueOf } from '../catalogue.ts';
import type en from './en.ts';

export default {
  aboutTitle: 'Sobre este sitio',
  aboutIntro:
    'Consejos para citas es un lugar para hacer preguntas personales sobre citas y relaciones, y para responder las de otras personas, sin tener que decir quién eres.',
  aboutAnonymousHeading: 'Qué significa aquí ser anónimo',
  aboutAnonymous1:
    'Puedes preguntar, responder, dar me gusta y reportar sin una cuenta. Las demás personas ven lo que escribiste, el género y el grupo de edad que elegiste indicar (si indicaste alguno), cuándo publicaste y cuántos me gusta tiene.',
  aboutAnonymous2:
    'En cada conversación, las personas se llaman «Quien pregunta», «Anónimo 1», «Anónimo 2», etc., en el orden en que se unieron a ella. Los números empiezan de nuevo en cada conversación, así que nadie puede saber que «Anónimo 2» aquí es «Anónimo 5» en otra parte.',
  aboutAnonymous3:
    'Anónimo no significa invisible para todos: quienes administran el sitio pueden ver más que los visitantes. La página de privacidad explica exactamente quién puede saber qué.',
  aboutKeyHeading: 'Tu clave privada',
  aboutKey1:
    'Cuando publicas sin cuenta, la pestaña de tu navegador crea una clave privada al azar. Es lo que demuestra que una publicación es tuya: con ella puedes editar o borrar tus publicaciones, verlas en una lista y leer las respuestas que reciben.',
  aboutKey2:
    'Por defecto, la clave solo dura lo que dura la pestaña. Cuando la cierras, la clave desaparece, y con ella tu acceso: ya no puedes editar, borrar ni encontrar esas publicaciones. Nadie puede devolvértela, ni siquiera nosotros, porque el sitio solo guarda una forma cifrada de ella que no se puede volver a convertir en la clave.',
  aboutKey3:
    'Después de publicar, el sitio te ofrece guardar la clave: como un enlace privado o un código que copias, o en el almacenamiento de este dispositivo (desactivado salvo que lo actives). Luego, «Usar mi clave privada» la recupera en otra pestaña o en otro dispositivo.',
  aboutKey4:
    'Cualquiera que tenga tu clave puede editar o borrar las publicaciones hechas con ella, así que guárdala con el mismo cuidado que una contraseña.',
  aboutAccountHeading: 'Con una cuenta',
  aboutAccount1:
    'Con una cuenta, tus publicaciones pertenecen a la cuenta en lugar de a una clave, y Mis publicaciones las muestra. Si quieres, puedes pasar a tu cuenta las publicaciones de una clave privada; una vez pasadas, pertenecen a la cuenta.',

  privacyTitle: 'Privacidad: quién puede saber qué',
  privacyIntro:
    'Esta página explica, para cada parte, qué puede saber sobre quién escribió qué, y qué no.',
  privacyVisitorsHeading: 'Otras personas que visitan el sitio',
  privacyVisitors1:
    'Ven el texto de una publicación, el género y el grupo de edad que eligió indicar quien la escribió, sus me gusta, su hora y su nombre en la conversación («Quien pregunta», «Anónimo 1»...).',
  privacyVisitors2:
    'Nunca ven tu clave privada, tu cuenta ni nada que una dos de tus publicaciones. No pueden saber si una publicación anónima y una cuenta son de la misma persona.',
  privacyYouHeading: 'Tú',
  privacyYou1:
    'Con tu clave privada (o tu cuenta) ves tus publicaciones marcadas como tuyas, la lista de ellas y tus propias notificaciones. Nadie más puede leer tus notificaciones.',
  privacyAdminsHeading: 'Moderadores (administradores)',
  privacyAdmins1:
    'Los administradores ven las publicaciones reportadas, ocultas o no, con el motivo y los detalles que dio quien reportó. No saben quién reportó: solo ven un código que les indica si dos reportes de la misma publicación vienen de la misma persona.',
  privacyAdmins2:
    'Las publicaciones que parecen tratar de autolesiones, abuso, violencia sexual, control coercitivo, acoso o de un menor con un adulto se señalan automáticamente a los administradores, con el tema que parecen tratar; como cualquier reporte, la señal no dice quién escribió la publicación. La publicación sigue publicada.',
  privacyAdmins3:
    'Cada acción de moderación queda registrada con el administrador que la hizo. Cuando se borra una publicación, el registro guarda su texto con los datos personales, como teléfonos o correos, sustituidos por [eliminado], y sin quien la escribió.',
  privacyOperatorsHeading: 'Quienes administran el servidor',
  privacyOperators1:
    'Con acceso a la base de datos, quien opera el sitio puede ver qué publicaciones se escribieron con la misma clave (la base de datos guarda con cada publicación una forma cifrada de la clave) o desde la misma cuenta, pero no la clave misma.',
  privacyOperators2:
    'Si has iniciado sesión, tus publicaciones quedan unidas a tu cuenta. Una petición con la sesión iniciada nunca guarda tu clave privada, así que tus publicaciones anónimas y tu cuenta siguen separadas, salvo que tú mismo pases esas publicaciones a la cuenta.',
  privacyOperators3:
    'Los registros del servidor guardan qué se pidió y cuándo, pero no lo que escribiste, tu clave ni tu contraseña. Tu dirección de internet solo se registra en una forma cifrada que cambia cada día, salvo que quien opera el sitio active el registro de direcciones.',
  privacyPushHeading: 'Notificaciones en tu dispositivo',
  privacyPush1:
    'Si activas las notificaciones, la empresa que las entrega (Google, Mozilla, Apple o Microsoft, según tu navegador) sabe que este sitio envió una notificación a tu navegador y cuándo, pero no lo que dice. Una notificación nunca contiene el texto de una publicación.',
  privacyKeptHeading: 'Cuánto tiempo se guardan las cosas',
  privacyKeptPosts:
    'Las preguntas, respuestas y novedades se guardan hasta que quien las escribió o un administrador las borra, y lo mismo sus me gusta. Una respuesta borrada que tiene respuestas debajo conserva su lugar como «[borrado]», sin su texto. Una cuenta se guarda hasta que se borra («Borrar mi cuenta» en Mis publicaciones); su nombre de usuario y su correo se guardan entonces solo como códigos cifrados durante {days, plural, one {# día} other {# días}}, para que nadie se quede con el nombre enseguida, y luego se borran. «Descargar mis datos» te da todo lo que se guarda de tu cuenta o de tu clave privada.',
  privacyKeptNotifications:
    'Las notificaciones sin leer se guardan hasta que las lees, o hasta que la publicación de la que hablan se borra o se oculta. Las leídas se borran {days, plural, one {# día} other {# días}} después de leerlas, o antes si se borra la publicación. Lo que sigues se guarda hasta que dejas de seguirlo o se borra la pregunta.',
  privacyKeptPush:
    'Si activas las notificaciones, la suscripción de este dispositivo se guarda hasta que las desactivas o el servicio de notificaciones de tu navegador dice que terminó. Una notificación que espera su envío se borra cuando el servidor la toma para enviarla; una que espera más de {minutes, plural, one {# minuto} other {# minutos}} (mientras el servidor no podía enviarla) se borra sin enviarse.',
  privacyKeptSignIn:
    'Cuando inicias sesión, el servidor guarda un registro de ese inicio de sesión mientras se pueda renovar, {days, plural, one {# día} other {# días}} después de su último uso, y luego lo borra: no hay historial de tus inicios de sesión. La cookie que permite a este navegador iniciar sesión sin esperar después de los intentos fallidos de otra persona se queda en tu navegador durante 180 días; el servidor no guarda nada sobre los dispositivos.',
  privacyKeptReports:
    'Los reportes se guardan con el historial de moderación, con el motivo y los detalles dados; la forma cifrada de la red de quien reportó se borra en cuanto un administrador revisa el reporte. El registro de moderación se conserva y no nombra a quien escribió ni a quien reportó. Si los moderadores impiden publicar por un tiempo a una cuenta o a una clave, el registro (su motivo y su fin) se borra {days, plural, one {# día} other {# días}} después de que termina.',
  privacyKeptBrief:
    'Algunas cosas se guardan solo por poco tiempo: la nota que hace que una publicación reintentada cuente una sola vez ({idempotencyHours, plural, one {# hora} other {# horas}}), un desafío antispam resuelto ({challengeMinutes, plural, one {# minuto} other {# minutos}}) y los contadores que limitan con qué frecuencia se puede publicar, dar me gusta o iniciar sesión, cada uno durante su propio intervalo de 5 segundos a {windowHours, plural, one {# hora} other {# horas}}. Los contadores se nombran con un código cifrado que no revela ninguna clave, cuenta ni dirección.',
  privacyKeptLogs:
    'Los registros del servidor se escriben en la salida del servidor y el sitio no guarda archivos de registro propios: cuánto tiempo los guarda quien opera el sitio depende de esa persona. Nunca contienen lo que escribiste, tu clave ni tu contraseña.',
  privacyKeptBackups:
    'El sitio no hace copias de seguridad propias. Si quien opera el sitio hace copias de la base de datos, lo que se borra aquí sigue en esas copias hasta que también se borran.',

  rulesTitle: 'Normas',
  rulesIntro:
    'Sé amable, y recuerda que aquí preguntan personas reales con sentimientos reales. Un consejo puede ser sincero sin ser cruel.',
  rulesRemovedHeading: 'Qué se elimina',
  rulesRemoved1:
    'El contenido inapropiado, el lenguaje ofensivo, el acoso a cualquier persona y el spam. Estos son los motivos que puedes indicar al reportar una publicación.',
  rulesRemoved2:
    'No publiques nada que te identifique a ti o a otra persona: nombres, teléfonos, correos, direcciones o perfiles de redes sociales. El sitio te avisa cuando una publicación parece contener esos datos.',
  rulesReportingHeading: 'Cómo funcionan los reportes',
  rulesReporting1:
    'Cualquiera puede reportar una publicación, una vez. No puedes reportar tus propias publicaciones. Los administradores revisan cada reporte y eliminan la publicación o la mantienen.',
  rulesReporting2:
    'Cuando varias personas distintas reportan la misma publicación (tres, salvo que el sitio fije otro número), se oculta para todos menos para quien la escribió y los administradores hasta que un administrador la revisa.',
  rulesHardHeading: 'Si estás pasando por algo difícil',
  rulesHard1:
    'Nada de lo que escribes se rechaza por ser doloroso. Si una publicación parece tratar de autolesiones, abuso, violencia sexual, control coercitivo, acoso o de un menor con un adulto, te mostramos dónde encontrar ayuda, y se avisa a los administradores para que alguien pueda revisarla.',
  rulesHard2: 'Si estás en peligro inmediato, llama al número de emergencias de tu zona.',
} satisfies CatalogueOf<typeof en>;
