/** The private key's screens, in Spanish (en.ts is the source): tú, plain, warm. */
import type { CatalogueOf } from '../catalogue.ts';
import type en from './en.ts';

export default {
  keepAccessPost: 'Conserva el acceso a esta publicación',
  keepAccessPosts: 'Conserva el acceso a tus publicaciones',
  whatPost:
    'Sin esta clave no podrás editar, borrar ni encontrar esta publicación cuando se cierre esta pestaña. No está vinculada a tu nombre ni a tu correo.',
  whatPosts:
    'Sin esta clave no podrás editar, borrar ni encontrar tus publicaciones cuando se cierre esta pestaña. No está vinculada a tu nombre ni a tu correo.',
  why: 'Cualquiera que tenga esta clave puede editar o borrar las publicaciones hechas con ella, así que guárdala en privado.',
  privateLink: 'Enlace privado',
  code: 'Código',
  copyLink: 'Copiar enlace',
  copyCode: 'Copiar código',
  linkCopied: 'Enlace privado copiado.',
  codeCopied: 'Código copiado.',
  copyFailed: 'No se pudo copiar: selecciona el texto y cópialo tú.',
  saveOnDevice: 'Guardarla en este dispositivo',
  saveHint: 'Así, cualquiera que use este dispositivo podría usarla.',
  saveReplaces: 'Esto sustituye la clave que guardaste antes en este dispositivo.',
  done: 'Listo',
  useIntro:
    'Recupera una clave que guardaste, y esta pestaña vuelve a ser dueña de sus publicaciones: vuelven «(tuya)», Editar y Borrar.',
  fromLink:
    'Esta clave viene de un enlace privado. Usa solo una clave que hayas guardado tú: cualquier otra persona que la tenga puede editar o borrar lo que publiques con ella.',
  useSaved: 'Usar la clave guardada en este dispositivo',
  orPaste: 'O pega una clave que guardaste:',
  keyInput: 'Código o enlace privado',
  useThisKey: 'Usar esta clave',
  replacesCurrent: 'Se sustituirá la clave actual de esta pestaña.',
  currentHasPosts:
    'Se sustituirá la clave actual de esta pestaña, y tiene publicaciones: copia antes su código para poder volver a ellas.',
  currentCode: 'El código actual de esta pestaña',
  signedInNote:
    'Has iniciado sesión, así que esta pestaña publica con tu cuenta: la clave se usa cuando cierres sesión. Para pasar sus publicaciones a tu cuenta, usa Mis publicaciones.',
  restored: 'Clave privada recuperada: esta pestaña vuelve a ser dueña de sus publicaciones.',
  restoredSignedIn: 'Clave privada recuperada: esta pestaña la usará cuando cierres sesión.',
  sameKey: 'Esta pestaña ya usa esta clave.',
  storageRefused: 'Este navegador no deja que la página guarde una clave para esta pestaña.',
  keyEmpty: 'Pega el código o el enlace privado que guardaste.',
  keyMalformed:
    'Esto no es una clave privada: pega el código completo o el enlace privado que guardaste.',
  keyWeak:
    'Esta clave es demasiado simple para ser una clave privada: pega el código o el enlace privado que guardaste.',
  anonymousPosts: 'Publicaciones con la clave privada de esta pestaña',
  anonymousHint: '¿Publicaste en otra pestaña o en otro dispositivo? Recupera primero esa clave.',
  noAnonymousPosts: 'Todavía no hay publicaciones con esta clave.',
  replyTo: 'Respuesta a: {question}',
  claimHeading: 'Publicaciones anónimas',
  claimTitle: 'Pasar mis publicaciones anónimas a esta cuenta',
  claimIntro: '¿Publicaste sin cuenta? Pasa aquí esas publicaciones con su clave privada.',
  whichKey: '¿Qué clave privada?',
  tabKey: 'La clave de esta pestaña de antes de iniciar sesión',
  deviceKey: 'La clave guardada en este dispositivo',
  pastedKey: 'Otra clave: pega su código o su enlace privado',
  showPosts: 'Ver las publicaciones',
  back: 'Volver',
  willMove:
    '{total, plural, one {Se pasará esta publicación} other {Se pasarán estas publicaciones}}: {questions, plural, =0 {} one {1 pregunta} other {# preguntas}}{both, select, yes { y } other {}}{replies, plural, =0 {} one {1 respuesta} other {# respuestas}}.',
  claimMeaning:
    'Serán de tu cuenta: solo quienes operan este sitio pueden ver que las escribió ella, y nada más se mueve (los me gusta y reportes hechos con la clave se quedan como estaban).',
  claimNone: 'No se hizo ninguna publicación con esta clave.',
  postsToMove: 'Publicaciones que se pasarán',
  claimMore: 'Se pasarán más publicaciones que estas: todas las hechas con la clave.',
  move: '{n, plural, one {Pasar 1 publicación} other {Pasar # publicaciones}}',
  moving: 'Pasando…',
  moved:
    '{n, plural, one {Se pasó 1 publicación a tu cuenta.} other {Se pasaron # publicaciones a tu cuenta.}}',
  claimFailed: 'No se pudieron pasar las publicaciones. Inténtalo de nuevo.',
} satisfies CatalogueOf<typeof en>;
