import { describe, expect, it } from 'vitest';
import { CRISIS_CATEGORIES } from '../enums.ts';
import { lemmaString } from './crisis-concepts.ts';
import {
  type CrisisWeights,
  compileModel,
  features,
  modelCategories,
  scores,
} from './crisis-model.ts';

describe('the learnt layer of the crisis check', () => {
  it('gives a typo most of the features of the word it misspells', () => {
    const right = new Set(features(' i think about suicide '));
    const typo = features(' i think about sucide ');
    const shared = typo.filter((feature) => right.has(feature)).length;
    expect(shared / typo.length).toBeGreaterThan(0.5);
  });

  it('tells a negated lemma from the same lemma', () => {
    expect(features(' he hit me ')).not.toEqual(features(' he ~hit me '));
  });

  it('reads a weights file: a score is the sum of its features times the scale, plus the bias', () => {
    const lemmas = lemmaString('He reads all my messages');
    const own = features(lemmas);
    const rows = own.map((bucket) => `${bucket.toString(36)}:2,0,0,0,0,0`);
    const file: CrisisWeights = {
      about: 'test',
      categories: [...CRISIS_CATEGORIES],
      scale: 0.5,
      bias: [-1, 0, 0, 0, 0, 0],
      threshold: [own.length - 1, 1, 1, 1, 1, 1],
      weights: rows.join(' '),
    };
    const model = compileModel(file);
    expect(scores(model, lemmas)[0]).toBe(own.length - 1);
    expect(modelCategories(model, lemmas)).toEqual(['self_harm']);
    expect(modelCategories(model, lemmaString('we went bowling'))).toEqual([]);
  });
});
