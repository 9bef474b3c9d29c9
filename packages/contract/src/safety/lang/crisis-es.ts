/**
 * The crisis check in Spanish (issue 40, item 6): the same categories as the English check
 * (crisis.ts), read by rules over a normalised text. crisis.ts runs it on every text beside
 * the English layers (no language is detected: a post may mix both), so its words are
 * Spanish-only stems that English prose does not contain.
 *
 * Why rules and not the English method (wink lemmas and a learnt layer): wink's model is
 * English, and the Spanish corpus (736 sentences) is too small to train a classifier that
 * generalises. Spanish inflection is handled by stems matched as word prefixes ("peg" finds
 * "pegó", "pegaba", "pegarme"), accents, repeated letters and SMS spellings are normalised
 * away ("q", "xq", "tb", "tngo"), a negation right before a verb ("no me pega") cancels it,
 * and ages are read as numbers ("tengo 14", "un chico de 25", "en 2º de la ESO").
 * Tuned on the development part of `corpus/crisis-es.json` only (see docs/architecture.md).
 */
import { CRISIS_CATEGORIES, type CrisisCategory } from '../../enums.ts';

/** SMS spellings and their words (whole words only). */
const ABBREVIATIONS: Record<string, string> = {
  q: 'que',
  k: 'que',
  xq: 'porque',
  pq: 'porque',
  porq: 'porque',
  tb: 'tambien',
  tmb: 'tambien',
  tbn: 'tambien',
  tngo: 'tengo',
  tng: 'tengo',
  toy: 'estoy',
  d: 'de',
  x: 'por',
  msj: 'mensaje',
  msjs: 'mensajes',
  cel: 'celular',
  celu: 'celular',
  dsp: 'despues',
  dps: 'despues',
  nd: 'nada',
  bn: 'bien',
  aki: 'aqui',
  kiero: 'quiero',
  kiere: 'quiere',
};

/**
 * Lower case without accents (ñ reads n), letters repeated three times or more written once
 * ("nooo" reads "no"), every run of other characters one space, SMS spellings written out;
 * padded with a space at each end so that a rule can match whole words.
 */
export function normalizeEs(text: string): string {
  const words = text
    // Ordinals first: NFKD would make "2º" read "2o".
    .replace(/(\d)\s*[ºª°]/g, '$1 ')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/([a-z])\1{2,}/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => ABBREVIATIONS[word] ?? word);
  return ` ${words.join(' ')} `;
}

/** Number words up to 40, for ages written out ("tengo quince"). */
const NUMBER_WORDS: Record<string, number> = /*#__PURE__*/ Object.fromEntries(
  (
    'cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince ' +
    'dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintidos veintitres veinticuatro ' +
    'veinticinco veintiseis veintisiete veintiocho veintinueve treinta'
  )
    .split(' ')
    .map((word, i) => [word, i]),
);

// ---- Building blocks --------------------------------------------------------------------

/** Words starting with any of the stems (space-separated), as one group. */
const w = (stems: string) => `(?:${stems.trim().split(/\s+/).join('|')})[a-z]*`;
/** Exactly one of the words (space-separated). */
const x = (words: string) => `(?:${words.trim().split(/\s+/).join('|')})`;
/** Up to n words in between (inside re(), it takes the place of the space before the next part). */
const gap = (n: number) => `(?: [a-z0-9#]+){0,${n}}`;
const isGap = (part: string) => part.startsWith('(?: [a-z0-9#]+){0,');
/** A pattern of whole words (the text is padded with spaces), one part a word. */
const re = (...parts: string[]) =>
  new RegExp(`${parts.map((part) => (isGap(part) ? part : ` ${part}`)).join('')}(?= )`);
/** Either of two orders of a and b, up to n words apart. */
const near = (a: string, b: string, n: number) =>
  new RegExp(` (?:${a}${gap(n)} ${b}|${b}${gap(n)} ${a})(?= )`);

const SELF = x('me se te nos');
/** Leaving, ending it, going, reporting: what a threat is made against. */
const LEAVING = `${x('si cuando')}${gap(2)} (?:${w('dej termin vay voy separ denunci acab')}|vas)`;
/** A wish to die ("me quiero morir"); "morir de risa" is blanked before the rules run. */
const DEATH_WISH = x('morir morirme muriera muera');
/** "Vivir" as in living somewhere or with someone ("no quiero vivir con él"), not being alive. */
const LIVING = `${x('vivir')}(?! (?:con|juntos|juntas|en|sola|solo|ahi|alli|aqui|lejos|cerca|de|asi|sin) )`;

type Rule = RegExp | ((t: string) => boolean);

/** A dose for a day or an ailment ("al día", "cada 8 horas", "para el dolor de muela"). */
const DOSE = new RegExp(
  ` (?:${x('al por')} dia(?! siguiente)|cada [a-z0-9]+ horas|para ${x('el la')} ${x('dolor fiebre cabeza muela regla resaca gripe')})(?= )`,
);

const SELF_HARM: Rule[] = [
  re(
    x(
      'suicidio suicidios suicidarme suicidarse suicidarte suicidar suicida suicidas suicido suicidaria suicidado suicidara',
    ),
  ),
  re(w('autoles')),
  re(x('quitarme quitarse quitarte quitar quite quito quitarle'), x('la'), x('vida')),
  re(x('acabar terminar acabo termino'), x('con'), x('mi su tu'), x('vida')),
  re(x('acabar acabe acabo'), x('con'), `todo(?! (?:esto|eso|lo|el|la|los|las) )`),
  re(x('matarme matarse matarte')),
  // Reflexive: "me voy a matar" (I), "se quiere matar" (they); "me va a matar" is someone else.
  re(x('me'), x('quiero queria voy iba pienso'), gap(1), x('matar suicidar morir')),
  re(x('se'), x('quiere queria va iba piensa'), gap(1), x('matar suicidar')),
  re(x('quiero quiere queria'), `${x('morir morirme')}(?! (?:de|por) )`),
  re(
    x('intente intento intentado'),
    x('matarme matarse quitarme quitarse suicidarme suicidarse suicidar'),
  ),
  re(x('ojala si'), x('me'), x('muriera muera')),
  re(x('no'), x('quiero quiere'), LIVING),
  re(x('no'), x('quiero quiere'), x('seguir estar'), gap(2), x('vivo viva viviendo aqui aca')),
  re(x('dejar'), x('de'), `(?:existir|${LIVING})`),
  re(w('cansad hart'), x('de'), `(?:existir|${LIVING})`),
  re(w('cansad hart'), x('de'), x('la'), x('vida')),
  re(x('desaparecer'), x('para'), x('siempre')),
  re(x('que'), x('se'), x('acabe termine'), x('todo')),
  re(x('sentido'), gap(2), x('seguir vivir estar'), gap(1), x('viva vivo vivir viviendo')),
  re(x('todos mundo familia hijos'), gap(2), x('mejor mejores'), x('sin'), x('mi')),
  re(x('nadie'), x('me'), w('extran echaria')),
  near(x('dormir dormirme'), 'no despertar', 2),
  re(x('no'), `${x('despertar despertarme')}(?! (?:a|al|los|las) )`),
  re(
    w('tirarme tirarse saltar lanzarme'),
    gap(3),
    w('puente vias balcon ventana tren azotea edificio'),
  ),
  re(x('ahorcarme ahorcarse ahorcarte')),
  re(x('carta nota'), x('de'), `despedida(?! (?:a|para) )`),
  re(x('escribi hice hago escribo'), gap(1), x('testamento')),
  re(x('quitarme quitarse'), x('de'), x('en'), x('medio')),
  re(x('no'), x('le'), x('veo'), x('salida')),
  re(x('cuchilla cuchillas')),
  re(x('punado frasco blister todas sobredosis guardando'), gap(2), w('pastill pildor')),
  // "How many pills": a dose asked for a day or a pain is not a lethal amount.
  (t) => re(x('cuantas'), gap(2), w('pastill pildor')).test(t) && !DOSE.test(t),
  re(w('sobredosis')),
  // Burns with a lighter or a cigarette, not the sun ("me volví a quemar en la playa").
  re(
    `(?:me ${x('quemo quemaba queme')}|${x('volvi volvio vuelvo')} a ${x('quemar quemarme quemarse')})`,
    x('con'),
    gap(1),
    w('encendedor mechero cigarr plancha'),
  ),
  re(SELF, gap(1), w('rasgun arano golpeo'), gap(8), w('sangr')),
  re(SELF, gap(2), w('cort'), gap(1), w('brazo pierna muneca muslo piel')),
  re(x('volvi volvio vuelvo'), x('a'), x('cortar cortarme cortarse hacerme')),
  re(x('dejar'), x('de'), x('cortarme cortarse')),
  re(SELF, w('cort'), x('otra'), x('vez')),
  re(x('me se'), x('he ha'), x('cortado')),
  re(x('me'), x('hago hice'), x('dano')),
  re(x('hacerme hacerse'), w('sangr')),
  re(x('si'), x('me'), x('deja dejas'), x('me'), x('mato')),
  re(x('no'), x('pienso'), x('estar seguir'), x('aqui')),
  re(x('no'), x('doy puedo'), x('mas'), gap(4), DEATH_WISH),
  re(x('no'), x('puedo'), x('mas'), x('con'), x('la'), x('vida')),
];

/** "Me pegó la gripe / un susto", "se me pegó la canción": pegar that is not a blow. */
const PEGAR_FIGURE = re(
  w('peg'),
  x('la el un una'),
  w('gripe susto resfri virus cancion chicle onda grito cagazo'),
);
/** "La canción que me dedicó me pegó fuerte": a song or a film that moved one. */
const MEDIA_PEGAR = new RegExp(
  ` ${x('cancion pelicula peli serie noticia libro frase carta tema video final')}${gap(4)} ${x('me nos')} ${w('peg')}`,
);
/**
 * Verbs of a blow, as stems after a pronoun ("me pegó", "la golpeaba"). "Empujar" and
 * "arrastrar" followed by "a" are figures ("me empuja a ser mejor", "me arrastró a la fiesta").
 */
const HIT = `(?:${w('peg golpe golpi bofet cachet punetaz patad patea ahorc estrangul zarande sacud maltrat madreo madrear madreaba agred escup')}|${w('empuj arrastr')}(?! (?:a|al|hasta) ))`;

const PARTNER_ABUSE: Rule[] = [
  (t) => {
    const m = new RegExp(` ${x('me te le la lo nos')} (?:${x('ha han habia')} )?${HIT}`).exec(t);
    if (!m) return false;
    if (PEGAR_FIGURE.test(t) || / se me peg/.test(t) || MEDIA_PEGAR.test(t)) return false;
    // "Me empujó sin querer": an accident, not a blow.
    if (/^ (?:[a-z]+ )?(?:sin querer|por accidente) /.test(t.slice(m.index + m[0].length))) {
      return false;
    }
    // "no me pega": negated right before the verb.
    return !/ (?:no|nunca|jamas) $/.test(t.slice(0, m.index + 1));
  },
  re(w('pegarme golpearme maltratarme agredirme pegarle golpearla pegandome')),
  re(
    x('me le'),
    x('dio daba da'),
    gap(1),
    w('punetaz patad bofet cachet golpe paliza trompad empujon'),
  ),
  re(x('paliza golpiza')),
  re(w('tiro jalo jala tira'), x('del'), x('pelo')),
  re(x('me'), w('agarr'), x('del'), x('cuello')),
  re(x('ojo'), x('morado')),
  re(
    x('me le'),
    gap(2),
    x('roto rompio'),
    gap(2),
    x('costillas costilla nariz brazo diente dientes'),
  ),
  re(x('a'), x('golpes trompadas patadas punetazos putazos chingadazos')),
  re(x('me'), x('abrio'), x('la'), x('ceja')),
  re(x('lanzo tiro tira'), gap(2), x('vaso plato cosas botella'), gap(2), x('cabeza')),
  re(x('me'), x('tira tiro tiraba lanza'), x('cosas')),
  re(w('amenaz'), x('con'), gap(1), w('cuchill navaja arma pistola matar desfigur')),
  re(w('amenaz'), x('con'), x('que')),
  re(
    LEAVING,
    gap(4),
    `(?:me )?(?:${x('va vas')} a )?(?:${x('mata mato matare matar matarme desfigurar desfigurarme quemar rajo rajar parto')}|hacer(?:me)? dano|${x('buscar busco buscare')} y)`,
  ),
  re(x('miedo'), gap(3), x('haga pueda'), gap(1), x('dano hacer')),
  re(x('miedo'), x('de'), x('dejarlo dejarla')),
  re(x('se'), x('escuchan oyen'), x('golpes')),
  re(x('me'), x('va'), x('a'), x('buscar'), x('y'), x('me'), x('va'), x('a'), x('matar')),
];

const SEXUAL_COERCION: Rule[] = [
  re(x('violo violaron violacion violaba violada violado violarme')),
  re(x('abuso abusaron abusado abusar abusa abusaba'), x('de')),
  re(
    x(
      'obliga obligo obligaba obligaron obligan obligarme obligarla forzo forzaba forzaron forzarme',
    ),
    gap(3),
    w('relacion sexo acostar chupar porno cama'),
  ),
  re(x('me la lo'), x('forzo forzaron forzaba')),
  re(x('a'), x('la'), x('fuerza')),
  re(x('sin'), x('mi su'), x('consentimiento')),
  re(
    x('dije pedi'),
    gap(2),
    x('no parara'),
    gap(6),
    x('siguio igual forzo insistio continuo paro'),
  ),
  re(x('no'), x('pude'), x('decir'), x('que'), x('no')),
  re(x('demasiado'), x('borracha borracho ebria ebrio'), x('para')),
  re(x('no'), x('estaba'), x('en'), x('condiciones')),
  near(x('dormida dormido dormia inconsciente'), w('empez siguio toca abus'), 4),
  near(x('desperte'), w('tocando toca abus encima'), 4),
  re(x('me la lo nos'), x('drogaron drogo')),
  re(x('me le'), x('puso echo'), x('algo'), x('en'), x('la mi'), x('bebida trago copa')),
  re(x('quito quitaba saco sacaba'), x('el'), x('condon')),
  near(x('fotos foto video videos nudes packs pack'), w('amenaz chantaj publi exige exigio'), 6),
  // Sextortion: intimate pictures spread unless more are sent.
  near(
    x('fotos foto video videos nudes packs pack'),
    `${x('sube subir subira pasa pasar difunde difundir muestra mostrar manda mandar')}${gap(4)} si no`,
    8,
  ),
  re(x('insistio insiste'), x('tanto')),
  re(x('insiste insistio insistia'), gap(2), x('hasta'), x('que'), x('cedo ceda cedi')),
  re(x('si'), x('no'), x('me te se'), gap(1), w('acuest chup')),
  re(w('presion'), gap(2), x('sexo relaciones acostarme')),
  re(x('me la le'), x('toco tocaba toca'), x('sin')),
  re(x('metio'), x('mano')),
  re(x('no'), x('queria'), gap(1), x('solo'), gap(2), x('quieta')),
  re(x('me'), x('emborracho')),
  re(x('me'), x('siguio'), x('tocando')),
  re(x('me'), x('sujeto sujetaba'), gap(1), x('manos brazos')),
  re(x('hice'), x('llorando')),
  re(
    x('entra entraba entro'),
    x('a en'),
    x('mi'),
    x('cuarto habitacion pieza cama'),
    gap(6),
    x('me'),
    x('toca tocaba toco'),
  ),
];

const THREAT = new RegExp(`${w('amenaz')}| ${LEAVING}| no ${x('los las lo la')} ${x('voy vas')} a`);

const COERCIVE_CONTROL: Rule[] = [
  re(
    x('me le'),
    x('revisa revisaba'),
    gap(1),
    x('celular telefono movil mensajes whatsapp correo redes historial ticket cuenta'),
  ),
  re(x('lee leia leyo'), gap(2), x('mis los'), x('mensajes whatsapp correos chats')),
  re(
    x('no'),
    x('me la le lo'),
    x('deja dejaba'),
    x('ver salir trabajar estudiar tener llamar hablar usar'),
  ),
  re(x('me le la'), x('prohibe prohibio prohibia')),
  re(x('tiene tengo'), x('prohibido')),
  re(x('me le la'), x('controla controlaba')),
  re(x('controla controlaba'), gap(1), x('dinero plata sueldo cuenta celular')),
  re(x('controla controlaba'), x('lo'), x('que'), x('hago me como gasto digo visto')),
  re(
    x('me le'),
    x('quita quito saca sacaba'),
    gap(1),
    x('sueldo dinero plata tarjeta celular pasaporte'),
  ),
  re(x('se'), x('queda'), x('con'), x('mi'), x('tarjeta sueldo dinero')),
  re(x('no'), x('tengo'), x('acceso'), x('a'), x('mi')),
  re(x('no'), x('me'), x('da'), x('acceso')),
  re(x('paga'), x('semanal')),
  re(x('pedirle'), x('permiso dinero plata')),
  re(x('escondio esconde'), gap(1), x('pasaporte documentos dni llaves')),
  // Children: a threat to take them, not a weekend with their father.
  (t) =>
    near(w('quitar quedar llevar'), w('hijo nino nina custodia hija'), 4).test(t) && THREAT.test(t),
  near(w('amenaz'), LEAVING, 10),
  re(x('se'), x('va'), x('a'), x('matar suicidar tirar'), gap(3), x('si')),
  re(LEAVING, gap(2), x('se'), x('tira mata suicida corta')),
  re(w('amenaz'), x('con'), x('suicidarse matarse tirarse suicidarme')),
  re(x('me'), x('dice'), x('que'), x('se'), x('va'), x('a'), x('hacer'), x('dano')),
  re(x('me'), x('cambio'), x('las'), w('contrasen clave')),
  re(x('obliga obligo obligaba obligaron obligan'), gap(4), w('contrasen clave ubicacion fotos')),
  re(w('ubicacion'), gap(6), x('se'), x('enoja enojaba enfada pone')),
  re(x('me'), x('aislo aisla aislado')),
  re(x('sin'), x('que'), gap(3), x('pida pide'), gap(2), x('foto fotos ubicacion permiso')),
  re(x('me'), x('castiga castigaba'), x('sin')),
  re(x('mi'), x('lugar'), x('es'), x('la'), x('casa cocina')),
  re(x('tengo'), x('que'), x('mandarle'), gap(2), x('ubicacion')),
];

const STALKING: Rule[] = [
  re(x('me la lo'), x('sigue seguia persigue perseguia'), x('a hasta por desde')),
  re(x('me la lo'), `${x('persigue perseguia')}(?! la mala)`),
  re(x('me la lo'), x('esta estan'), x('siguiendo')),
  re(x('deja'), x('de'), x('seguirme')),
  re(x('cuentas perfiles'), x('falsos falsas nuevas')),
  re(w('rastre localizador')),
  re(x('gps airtag airtags'), x('en')),
  re(x('espia espian espiaba espiando espiarme espio')),
  // Watching is also what a mother-in-law does at the stove: watched is stalking when it is
  // of the phone, the messages, where one goes, or all the time.
  near(
    x('vigila vigilaba vigilan vigilarme vigilando vigilandome'),
    x(
      'celular telefono movil redes mensajes chats whatsapp ubicacion todo todas siempre casa calle salgo entro voy coche carro auto portal frente afuera fuera ventana',
    ),
    6,
  ),
  re(x('numeros'), x('ocultos')),
  re(x('se'), x('aparece')),
  re(
    x('presenta presento aparece aparecio'),
    x('en'),
    gap(3),
    x('mi'),
    x('casa trabajo laburo facultad oficina puerta escuela universidad'),
  ),
  re(x('notas nota cartas carta regalos'), gap(2), x('buzon puerta parabrisas')),
  // Waiting at the way out, unless to go somewhere together ("para ir a cenar").
  re(
    w('esper'),
    x('a'),
    x('la'),
    `salida(?!${gap(6)} para ${x('ir cenar comer llevarme acompanarme volver')})`,
  ),
  // A stranger who follows one in the street, not one who follows on a social network.
  re(
    x('alguien tipo hombre senor desconocido desconocida'),
    gap(2),
    x('que'),
    x('me'),
    `${x('sigue seguia persigue perseguia')}(?! ${x('en por')} ${x('instagram insta ig tiktok twitter redes face facebook youtube twitch')} )`,
  ),
  re(x('aparece aparecio aparecia'), gap(2), x('todos todas'), x('lados partes')),
  re(x('aparece aparecio aparecia'), gap(3), x('donde'), x('estoy voy este vaya')),
  // Someone told no who keeps coming: "no acepta que no quiero verlo y me espera".
  (t) =>
    re(x('no'), x('acepta acepto aceptaba'), x('que'), gap(1), w('no termin dej cort')).test(t) &&
    re(x('me'), w('esper aparec sigu persig busc llam escrib')).test(t),
  re(x('aunque'), x('lo la le'), w('bloque')),
  // "Me sigue teniendo agregada": seguir with a gerund is carrying on, not following; "da
  // igual" is not "igual me escribe".
  near(w('bloque'), `(?:sigue(?! [a-z]+(?:ando|iendo|yendo) )|(?<!da )igual|desde|nuevas)`, 8),
  re(x('espera esperando esperaba'), gap(1), x('afuera fuera frente'), x('de a'), x('mi')),
  re(x('orden'), x('de'), x('alejamiento')),
  re(x('acosa acoso acosan acosaba acosando acosador acosadora acosar acosarme acosada acosado')),
  near(x('ubicacion celular telefono movil correo'), 'sin que yo', 8),
  re(x('me'), x('tiene'), x('hackeado')),
  re(x('timbre'), x('de'), x('madrugada')),
  re(x('sabe'), x('a'), x('que'), x('hora'), x('salgo llego entro')),
  re(x('sabe'), x('donde'), x('vivo')),
  re(x('encontro'), x('mi'), x('direccion')),
  re(x('mismo'), x('coche carro auto'), x('en'), x('todas')),
  re(x('me'), x('deje'), x('en'), x('paz')),
];

// ---- Minors and adults ---------------------------------------------------------------------

const NUMBER = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
/** After an age: a gap or a duration, not an age ("14 años más", "hace 15 años"). */
const NOT_AGE_AFTER = new RegExp(
  `^ (?:anos? )?(?:${x('mas mayor menor menos juntos casados casada casado de')})\\b`,
);
type Who = 'writer' | 'relative' | 'other';
/** The writer's age: "tengo 14", "soy de 13 años", "yo 15", "cuando tenía 14". */
const WRITER_AGE = new RegExp(
  ` (?:tengo|tenia|soy de|yo tengo|yo|cumpli) ${NUMBER}(?: anos)?(?= )`,
  'g',
);
/** A relative's age ("mi hija de 12"): with the writer's own age, a parent, not a couple. */
const RELATIVE_AGE = new RegExp(
  ` (?:${w('hij sobrin niet herman prim')}) (?:(?:de|tiene|tenia) )?${NUMBER}(?: anos)?(?= )`,
  'g',
);
/** A friend of a relative ("un amigo de mi papá de 35"): the age that follows is the friend's. */
const FRIEND_OF = `${x('amigo amiga companero companera jefe jefa socio socia')} de mi [a-z]+`;
/** Someone's age: "un chico de 25", "mi novio tiene 22", "mi novio 19", "el de 26". */
const OTHER_AGE = new RegExp(
  ` (?:${w('chic chav hombre senor tipo novi mujer')}|${x('man adulto adulta uno una alguien amigo amiga youtuber vato chabon pibe piba')}|el|ella|${FRIEND_OF}) (?:(?:de|tiene|tenia) )?${NUMBER}(?: anos)?(?= )`,
  'g',
);
const numberOf = (word: string) => NUMBER_WORDS[word] ?? Number(word);

function ages(t: string, pattern: RegExp, who: Who): { age: number; who: Who }[] {
  const found: { age: number; who: Who }[] = [];
  for (const m of t.matchAll(pattern)) {
    if (NOT_AGE_AFTER.test(t.slice(m.index + m[0].length))) continue;
    const age = numberOf(m[1] ?? '');
    if (age >= 6 && age <= 90) found.push({ age, who });
  }
  return found;
}

/** The ages a text gives, and whose (exported for the unit tests). */
export function agesEs(text: string): { age: number; who: Who }[] {
  const t = normalizeEs(text);
  return [
    ...ages(t, WRITER_AGE, 'writer'),
    ...ages(t, RELATIVE_AGE, 'relative'),
    ...ages(t, OTHER_AGE, 'other'),
  ];
}

/** School years that mean a minor ("en 2 de la eso", "secundaria", "prepa", "octavo grado"). */
const SCHOOL = re(
  `(?:${x('eso secundaria prepa primaria bachillerato bachi colegio liceo')}|(?:${x('sexto septimo octavo noveno')} ${x('grado')})|(?:\\d{1,2} ${x('grado')}))`,
);
const ADULT = re(
  `(?:${x('hombre senor adulto adulta mujer tipo')} ${x('mayor adulta adulto')}|${x('un una')} ${x('adulto adulta')})`,
);
const AUTHORITY = new RegExp(
  ` ${x('mi el la un una')} ${w('profe maestr entrenador tutor monitor catequista instructor')}`,
);
/** An adult named as such, or a stepfather ("un señor de la iglesia", "mi padrastro"). */
const ADULT_FIGURE = new RegExp(
  ` (?:${x('un una el la')} ${x('senor senora hombre tipo adulto adulta')}|${x('mi su el')} ${x('padrastro')})(?= )`,
);
/** Words of intimacy or secrecy that a teacher or coach has no reason to use with a pupil. */
const INTIMACY = new RegExp(
  ` (?:${w('bes')}|secreto|especial|favorita|favorito|me ${x('quiere ama toca tocaba')}|te ${x('quiero amo')}|le gusto|no (?:${x('le les nos me')} )?${x('cuente cuentes diga digas')}|${x('borre borres borrar borra')} ${x('los las el la')} ${x('chats chat mensajes conversacion conversaciones')}|${x('invita invito')} a ${x('salir su')})(?= )`,
);
/** Weaker words, enough when the writer is a minor ("un profe me escribe", "me manda fotos"). */
const CONTACT = new RegExp(
  ` (?:me ${x('escribe escribia manda mandaba')}|mensajes|fotos|me gusta)(?= )`,
);

function minorWithAdult(t: string): boolean {
  const all = [
    ...ages(t, WRITER_AGE, 'writer'),
    ...ages(t, RELATIVE_AGE, 'relative'),
    ...ages(t, OTHER_AGE, 'other'),
  ];
  const minors = all.filter((a) => a.age < 18);
  const adults = all.filter((a) => a.age >= 18 && a.who !== 'relative');
  const couple = (m: { who: Who }, a: { who: Who }) =>
    !(m.who === 'relative' && a.who === 'writer');
  if (minors.some((m) => adults.some((a) => a.age - m.age >= 3 && couple(m, a)))) return true;
  const minor = minors.some((m) => m.who !== 'relative') || SCHOOL.test(t);
  if (minor && minors.length === 0 && adults.some((a) => a.who === 'other')) return true;
  if (minor && ADULT.test(t)) return true;
  if (minor && re(x('la'), x('edad'), x('es'), x('solo')).test(t)) return true;
  // An adult without an age, and intimacy or secrecy with a child, even the writer's own.
  if (minors.length > 0 && ADULT_FIGURE.test(t) && INTIMACY.test(t)) return true;
  if (!AUTHORITY.test(t)) return false;
  return INTIMACY.test(t) || (minor && CONTACT.test(t));
}

const matches = (rules: Rule[], t: string) =>
  rules.some((rule) => (typeof rule === 'function' ? rule(t) : rule.test(t)));

const LAUGHTER = / (?:ja(?:ja)+|je(?:je)+|xd)[a-z]*(?= )/;
/**
 * A frame of consent ("yo se lo pedí", "los dos lo decidimos", a safe word): control,
 * coercion and blows are then taken as agreed (as CONSENSUAL does in English). "Le pedí que
 * parara" is the opposite: a refusal.
 */
const CONSENT = new RegExp(
  ` (?:yo se lo pedi|se lo pedi yo|le pedi que(?! (?:parara|parase|pare|no|se detuviera|se detenga|me soltara|me dejara) )|los dos lo ${x('decidimos queremos quisimos')}|${x('por de')} ${x('decision mutuo comun')} ${x('de acuerdo')}|palabra de seguridad)(?= )`,
);
/**
 * Suicide as the subject of a film, a book, a talk or prevention work ("vimos un documental
 * sobre el suicidio"): blanked, as a topic is not a thought of one's own.
 */
const TOPIC = new RegExp(
  ` (?:${w('document peli serie libro charla articulo noticia taller curso podcast')}|prevencion|tema)${gap(2)} ${x('sobre de del')} (?:el )?suicidio(?= )`,
  'g',
);
/** Figures of speech blanked before the rules ("me muero de risa", "mi mamá me va a matar"). */
const FIGURES = new RegExp(
  ` (?:${x('muero muere morir mori muerta muerto mata mato')} ${x('de por')}|mi ${x('mama papa madre padre jefe jefa')} me va a matar)(?= )`,
  'g',
);

/** A pet that follows one round the house ("mi perro no deja de seguirme", "me persigue"): not a person. */
const PET_FOLLOWING = new RegExp(
  ` mi ${x('perro perra perrito perrita gato gata gatito gatita mascota cachorro')}${gap(3)} ${x('sigue seguirme siguiendo persigue perseguirme persiguiendo')}(?= )`,
  'g',
);

/** The Spanish crisis categories of a text, in the order of `CRISIS_CATEGORIES`. */
export function crisisCategoriesEs(text: string): CrisisCategory[] {
  let t = normalizeEs(text)
    .replace(FIGURES, ' # ')
    .replace(PET_FOLLOWING, ' # ')
    .replace(TOPIC, ' # ');
  // "Me quiero morir jajaja": laughter makes a wish to die a figure of speech.
  if (LAUGHTER.test(t)) t = t.replace(/ (?:morir|morirme|muriera|muera)(?= )/g, ' #');
  const consent = CONSENT.test(t);
  const found: Record<CrisisCategory, boolean> = {
    self_harm: matches(SELF_HARM, t),
    partner_abuse: !consent && matches(PARTNER_ABUSE, t),
    sexual_coercion: !consent && matches(SEXUAL_COERCION, t),
    coercive_control: !consent && matches(COERCIVE_CONTROL, t),
    stalking: matches(STALKING, t),
    minor_with_adult: minorWithAdult(t),
  };
  return CRISIS_CATEGORIES.filter((category) => found[category]);
}
