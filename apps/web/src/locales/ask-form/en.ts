/**
 * The Ask form's own refusals, shown before anything is sent (the source; the contract's
 * TAG_MSG word for word, held by ask-form.test.ts). The form loads them with its code.
 */
export default {
  tagInvisibleOnly: 'A tag must contain visible characters.',
  tagsTooMany: 'A question can have at most {max} tags.',
  tagTooLong: 'Tags can be at most {max} characters.',
  tagLookalike:
    'A tag must be written in one alphabet, without letters that pass for others (a Cyrillic "а" or an "ɑ" for "a").',
};
