/** The Ask form's own refusals, in Arabic (en.ts is the source; the server's words). */
import type { CatalogueOf } from '../catalogue.ts';
import type en from './en.ts';

export default {
  tagInvisibleOnly: 'يجب أن يحتوي الوسم على أحرف ظاهرة.',
  tagsTooMany: 'يمكن أن يكون للسؤال {max, number} وسوم على الأكثر.',
  tagTooLong: 'يمكن أن يتكون الوسم من {max, number} حرفًا على الأكثر.',
  tagLookalike:
    'يجب أن يُكتب الوسم بأبجدية واحدة، من دون أحرف تتشبّه بغيرها (مثل «а» السيريلية أو «ɑ» بدل «a»).',
} satisfies CatalogueOf<typeof en>;
