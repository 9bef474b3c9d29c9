/** Taking one's data along or down, in Spanish (en.ts is the source): tú, plain, warm. */
import type { CatalogueOf } from '../catalogue.ts';
import type en from './en.ts';

export default {
  counts:
    '{questions, plural, one {# pregunta} other {# preguntas}}, {answers, plural, one {# respuesta} other {# respuestas}}, {updates, plural, one {# novedad} other {# novedades}}, {follows, plural, one {# seguimiento} other {# seguimientos}}, {notifications, plural, one {# notificación} other {# notificaciones}} y {devices, plural, one {# dispositivo} other {# dispositivos}}',
  yourData: 'Tus datos',
  downloadIntro: 'Todo lo que este sitio guarda de ti, en un solo archivo JSON.',
  downloadIntroKey: 'Todo lo que este sitio guarda de esta clave privada, en un solo archivo JSON.',
  download: 'Descargar mis datos',
  downloading: 'Preparando…',
  downloadFailed: 'No se pudieron descargar tus datos. Inténtalo de nuevo.',
  deleteAccount: 'Borrar mi cuenta',
  deleteIntro:
    'Tu cuenta se borra para siempre: se cierra tu sesión en todas partes, y tu nombre de usuario solo podrá registrarse de nuevo pasados 30 días.',
  password: 'Contraseña',
  postsChoice: 'Tus preguntas y respuestas',
  postsDelete: 'Borrarlas (una respuesta que otras personas respondieron queda como «[borrado]»)',
  postsAnonymize:
    'Dejarlas para los demás, sin pertenecer a nadie: nadie, ni siquiera tú, podrá volver a relacionarlas contigo',
  continue: 'Borrar mi cuenta…',
  confirmTitle: '¿Borrar tu cuenta?',
  confirmDelete:
    'Se borran tu cuenta, sus me gusta, seguimientos, notificaciones y dispositivos, y también tus preguntas y respuestas. No se puede deshacer.',
  confirmAnonymize:
    'Se borran tu cuenta, sus me gusta, seguimientos, notificaciones y dispositivos; tus preguntas y respuestas se quedan, sin pertenecer a nadie. No se puede deshacer.',
  confirm: 'Borrar mi cuenta',
  deleting: 'Borrando…',
  deleted: 'Tu cuenta se borró.',
  deleteFailed: 'No se pudo borrar tu cuenta. Inténtalo de nuevo.',
  passwordRequired: 'Escribe tu contraseña.',
  cancel: 'Cancelar',
  eraseKey: 'Olvidar esta clave y borrar lo que se publicó con ella',
  eraseTitle: '¿Borrar lo que se publicó con esta clave?',
  eraseCounting: 'Contando lo que guarda esta clave…',
  eraseConfirm:
    'Esto borra {counts}, y esta pestaña olvida la clave. Sus me gusta y reportes se quedan: se guardan de forma que nada los relaciona con la clave. No se puede deshacer.',
  erase: 'Borrar',
  erasing: 'Borrando…',
  erased: 'Se borró: {counts}. Esta pestaña tiene una clave nueva.',
  eraseFailed: 'No se pudo borrar lo que se publicó con esta clave. Inténtalo de nuevo.',
} satisfies CatalogueOf<typeof en>;
