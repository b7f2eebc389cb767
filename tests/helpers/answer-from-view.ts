import { renameAnswerIds } from '../../src/common/questions/index';

/*
 * Students see their attempt's own answer-part ids (issue 23). A test or benchmark that knows an
 * answer in the author's ids finds the ids the student's view shows for them by their texts, as a
 * student reading the screen would, and sends the answer in those.
 */

/** An entry shown by its text (an option, an item, a side of a pair). */
interface Entry {
  id: string;
  text: string;
}

/** The parts of an answer definition (author's ids) this helper reads; which are there depends on the kind. */
interface Definition {
  options?: Entry[];
  blanks?: { id: string }[];
  items?: Entry[];
  pairs?: { id: string; left: string; right_id: string; right: string }[];
  categories?: { id: string; name: string; options: Entry[] }[];
  children?: { id: string; kind: string; definition: unknown }[];
}

/** The parts of a student's view of a question (shown ids) this helper reads. */
interface View {
  options?: Entry[];
  blanks?: { id: string }[];
  items?: Entry[];
  lefts?: Entry[];
  rights?: Entry[];
  categories?: { id: string; name: string }[];
  children?: { id: string; view: unknown }[];
}

/**
 * The ids a question's student view shows for the author's, by text (`scope\0authorId` -> shown id).
 * The definition and the view are JSON of the question's kind, read as the shapes above.
 */
export function idsFromView(
  kind: string,
  definition: unknown,
  shownView: unknown,
  scope = '',
  into = new Map<string, string>(),
) {
  const def = definition as Definition;
  const view = shownView as View;
  const add = (authorId: string, shown: string) => into.set(`${scope}\u0000${authorId}`, shown);
  const byText = (entries: Entry[], text: string) => entries.find((e) => e.text === text)!.id;
  if (kind === 'single_choice' || kind === 'multiple_choice')
    for (const o of def.options!) add(o.id, byText(view.options!, o.text));
  if (kind === 'fill_blanks') def.blanks!.forEach((b, i) => add(b.id, view.blanks![i].id));
  if (kind === 'reordering') for (const item of def.items!) add(item.id, byText(view.items!, item.text));
  if (kind === 'matching')
    for (const p of def.pairs!) {
      add(p.id, byText(view.lefts!, p.left));
      add(p.right_id, byText(view.rights!, p.right));
    }
  if (kind === 'categorizing')
    for (const c of def.categories!) {
      add(c.id, view.categories!.find((v) => v.name === c.name)!.id);
      for (const o of c.options) add(o.id, byText(view.options!, o.text));
    }
  if (kind === 'paragraph')
    def.children!.forEach((c, i) => {
      add(c.id, view.children![i].id);
      idsFromView(c.kind, c.definition, view.children![i].view, c.id, into);
    });
  return into;
}

/** An answer in the author's ids, in the ids the student's view shows (by text). */
export function answerInView(kind: string, def: unknown, view: unknown, answer: unknown): unknown {
  const ids = idsFromView(kind, def, view);
  const encode = (id: string, scope: string) => ids.get(`${scope}\u0000${id}`) ?? `unknown-${id}`;
  return renameAnswerIds(kind, def, answer, { encode, decode: () => '?' }, 'encode');
}
