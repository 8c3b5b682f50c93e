// `tsx scripts/train-ai-model.ts`: trains the offline AI processor's naive
// Bayes models (category, sentiment, priority) from the examples in
// supabase/functions/_shared/ai/training/examples.tsv and writes their counts
// to supabase/functions/_shared/ai/model.generated.ts. Run it after changing
// the examples; tests/unit/tooling checks the committed file is current.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildAiModels } from '../supabase/functions/_shared/ai/training/train.ts';

const out = fileURLToPath(
  new URL(
    '../supabase/functions/_shared/ai/model.generated.ts',
    import.meta.url,
  ),
);
writeFileSync(out, buildAiModels().source);
console.log(`Wrote ${out}`);
