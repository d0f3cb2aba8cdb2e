// Strings from the page: the one placeholder filler for the String Catalog's templates, and
// numbers in the page's locale. Every string a script shows comes from the page (data-*).

/** Fills a catalog template's placeholders (`%@`, `%d`, `%lld`, positional `%1$@`) with
 *  `values`, in order or by position. A function replacement, so a "$" in a value (a source
 *  named "$ Tracker") is never read as a replacement pattern. */
export function fill(template, ...values) {
  let next = 0;
  return template.replace(/%(?:(\d+)\$)?l{0,2}[@d]/g, (_, position) => String(values[position ? position - 1 : next++] ?? ''));
}

/** The locale the server formats for (`<html data-format-locale>`), e.g. "de-DE". */
export const pageLocale = () => document.documentElement.dataset.formatLocale || undefined;

let numbers = null;

/** A whole number with the page locale's grouping, e.g. "12,500" / "12.500". */
export function formatNumber(value) {
  numbers ??= new Intl.NumberFormat(pageLocale());
  return numbers.format(value);
}

/** The page's message for a failed request without one of its own. */
export const networkErrorMessage = () => document.documentElement.dataset.networkError || '';
