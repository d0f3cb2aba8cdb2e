// Find in a report, the same rule as KineticCore's ReportFind (which lists a report's hits on
// the server): each "quoted phrase" whole and each other word alone, found where it begins a
// word; words compare by their spelling key (case, accents and the ways a keyboard writes ß,
// ä, ö, ü, æ, ø and å do not matter); a term's last word may begin a longer word. A test runs
// both on the same texts, so neither can change alone.

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const TERM_LIMIT = 16;
const PHRASE_LIMIT = 16;
const WORD_LENGTH = 64;

/** A word lower-cased without accents or width, ß as ss (SpellingKey.folded). */
function folded(word) {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss').normalize('NFC');
}

/** A folded word with the letters a keyboard may lack spelled plainly (SpellingKey.spelledPlainly):
 *  æ, ø, œ, ł, đ, ð, þ as a, o, o, l, d, d, th, then ae, oe, ue as a, o, u and aa as a. */
function spelledPlainly(word) {
  const spelled = { æ: 'a', ø: 'o', œ: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };
  let plain = '';
  let pairStart = null;
  for (const letter of word) {
    for (const scalar of spelled[letter] ?? letter) {
      if (pairStart !== null && ((scalar === 'e' && 'aou'.includes(pairStart)) || (scalar === 'a' && pairStart === 'a'))) {
        pairStart = null;
        continue;
      }
      plain += scalar;
      pairStart = scalar;
    }
  }
  return plain;
}

/** The key a word is compared by (SpellingKey.of). */
export function spellingKey(word) {
  return spelledPlainly(folded(word));
}

/** The words of `text` with where they are: [{ start, end, key }], in UTF-16 offsets. */
function words(text) {
  return [...text.matchAll(WORD)].map((match) => ({ start: match.index, end: match.index + match[0].length, key: spellingKey(match[0]) }));
}

/** What to find in `text`: each term as its words' keys, phrases first, each once. */
export function findTerms(text) {
  const phrases = [];
  let rest = '';
  const opening = '"“„”', closing = '"“”';
  for (let index = 0; index < text.length; index++) {
    if (opening.includes(text[index])) {
      let end = index + 1;
      while (end < text.length && !closing.includes(text[end])) end++;
      if (end < text.length && end > index + 1) {
        phrases.push(text.slice(index + 1, end));
        rest += ' ';
        index = end;
        continue;
      }
    }
    rest += text[index];
  }
  const terms = [];
  const add = (list) => {
    const keys = list.slice(0, PHRASE_LIMIT).map((word) => spellingKey([...word].slice(0, WORD_LENGTH).join(''))).filter(Boolean);
    if (keys.length && terms.length < TERM_LIMIT && !terms.some((term) => term.join(' ') === keys.join(' '))) terms.push(keys);
  };
  for (const phrase of phrases) add(phrase.match(WORD) ?? []);
  for (const word of rest.match(WORD) ?? []) add([word]);
  return terms;
}

/** Where the `terms` are in `text`: sorted, non-overlapping [start, end) ranges, each from the
 *  start of a term's first word to the end of its last. */
export function matchRanges(text, terms) {
  if (!terms.length || !text) return [];
  const found = words(text);
  const ranges = [];
  for (let start = 0; start < found.length; start++) {
    for (const term of terms) {
      if (start + term.length > found.length) continue;
      const matches = term.every((key, offset) =>
        offset === term.length - 1 ? found[start + offset].key.startsWith(key) : found[start + offset].key === key);
      if (matches) {
        ranges.push([found[start].start, found[start + term.length - 1].end]);
        break;
      }
    }
  }
  const merged = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** Accents some PDFs (TeX's fonts) draw on their own, before or over the letter they belong to,
 *  which pdf.js gives as characters of their own: "Gr ̈oße" for "Größe". Combining marks, and
 *  the spacing accents no one types (not `, ^ or ~, which code uses). */
const LONE_ACCENT = /[\p{M}\u00A8\u00B4\u00AF\u00B8\u02C6\u02C7\u02D8\u02D9\u02DA\u02DB\u02DC\u02DD]/u;

/** Where the `terms` are on a page given as pdf.js's text items (`strings`, in order, and
 *  whether each ends its line, `eols`): each place as the parts of the items it covers,
 *  [[item, start, end], …] (a word may run from one item into the next, as a change of font
 *  splits it). The items are read as pdf.js reads them for its own find: one after the other,
 *  a space where a line ends; an accent drawn on its own is left out with the space before it,
 *  so the letters around it make one word again. */
export function pageMatches(strings, terms, eols = []) {
  if (!terms.length) return [];
  let text = '';
  const origin = [];
  strings.forEach((string, item) => {
    for (let at = 0; at < string.length; at++) {
      if (LONE_ACCENT.test(string[at])) {
        if (text.endsWith(' ') && origin[origin.length - 1]) { text = text.slice(0, -1); origin.pop(); }
        continue;
      }
      text += string[at];
      origin.push([item, at]);
    }
    if (eols[item] && !/\s$/.test(text)) { text += ' '; origin.push(null); }
  });
  return matchRanges(text, terms).map(([start, end]) => {
    const parts = [];
    for (const place of origin.slice(start, end)) {
      if (!place) continue;
      const last = parts[parts.length - 1];
      if (last && last[0] === place[0]) last[2] = place[1] + 1;
      else parts.push([place[0], place[1], place[1] + 1]);
    }
    return parts;
  });
}
