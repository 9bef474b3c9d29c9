/**
 * The kinds of personal information a refusal names (PII_GUARD=block's, and a tag's), in
 * each language: a value put into a message that is itself translated. English keeps the
 * contract's words and list ("a, b and c"); Spanish and Arabic join theirs with
 * `Intl.ListFormat`, as each language writes a list.
 */
import { englishList, PII_KIND_NAMES, type PiiKind, TAG_PII_KIND_NAMES } from '@dating/contract';
import type { MessageLanguage } from '../accept-language.ts';
import type { MessageValue } from './catalogue.ts';

type KindNames = Readonly<Record<PiiKind, string>>;

/** In the blocked post's refusal, inside "(...)": the kinds alone, without articles. */
const POST: Readonly<Record<MessageLanguage, KindNames>> = {
  en: PII_KIND_NAMES,
  es: {
    phone: 'un número de teléfono',
    email: 'un correo electrónico',
    social: 'un usuario o enlace de redes sociales',
    address: 'una dirección postal',
    name: 'un nombre completo',
    national_id: 'un número de identificación',
    licence_plate: 'una matrícula',
    payment: 'un usuario o enlace de pago',
  },
  ar: {
    phone: 'رقم هاتف',
    email: 'عنوان بريد إلكتروني',
    social: 'اسم مستخدم أو رابط على وسائل التواصل الاجتماعي',
    address: 'عنوان سكن',
    name: 'اسم كامل',
    national_id: 'رقم هوية',
    licence_plate: 'رقم لوحة سيارة',
    payment: 'اسم مستخدم أو رابط للدفع',
  },
};

/** In a refused tag's: what the tag "looks like". */
const TAG: Readonly<Record<MessageLanguage, KindNames>> = {
  en: TAG_PII_KIND_NAMES,
  es: { ...POST.es, name: 'el nombre completo de una persona' },
  ar: { ...POST.ar, name: 'الاسم الكامل لشخص' },
};

const LISTS = {
  es: new Intl.ListFormat('es', { type: 'conjunction' }),
  ar: new Intl.ListFormat('ar', { type: 'conjunction' }),
} as const;

function kindList(names: Readonly<Record<MessageLanguage, KindNames>>, kinds: readonly PiiKind[]) {
  return (language: MessageLanguage): string => {
    const words = kinds.map((kind) => names[language][kind]);
    return language === 'en' ? englishList(words) : LISTS[language].format(words);
  };
}

/** The kinds a blocked post holds, as its refusal's `{kinds}`. */
export const postKinds = (kinds: readonly PiiKind[]): MessageValue => kindList(POST, kinds);
/** The kinds a refused tag looks like, as its refusal's `{kinds}`. */
export const tagKinds = (kinds: readonly PiiKind[]): MessageValue => kindList(TAG, kinds);
