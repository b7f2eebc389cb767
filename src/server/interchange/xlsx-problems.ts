/**
 * The catalog keys the question spreadsheet's reader reports (locales: `interchange.problems.*`
 * and `interchange.errors.*`). Every problem names its `row` in the sheet (the header is row 1).
 */
export const XLSX_PROBLEMS = {
  /** An Answer type cell that names no answer type (`value`). */
  unknownType: 'interchange.problems.xlsx_unknown_type',
  /** A Row cell that names no kind of row (`value`). */
  unknownRow: 'interchange.problems.xlsx_unknown_row',
  /** A mark that is not a number from 0 to 100 with at most two decimals (`value`). */
  badMark: 'interchange.problems.xlsx_bad_mark',
  /** A Mark option cell that is neither code (`value`). */
  badMarkOption: 'interchange.problems.xlsx_bad_mark_option',
  /** A Content language cell that is neither `en` nor `ar` (`value`). */
  badLanguage: 'interchange.problems.xlsx_bad_language',
  /** A Media type cell that is not `none`, `image` or `audio` (`value`). */
  badMediaType: 'interchange.problems.xlsx_bad_media_type',
  /** A media type without a Media file (`row`). */
  mediaFileMissing: 'interchange.problems.xlsx_media_file_missing',
  /** A number cell (Replay count, Max words, Max duration) that is not a whole number (`column`, `value`). */
  badNumber: 'interchange.problems.xlsx_bad_number',
  /** A Correct cell that is neither true nor false (`value`). */
  badCorrect: 'interchange.problems.xlsx_bad_correct',
  /** A question or related question without text. */
  missingText: 'interchange.problems.xlsx_missing_text',
  /** A question whose type needs part rows (`part`: the kind of row) and has none. */
  missingOptions: 'interchange.problems.xlsx_missing_options',
  /** A part row with no question above it (`part`). */
  orphanRow: 'interchange.problems.xlsx_orphan_row',
  /** A part row that the question above has no place for (`part`, `type`). */
  unexpectedRow: 'interchange.problems.xlsx_unexpected_row',
  /** An order row that is not the numbers of every item above once (`count`: how many items). */
  orderInvalid: 'interchange.problems.xlsx_order_invalid',
  /** An answer the bank would refuse (`reason`: a `questions.*` key); shared with the Moodle readers. */
  unreadable: 'interchange.problems.unreadable_question',
} as const;

/** Whole files refused; an unsafe zip is refused as the QTI reader does (`interchange.errors.zip_*`). */
export const XLSX_ERRORS = {
  /** Not a workbook, or one that cannot be opened. */
  unreadable: 'interchange.errors.xlsx_unreadable',
  /** No sheet whose first row names the template's columns. */
  noHeader: 'interchange.errors.xlsx_no_header',
  /** A sheet of more rows than a bank needs (`max`). */
  tooManyRows: 'interchange.errors.xlsx_too_many_rows',
  /** Sheets of more cells together than a bank needs (`max`). */
  tooManyCells: 'interchange.errors.xlsx_too_many_cells',
  tooManyColumns: 'interchange.errors.xlsx_too_many_columns',
} as const;
