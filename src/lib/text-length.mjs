// @ts-check
/**
 * How long a field's text may be, said as GOV.UK's character count says it: a form takes a whole paste (no
 * maxLength cutting its end off without a word, so what is saved is never less than what was pasted), says by how
 * much it is over while it is typed, and refuses it when sent, saying how long it is, as the database would. The
 * calendar's forms, the contacts directory's and the roadmap's use it. Plain JavaScript with no Node module, so the
 * browser and Node read it alike (src/lib/show-rules.mjs, which the tour import runs, uses it too).
 */

/**
 * How many characters `text` has as the database counts them (char_length): a letter outside the basic plane, as
 * an emoji, is one, where a browser's maxLength counts it as two.
 * @param {string} text
 */
const characterCount = (text) => [...text].length;

/**
 * What is said of `text` longer than `longest`, or null: the limit and how long it is, so a person who pasted it
 * knows how much to take out. A form takes the whole paste (no maxLength cutting its end off unseen) and says this.
 * @param {string} text
 * @param {number} longest
 */
export function lengthProblem(text, longest) {
  const count = characterCount(text);
  return count > longest ? `at most ${longest} characters (this has ${count})` : null;
}

/**
 * What is said under a field while what it would send is longer than `longest`, or null: seen as soon as a paste is
 * too long rather than when the form is sent. Unlike GOV.UK's character count, which also announces it in a polite
 * live region after a pause in typing, it is silent as it changes: a screen reader reads it with the field (its
 * description), and sending the form says the problem aloud, with the focus on the field. `text` is what the form
 * would send: trimmed by most forms, as typed by an edited contact (its Save writes the draft as it is).
 * @param {string} text
 * @param {number} longest
 */
export function overLimitNote(text, longest) {
  const over = characterCount(text) - longest;
  return over > 0 ? `${over} ${over === 1 ? "character" : "characters"} too many (at most ${longest})` : null;
}
