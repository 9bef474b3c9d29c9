/**
 * Taking one's data along or down, in Arabic (en.ts is the source): plain Modern Standard
 * Arabic, gentle. The counts take Arabic's six plural forms, listed after a colon so that
 * each stands in the nominative.
 */
import type { CatalogueOf } from '../catalogue.ts';
import type en from './en.ts';

export default {
  counts:
    '{questions, plural, zero {لا أسئلة} one {سؤال واحد} two {سؤالان} few {# أسئلة} many {# سؤالًا} other {# سؤال}}، و{answers, plural, zero {لا ردود} one {ردّ واحد} two {ردّان} few {# ردود} many {# ردًّا} other {# ردّ}}، و{updates, plural, zero {لا تحديثات} one {تحديث واحد} two {تحديثان} few {# تحديثات} many {# تحديثًا} other {# تحديث}}، و{follows, plural, zero {لا متابعات} one {متابعة واحدة} two {متابعتان} few {# متابعات} many {# متابعة} other {# متابعة}}، و{notifications, plural, zero {لا إشعارات} one {إشعار واحد} two {إشعاران} few {# إشعارات} many {# إشعارًا} other {# إشعار}}، و{devices, plural, zero {لا أجهزة} one {جهاز واحد} two {جهازان} few {# أجهزة} many {# جهازًا} other {# جهاز}}',
  yourData: 'بياناتك',
  downloadIntro: 'كل ما يحفظه هذا الموقع عنك، في ملف JSON واحد.',
  downloadIntroKey: 'كل ما يحفظه هذا الموقع لهذا المفتاح الخاص، في ملف JSON واحد.',
  download: 'تنزيل بياناتي',
  downloading: 'جارٍ التحضير…',
  downloadFailed: 'تعذّر تنزيل بياناتك. يُرجى المحاولة مرة أخرى.',
  deleteAccount: 'حذف حسابي',
  deleteIntro:
    'يُحذف حسابك نهائيًا: يُسجَّل خروجك من كل مكان، ولا يمكن تسجيل اسم المستخدم الخاص بك من جديد إلا بعد 30 يومًا.',
  password: 'كلمة المرور',
  postsChoice: 'أسئلتك وردودك',
  postsDelete: 'احذفها (الردّ الذي ردّ عليه آخرون يبقى بعبارة «[محذوف]»)',
  postsAnonymize: 'أبقِها للآخرين دون أن تعود لأحد: لن يستطيع أحد، ولا أنت، ربطها بك مرة أخرى',
  continue: 'حذف حسابي…',
  confirmTitle: 'هل تريد حذف حسابك؟',
  confirmDelete:
    'سيُحذف حسابك وإعجاباته ومتابعاته وإشعاراته وأجهزته، وتُحذف أسئلتك وردودك. لا يمكن التراجع عن ذلك.',
  confirmAnonymize:
    'سيُحذف حسابك وإعجاباته ومتابعاته وإشعاراته وأجهزته؛ وتبقى أسئلتك وردودك دون أن تعود لأحد. لا يمكن التراجع عن ذلك.',
  confirm: 'حذف حسابي',
  deleting: 'جارٍ الحذف…',
  deleted: 'حُذف حسابك.',
  deleteFailed: 'تعذّر حذف حسابك. يُرجى المحاولة مرة أخرى.',
  passwordRequired: 'أدخل كلمة المرور.',
  cancel: 'إلغاء',
  eraseKey: 'انسَ هذا المفتاح وامحُ ما نُشر به',
  eraseTitle: 'هل تريد محو ما نُشر بهذا المفتاح؟',
  eraseCounting: 'جارٍ عدّ ما يحمله هذا المفتاح…',
  eraseConfirm:
    'سيُمحى ما يلي: {counts}، وستنسى علامة التبويب هذه المفتاح. أما إعجاباته وبلاغاته فتبقى: فهي محفوظة بطريقة لا تربطها بالمفتاح. لا يمكن التراجع عن ذلك.',
  erase: 'محو',
  erasing: 'جارٍ المحو…',
  erased: 'مُحي ما يلي: {counts}. لعلامة التبويب هذه مفتاح جديد الآن.',
  eraseFailed: 'تعذّر محو ما نُشر بهذا المفتاح. يُرجى المحاولة مرة أخرى.',
} satisfies CatalogueOf<typeof en>;
