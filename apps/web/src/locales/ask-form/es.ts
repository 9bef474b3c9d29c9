/** The Ask form's own refusals, in Spanish (en.ts is the source; the server's words). */
import type { CatalogueOf } from '../catalogue.ts';
import type en from './en.ts';

export default {
  tagInvisibleOnly: 'Una etiqueta debe tener caracteres visibles.',
  tagsTooMany: 'Una pregunta puede tener como máximo {max, number} etiquetas.',
  tagTooLong: 'Las etiquetas pueden tener como máximo {max, number} caracteres.',
  tagLookalike:
    'Una etiqueta debe escribirse en un solo alfabeto, sin letras que se hagan pasar por otras (una «а» cirílica o una «ɑ» en lugar de «a»).',
} satisfies CatalogueOf<typeof en>;
