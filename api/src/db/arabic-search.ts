import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Arabic name search, written once as SQL so that the stored search columns (generated from `students.name`)
 * and the typed query go through exactly the same steps.
 *
 * 1. Normalise: the hamza-carrying alefs and alef wasla (أ إ آ ٱ) become ا, teh marbuta (ة) becomes ه, alef
 *    maqsura (ى) becomes ي, hamza on waw or yeh (ؤ ئ) becomes و or ي, Persian keheh and yeh (ک ی) become ك and
 *    ي, a no-break space becomes a space; tatweel, the harakat (fathatan … sukun), superscript alef and the
 *    zero-width and direction marks are removed; Latin letters are lowered; runs of white space become one
 *    space; the ends are trimmed.
 * 2. Index key: pg_trgm only makes trigrams of characters the database's ctype calls alphanumeric, and the
 *    embedded cluster runs with the C locale, where no Arabic letter is. So the key spells each of the 29
 *    normalised Arabic letters with one ASCII letter or digit; the trigram index works the same under any
 *    locale. Latin letters in a name stay themselves and so can collide with an Arabic letter's stand-in: a
 *    search therefore checks the key (found by the index) AND the normalised text (exact).
 */
const NORMALISE_FROM = "U&'\\0623\\0625\\0622\\0671\\0629\\0649\\0624\\0626\\06A9\\06CC\\00A0";
const NORMALISE_TO = "U&'\\0627\\0627\\0627\\0627\\0647\\064A\\0648\\064A\\0643\\064A\\0020'";
/** Deleted by `translate` (characters of the first list beyond the length of the second). */
const NORMALISE_DROP =
  '\\0640\\064B\\064C\\064D\\064E\\064F\\0650\\0651\\0652\\0670\\200C\\200D\\200E\\200F\\061C\\FEFF';

const ARABIC_LETTERS = 'ابتثجحخدذرزسشصضطظعغفقكلمنهويء';
const KEY_LETTERS = 'abcdefghijklmnopqrstuvwxyz012';

/** The normalised form of a name or of a typed search (step 1). */
export function normalizedNameSql(input: SQLWrapper): SQL {
  return sql`btrim(regexp_replace(lower(translate(${input}, ${sql.raw(`${NORMALISE_FROM}${NORMALISE_DROP}'`)}, ${sql.raw(NORMALISE_TO)})), '\\s+', ' ', 'g'))`;
}

/** The trigram index key of a name or of a typed search (step 2). */
export function nameSearchKeySql(input: SQLWrapper): SQL {
  return sql`translate(${normalizedNameSql(input)}, '${sql.raw(ARABIC_LETTERS)}', '${sql.raw(KEY_LETTERS)}')`;
}
