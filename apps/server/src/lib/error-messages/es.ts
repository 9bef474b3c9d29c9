/**
 * The server's messages in Spanish, key for key the English catalogue's (`ERROR_MSG`): a
 * missing or an extra key fails the type check. Written for people who may be going through
 * something hard: plain, calm, "tú", and never blaming.
 */
import { CONTENT_LANGUAGES, type ErrorCatalogue, FEED_SORTS, LIMITS } from '@dating/contract';

export const ES = {
  notFound: 'No se ha encontrado.',
  required: 'Este campo es obligatorio.',
  alreadyLikedQuestionUser: 'Ya le has dado «me gusta» a esta pregunta.',
  alreadyLikedQuestionSession: 'Desde esta sesión ya se ha dado «me gusta» a esta pregunta.',
  alreadyLikedAnswerUser: 'Ya le has dado «me gusta» a esta respuesta.',
  alreadyLikedAnswerSession: 'Desde esta sesión ya se ha dado «me gusta» a esta respuesta.',
  badCredentials: 'No hay ninguna cuenta activa con esos datos.',
  notAuthenticated: 'No se han enviado las credenciales de acceso.',
  tokenInvalid: 'La sesión ya no es válida. Vuelve a iniciar sesión.',
  forbidden: 'No tienes permiso para hacer esto.',
  sessionInvalid: 'Hace falta un identificador de sesión anónima válido.',
  anonymousKeyOnly:
    'Una petición con sesión iniciada no lleva clave anónima: envía la clave en X-Session-Id sin el token de acceso.',
  usernameTaken: 'Ya existe una cuenta con ese nombre de usuario.',
  emailTaken: 'Ya existe una cuenta con ese correo electrónico.',
  passwordTooShort: `Esta contraseña es demasiado corta. Debe tener al menos ${LIMITS.passwordMin} caracteres.`,
  passwordTooLong: `Asegúrate de que este campo no tenga más de ${LIMITS.passwordMax} caracteres.`,
  passwordNumeric: 'Esta contraseña tiene solo números.',
  passwordLikeUsername: 'La contraseña se parece demasiado al nombre de usuario.',
  emailInvalid: 'Escribe un correo electrónico válido.',
  passwordIncorrect: 'La contraseña no es correcta.',
  usernameRecentlyDeleted: `Una cuenta con este nombre se borró hace menos de ${LIMITS.deletedNameDays} días: elige otro nombre o espera un poco.`,
  emailRecentlyDeleted: `Una cuenta con este correo se borró hace menos de ${LIMITS.deletedNameDays} días: usa otro correo o espera un poco.`,
  questionEmpty: 'La pregunta no puede estar vacía.',
  replyEmpty: 'La respuesta no puede estar vacía.',
  deletedPlaceholder: '[borrado]',
  serviceUnavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo.',
  databaseUnavailable: 'La base de datos no está disponible.',
  writeMayHaveBeenSaved:
    'El servicio no está disponible en este momento: puede que se haya guardado. Vuelve a intentarlo con la misma Idempotency-Key, o comprueba antes de enviarlo otra vez.',
  idempotencyKeyInvalid:
    'La Idempotency-Key debe tener de 8 a 128 caracteres entre letras, dígitos, guiones bajos y guiones.',
  idempotencyKeyReused:
    'Esta Idempotency-Key ya se usó para otra petición. Usa una clave nueva para cada petición nueva.',
  idempotencyInProgress:
    'Todavía se está procesando una petición con esta Idempotency-Key. Inténtalo de nuevo en un momento.',
  idempotencyResponseLost:
    'Una petición con esta Idempotency-Key se llevó a cabo, pero se perdió su respuesta. No se volverá a hacer.',
  alreadyReported: 'Ya has reportado esto.',
  reportAlreadyReviewed: 'Este reporte ya se ha revisado.',
  reportOwnContent: 'No puedes reportar tu propia publicación.',
  hiddenQuestion: 'Esta publicación está oculta mientras el equipo de moderación la revisa.',
  hiddenReply: 'Esta respuesta está oculta mientras el equipo de moderación la revisa.',
  powMissing:
    'Las publicaciones, respuestas, «me gusta» y reportes anónimos necesitan un desafío resuelto: pide uno en GET /api/challenge/, resuélvelo y envía la solución en la cabecera X-Altcha.',
  powInvalid: 'La solución del desafío no es válida: pide un desafío nuevo y vuelve a resolverlo.',
  powExpired: 'El desafío ha caducado: pide uno nuevo en GET /api/challenge/ y resuélvelo.',
  powReused: 'Este desafío ya se ha usado: resuelve uno nuevo para cada publicación.',
  tagIdInvalid: 'El id de una etiqueta es un número entero escrito con cifras, como 12.',
  replyTooDeep: `Las respuestas se pueden anidar como máximo ${LIMITS.replyDepth} niveles: responde más arriba en el hilo.`,
  cursorInvalid: 'El cursor no es válido.',
  sortInvalid: `El orden debe ser uno de estos: ${FEED_SORTS.join(', ')}.`,
  pushEndpointInvalid: 'El endpoint debe ser la URL https que dio el servicio push del navegador.',
  pushEndpointInsecure: 'El endpoint debe ser una URL https.',
  pushEndpointPort: 'El endpoint debe usar el puerto de https, el 443.',
  pushEndpointPrivate:
    'El host del endpoint debe llevar a internet, no a una dirección privada, local o reservada.',
  pushEndpointUnresolved: 'No se ha encontrado el host del endpoint.',
  pushP256dhInvalid:
    'keys.p256dh debe ser la clave pública P-256 del navegador: 65 bytes en base64url sin relleno.',
  pushAuthInvalid:
    'keys.auth debe ser el secreto de 16 bytes del navegador en base64url sin relleno.',
  pushSubscriptionsMax: `Puedes recibir avisos en ${LIMITS.pushSubscriptionsMax} dispositivos como máximo: desactívalos primero en alguno.`,
  helpfulLimit: `Puedes marcar como útiles ${LIMITS.helpfulPerQuestionMax} respuestas como máximo. Desmarca una primero.`,
  helpfulOwnReply: 'No puedes marcar como útil tu propia respuesta.',
  helpfulHidden: 'Esta respuesta está oculta mientras el equipo de moderación la revisa.',
  updateLimit: `Una pregunta puede tener como máximo ${LIMITS.updatesPerQuestionMax} novedades.`,
  updateEmpty: 'La novedad no puede estar vacía.',
  updateTooLong: `Asegúrate de que este campo no tenga más de ${LIMITS.updateTextMax} caracteres.`,
  ownQuestionsOnly: 'Solo puedes ver la lista de tus propias preguntas.',
  parentOtherQuestion: 'La respuesta a la que contestas debe ser de la misma pregunta.',
  parentDeleted: 'No puedes contestar a una respuesta borrada.',
  reportOneTarget: 'Reporta una sola cosa: una pregunta o una respuesta.',
  markReadOneOf:
    'Envía solo uno de estos: ids (una lista de ids de avisos), all: true, o question (el id de una pregunta).',
  followLimit: `Puedes seguir como máximo ${LIMITS.followsMax.toLocaleString('es')} preguntas a la vez: deja de seguir alguna para seguir esta.`,
  languageFilterInvalid: `El idioma debe ser all, o códigos de idioma separados por comas, cada uno de estos: ${CONTENT_LANGUAGES.join(', ')}.`,
  tagInvisibleOnly: 'Una etiqueta debe tener caracteres visibles.',
  tagsTooMany: `Una pregunta puede tener como máximo ${LIMITS.tagsPerQuestionMax} etiquetas.`,
  tagTooLong: `Las etiquetas pueden tener como máximo ${LIMITS.tagMax} caracteres.`,
  tagLookalike:
    'Una etiqueta debe escribirse en un solo alfabeto, sin letras que se hagan pasar por otras (una «а» cirílica o una «ɑ» en lugar de «a»).',
  tagPersonalInfo:
    'La etiqueta «{tag}» parece {kinds}. Las etiquetas son públicas: describe el tema, no a las personas.',
  sessionIdMalformed:
    'Un identificador de sesión anónima debe ser un UUID v4 o tener de 22 a 128 caracteres entre A-Z, a-z, 0-9, _ y -.',
  sessionIdWeak:
    'Este identificador de sesión anónima no es lo bastante aleatorio: crea uno nuevo (por ejemplo, con crypto.randomUUID()).',
  silenced: 'No puedes publicar hasta el {until}: {reason}',
  silenceOneTarget: 'Indica una sola cosa: una pregunta, una respuesta o un usuario.',
  silenceNoAuthor: 'Ya no se puede silenciar a quien escribió esta publicación.',
  silenceStaff:
    'No se puede silenciar a administradores ni a moderadores; un administrador puede quitarle el rol a un moderador.',
  silenceReasonBlank: 'Explica el motivo en pocas palabras.',
  usernameInvalid: 'Escribe un nombre de usuario válido.',
  watchedWordBlocked:
    'Esta publicación contiene una palabra o un enlace que no se permite aquí. (Regla {rule}.)',
  watchedWordDuplicate: 'Esta palabra ya está vigilada.',
  notACrisisFlag: 'Solo se puede confirmar un aviso de crisis.',
  noPendingReports: 'Esta publicación no tiene reportes pendientes.',
  personalInfoBlocked:
    'Parece que esto contiene datos personales ({kinds}). Quítalos (o cámbialos por [removed]) para publicar: aquí no se permiten datos personales.',
  textMalformed: 'El texto no puede contener caracteres NUL ni Unicode no válido.',
  eventStreamsMax:
    'Hay demasiados canales de eventos abiertos: cierra uno o inténtalo de nuevo más tarde.',
  throttled:
    'Se han enviado demasiadas peticiones. Podrás volver a intentarlo en {seconds} segundos.',
  urlMalformed: 'La URL no es válida.',
  internalError: 'Error interno del servidor.',
  invalidBody: 'El cuerpo de la petición no es válido.',
  invalidQuerystring: 'Los parámetros de la URL no son válidos.',
  invalidHeaders: 'Las cabeceras no son válidas.',
  invalidRequest: 'La petición no es válida.',
  mustBeInteger: 'Debe ser un número entero.',
  mustBeList: 'Debe ser una lista.',
  mustBeType: 'Debe ser de tipo {type}.',
  notAChoice: 'No es una opción válida. Elige una de estas: {choices}.',
  tooLong: 'Asegúrate de que este campo no tenga más de {limit} caracteres.',
  tooShort: 'Asegúrate de que este campo tenga al menos {limit} caracteres.',
  tooManyItems: 'Asegúrate de que esta lista no tenga más de {limit} elementos.',
  tooLarge: 'Asegúrate de que este valor sea menor o igual que {limit}.',
  tooSmall: 'Asegúrate de que este valor sea mayor o igual que {limit}.',
  invalidFormat: 'Este valor no tiene un formato válido.',
  singleValue: 'Indica este parámetro una sola vez, con un solo valor.',
  invalidValue: 'Valor no válido.',
  badRequest: 'No se ha podido entender la petición.',
  conflict: 'La petición choca con el estado actual de este elemento.',
  methodNotAllowed: 'Este método no se permite aquí.',
  bodyTooLarge: 'El cuerpo de la petición supera el tamaño máximo.',
  unsupportedMediaType: 'El cuerpo de la petición debe ser JSON.',
  unprocessable: 'No se ha podido llevar a cabo la petición.',
  tooManyRequests: 'Demasiadas peticiones: espera un momento y vuelve a intentarlo.',
  requestFailed: 'La petición ha fallado.',
  // The validators' own refusals and a list's lower bound.
  usernameLength: `El nombre de usuario debe tener de ${LIMITS.usernameMin} a ${LIMITS.usernameMax} caracteres.`,
  usernameAlphabet:
    'El nombre de usuario solo puede tener letras de la A a la Z, dígitos y los caracteres @ . + - _.',
  passwordsMismatch: 'Las contraseñas no coinciden.',
  countryUnknown: 'El país debe ser uno de estos: {countries}.',
  watchedWordEmpty: 'Una palabra vigilada debe tener al menos una letra o un dígito.',
  watchedPhraseTooLong: 'Una frase vigilada puede tener como máximo {max} palabras.',
  tooFewItems: 'Asegúrate de que esta lista tenga al menos {limit} elementos.',
} as const satisfies ErrorCatalogue;
