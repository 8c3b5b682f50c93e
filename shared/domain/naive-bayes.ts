/**
 * A multinomial naive Bayes text classifier: trained from labelled feature
 * lists (words, stems, any tokens), kept as plain JSON, applied with no I/O.
 * The AI feedback processor trains one per field at build time
 * (scripts/train-ai-model.ts) and ships the counts.
 */

/** Counts learnt from the training examples of one field. */
export interface NaiveBayesModel {
  /** Labels, in a fixed order; every count array follows it. */
  labels: string[];
  /** Training documents per label. */
  docs: number[];
  /** Feature occurrences per label (the denominators). */
  totals: number[];
  /** Occurrences of each feature per label. */
  features: Record<string, number[]>;
  /** Additive (Laplace) smoothing; 1 when unsure. */
  alpha: number;
}

/** One labelled training example. */
export interface NaiveBayesExample {
  features: readonly string[];
  label: string;
}

/**
 * Counts the examples into a model. Labels keep the order of `labels`;
 * an example with another label is an error, since it would silently vanish.
 */
export function trainNaiveBayes(
  labels: readonly string[],
  examples: readonly NaiveBayesExample[],
  alpha = 1,
): NaiveBayesModel {
  const docs = labels.map(() => 0);
  const totals = labels.map(() => 0);
  const features: Record<string, number[]> = {};
  for (const ex of examples) {
    const i = labels.indexOf(ex.label);
    if (i < 0) throw new Error(`Unknown label "${ex.label}"`);
    docs[i]! += 1;
    for (const f of ex.features) {
      const counts = (features[f] ??= labels.map(() => 0));
      counts[i]! += 1;
      totals[i]! += 1;
    }
  }
  return { labels: [...labels], docs, totals, features, alpha };
}

/** A label with its probability (softmax of the log scores, 0 to 1). */
export interface NaiveBayesScore {
  label: string;
  probability: number;
}

/** Vocabulary sizes, counted once per model (a few thousand keys). */
const vocabularies = new WeakMap<NaiveBayesModel, number>();

function vocabularyOf(model: NaiveBayesModel): number {
  let size = vocabularies.get(model);
  if (size === undefined) {
    size = Object.keys(model.features).length;
    vocabularies.set(model, size);
  }
  return size;
}

/**
 * Probabilities of every label for a list of features, most likely first.
 * Features the model never saw are ignored; with none known the priors
 * decide. Ties keep the model's label order.
 */
export function classifyNaiveBayes(
  model: NaiveBayesModel,
  features: readonly string[],
): NaiveBayesScore[] {
  const vocabulary = vocabularyOf(model);
  const docsTotal = model.docs.reduce((a, b) => a + b, 0);
  const logs = model.labels.map((_, i) => {
    let score = Math.log(
      (model.docs[i]! + model.alpha) /
        (docsTotal + model.alpha * model.labels.length),
    );
    const denominator = model.totals[i]! + model.alpha * vocabulary;
    for (const f of features) {
      const counts = model.features[f];
      if (!counts) continue;
      score += Math.log((counts[i]! + model.alpha) / denominator);
    }
    return score;
  });
  const max = Math.max(...logs);
  const exp = logs.map((l) => Math.exp(l - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return model.labels
    .map((label, i) => ({ label, probability: exp[i]! / sum }))
    .sort((a, b) => b.probability - a.probability);
}
