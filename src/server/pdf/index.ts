// TEMPORARY placeholder so the reports API can run while the worker pool is being written
// (helper-1 replaces this whole file with the real pool exports).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { NodeCompiler } from '@myriaddreamin/typst-ts-node-compiler';
import type { ReportDocument } from './report-document';

export type * from './report-document';

const require = createRequire(import.meta.url);
const dir = `${require.resolve('vazirmatn/package.json').replace(/package\.json$/, '')}fonts/ttf/`;
const SOURCE = `#let d = json(bytes(sys.inputs.data))
#set document(title: d.title)
#set text(font: "Vazirmatn", lang: d.lang, dir: if d.lang == "ar" { rtl } else { ltr })
= #d.title
#for f in d.facts [ #f.label: #f.value \\ ]
#if "total" in d [ #d.labels.total: #d.total.value — #d.total.result ]
#for s in d.skills [ #s.name #s.score #s.percent_text #s.tier_name \\ ]
#if "students" in d and d.students != none [ #for s in d.students [ #s.name #s.score \\ ] ]
`;

export function createPdfPool(_options: { size?: number } = {}) {
  let compiler: NodeCompiler | null = null;
  return {
    async render(doc: ReportDocument): Promise<Buffer> {
      compiler ??= NodeCompiler.create({
        fontArgs: [{ fontBlobs: ['Vazirmatn-Regular.ttf', 'Vazirmatn-Bold.ttf'].map((f) => fs.readFileSync(dir + f)) }],
      });
      const result = compiler.compile({ mainFileContent: SOURCE, inputs: { data: JSON.stringify(doc) } });
      const error = result.takeError();
      if (error) throw new Error(JSON.stringify(compiler.fetchDiagnostics(error)));
      return compiler.pdf(result.result!);
    },
    async close() {},
  };
}
