// `tsx scripts/cv-ai-model.ts [folds] [--errors]`: k-fold cross-validation of
// the whole offline pipeline (naive Bayes + intent rules) on the TUNING split
// (supabase/functions/_shared/ai/training/examples.tsv). This is where rules
// and examples are tuned: it never reads the held-out set of
// tests/fixtures/ai, which only `npm run bench -- ai` measures.
import { processFeedbackRequestSchema } from '../shared/domain/validation/ai.ts';
import { processOffline } from '../supabase/functions/_shared/ai/offline.ts';
import {
  readTrainingExamples,
  trainAiModels,
} from '../supabase/functions/_shared/ai/training/train.ts';

const args = process.argv.slice(2);
const folds = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const showErrors = args.includes('--errors');
const examples = readTrainingExamples();
const fields = ['category', 'sentiment', 'priority'] as const;
const correct = { category: 0, sentiment: 0, priority: 0 };
const confusion: Record<string, Record<string, Record<string, number>>> = {
  category: {},
  sentiment: {},
  priority: {},
};
const errors: string[] = [];
for (let k = 0; k < folds; k++) {
  // Interleaved folds: every fold gets each label and language.
  const test = examples.filter((_, i) => i % folds === k);
  const models = trainAiModels(examples.filter((_, i) => i % folds !== k));
  for (const e of test) {
    const r = processOffline(
      processFeedbackRequestSchema.parse({ rawFeedback: e.text }),
      models,
    );
    for (const f of fields) {
      if (r[f] === e[f]) correct[f]++;
      else if (showErrors)
        errors.push(`${f}: ${e[f]} → ${r[f]} [${e.lang}] ${e.text}`);
      const row = (confusion[f]![e[f]] ??= {});
      row[r[f]] = (row[r[f]] ?? 0) + 1;
    }
  }
}
for (const f of fields) {
  console.log(
    `${f}: ${((100 * correct[f]) / examples.length).toFixed(1)} % of ${examples.length}`,
  );
  for (const [expected, row] of Object.entries(confusion[f]!))
    console.log(`  ${expected} → ${JSON.stringify(row)}`);
}
if (showErrors) console.log(errors.sort().join('\n'));
